import { afterAll, beforeAll, beforeEach, describe } from 'vitest';
import { storeFactories, type TestStore } from './test-stores';

/**
 * Declares a contract suite that runs on every data store available here: memory and PGlite always,
 * a Postgres server with TEST_DATABASE_URL, Firestore with FIRESTORE_EMULATOR_HOST
 * (npm test starts Google's emulator for that when the gcloud CLI has it).
 * Each test starts from empty tables.
 */
export function describeContract(name: string, body: (subject: () => TestStore) => void): void {
  describe.each(storeFactories())(`${name} contract on $name`, (factory) => {
    let current: TestStore | undefined;
    beforeAll(async () => {
      current = await factory.open();
    }, 60_000);
    beforeEach(async () => {
      await current?.reset();
    });
    afterAll(async () => {
      await current?.close();
    });
    body(() => {
      if (!current) throw new Error(`${factory.name} store did not open`);
      return current;
    });
  });
}
