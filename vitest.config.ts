import { configDefaults, defineConfig } from 'vitest/config';
import { layerAliases as alias } from './scripts/aliases.mjs';

/**
 * Test tiers: unit (core and adapters with fakes), contract (every port on every store), api (HTTP), e2e
 * (browser). Each tier's files run in a process that loads the modules once for all of them (`isolate:
 * false`; loading them again for each file was about half of the unit tier's CPU): every file builds its
 * own fakes, stores, app and browser session, nothing module-level keeps state between files, and no test
 * replaces a module. In the browser tier one Chromium serves every file, each session a context of its own.
 */
/**
 * API-tier files that never open the data store (the Stripe sandbox on its own, the server bundle): they
 * are played once, in the PGlite run (or a run without TEST_STORE), not again on each other store, as
 * `npm start`'s test is.
 */
const STORE_INDEPENDENT_API_FILES = [
  'tests/stripe/sandbox-snapshot.test.ts',
  'tests/stripe/stripe-config.test.ts',
  'tests/stripe/stripe-sandbox.test.ts',
  'tests/stripe/subscriptions-crash.test.ts',
  'tests/stripe/subscriptions.test.ts',
  'tests/start/server-bundle.test.ts',
];
const storeRun = process.env.TEST_STORE?.trim();
const anotherStoreRun = Boolean(storeRun) && storeRun !== 'pglite';

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: [
            'core/**/*.test.ts',
            'adapters/**/*.test.ts',
            'apps/*/src/**/*.test.{ts,tsx}',
            'shells/**/*.test.{ts,tsx}',
          ],
          exclude: ['apps/api/src/**/*.api.test.ts', '**/node_modules/**'],
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'contract',
          include: ['tests/contract/**/*.test.ts', 'tests/amobee/**/*.test.ts'],
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'api',
          include: [
            'apps/api/src/**/*.api.test.ts',
            'tests/stripe/**/*.test.ts',
            'tests/payments/**/*.test.ts',
            'tests/start/**/*.test.ts',
          ],
          exclude: [...configDefaults.exclude, ...(anotherStoreRun ? STORE_INDEPENDENT_API_FILES : [])],
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 240_000,
          fileParallelism: false,
          isolate: false,
        },
      },
    ],
  },
});
