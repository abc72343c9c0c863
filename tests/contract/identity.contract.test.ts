import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdentityProvider } from '@causeway/core/ports/identity.port';
import { createLocalIdentityProvider } from '@causeway/adapters/identity/local.identity-provider';
import { SequentialIds } from '@causeway/adapters/memory/sequential-ids';
import { storeFactories, type TestStore } from '@causeway/tests/support/test-stores';

const DAY = 24 * 3600 * 1000;

interface IdentitySubject {
  name: string;
  /** Why the suite cannot run here, when it cannot. */
  unavailable?: string;
  open(): Promise<{ identity: IdentityProvider; close(): Promise<void> }>;
}

/** Local identity on every data store that keeps credentials; Firebase Auth on its emulator when set. */
function identitySubjects(): IdentitySubject[] {
  const subjects: IdentitySubject[] = storeFactories().map((factory) => ({
    name: `local on ${factory.name}`,
    async open() {
      const store: TestStore = await factory.open();
      await store.reset();
      const identity = createLocalIdentityProvider({
        credentials: store.store.repositories.credentials,
        clock: { now: () => new Date() },
        ids: new SequentialIds(`uid-${factory.name}`),
        sessionTtlMs: 14 * DAY,
      });
      return { identity, close: () => store.close() };
    },
  }));
  const authEmulator = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  subjects.push({
    name: 'firebase',
    ...(authEmulator ? {} : { unavailable: 'no Firebase Auth emulator: set FIREBASE_AUTH_EMULATOR_HOST' }),
    async open() {
      if (!authEmulator) throw new Error('FIREBASE_AUTH_EMULATOR_HOST is not set');
      const { initializeApp, deleteApp } = await import('firebase-admin/app');
      const { getAuth } = await import('firebase-admin/auth');
      const { createFirebaseIdentityProvider } = await import('@causeway/adapters/identity/firebase.identity-provider');
      const app = initializeApp({ projectId: 'causeway-identity-test' }, `identity-${Date.now()}`);
      const identity = createFirebaseIdentityProvider({
        auth: getAuth(app),
        apiKey: 'emulator',
        sessionTtlMs: DAY,
        emulatorHost: authEmulator,
      });
      return { identity, close: () => deleteApp(app) };
    },
  });
  return subjects;
}

let counter = 0;
const uniqueEmail = () => `person-${Date.now()}-${counter++}@example.org`;
const PASSWORD = 'correct horse battery';

const identityContract = (subject: IdentitySubject) => () => {
  let identity: IdentityProvider;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ identity, close } = await subject.open());
  }, 60_000);
  afterAll(async () => {
    await close?.();
  });

  it('creates a user that can sign in, the e-mail in any case', async () => {
    const email = uniqueEmail();
    const { uid } = await identity.createUser({ email, password: PASSWORD });
    const session = await identity.signInWithPassword(email.toUpperCase(), PASSWORD);
    expect(session?.uid).toBe(uid);
    expect(new Date(session!.expiresAt).getTime()).toBeGreaterThan(Date.now());
  });

  it('refuses a second user with the same e-mail with a conflict', async () => {
    const email = uniqueEmail();
    await identity.createUser({ email, password: PASSWORD });
    await expect(identity.createUser({ email, password: PASSWORD })).rejects.toMatchObject({ code: 'conflict' });
  });

  it('answers null for a wrong password and for an unknown e-mail', async () => {
    const email = uniqueEmail();
    await identity.createUser({ email, password: PASSWORD });
    expect(await identity.signInWithPassword(email, 'wrong horse battery')).toBeNull();
    expect(await identity.signInWithPassword(uniqueEmail(), PASSWORD)).toBeNull();
  });

  it('verifies the session it issued and not a made-up one', async () => {
    const email = uniqueEmail();
    const { uid } = await identity.createUser({ email, password: PASSWORD });
    const session = (await identity.signInWithPassword(email, PASSWORD))!;
    expect(await identity.verifySession(session.token)).toMatchObject({ uid });
    expect(await identity.verifySession('made-up-token')).toBeNull();
  });

  it('ends a revoked session', async () => {
    const email = uniqueEmail();
    await identity.createUser({ email, password: PASSWORD });
    const session = (await identity.signInWithPassword(email, PASSWORD))!;
    await identity.revokeSession(session.token);
    expect(await identity.verifySession(session.token)).toBeNull();
  });

  it('takes a new password, after which the old one no longer works', async () => {
    const email = uniqueEmail();
    const { uid } = await identity.createUser({ email, password: PASSWORD });
    await identity.setPassword(uid, 'an entirely new passphrase');
    expect(await identity.signInWithPassword(email, PASSWORD)).toBeNull();
    expect((await identity.signInWithPassword(email, 'an entirely new passphrase'))?.uid).toBe(uid);
  });

  it('deletes a user, who can no longer sign in, and whose e-mail can have a new account', async () => {
    const email = uniqueEmail();
    const { uid } = await identity.createUser({ email, password: PASSWORD });
    const session = (await identity.signInWithPassword(email, PASSWORD))!;
    await identity.deleteUser(uid);
    expect(await identity.signInWithPassword(email, PASSWORD)).toBeNull();
    expect(await identity.verifySession(session.token)).toBeNull();
    const again = await identity.createUser({ email, password: PASSWORD });
    expect((await identity.signInWithPassword(email, PASSWORD))?.uid).toBe(again.uid);
    await identity.deleteUser('no-such-user');
  });

  it('ends every session of a user at once, and only theirs', async () => {
    const email = uniqueEmail();
    const other = uniqueEmail();
    const { uid } = await identity.createUser({ email, password: PASSWORD });
    await identity.createUser({ email: other, password: PASSWORD });
    const first = (await identity.signInWithPassword(email, PASSWORD))!;
    const second = (await identity.signInWithPassword(email, PASSWORD))!;
    const someoneElse = (await identity.signInWithPassword(other, PASSWORD))!;
    await identity.revokeSessionsOf(uid);
    expect(await identity.verifySession(first.token)).toBeNull();
    expect(await identity.verifySession(second.token)).toBeNull();
    expect(await identity.verifySession(someoneElse.token)).not.toBeNull();
    await identity.revokeSessionsOf('no-such-user');
  });

  it('moves a user to a new e-mail, refusing one another account has', async () => {
    const email = uniqueEmail();
    const taken = uniqueEmail();
    const moved = uniqueEmail();
    const { uid } = await identity.createUser({ email, password: PASSWORD });
    await identity.createUser({ email: taken, password: PASSWORD });
    await identity.changeEmail(uid, moved.toUpperCase());
    expect(await identity.signInWithPassword(email, PASSWORD)).toBeNull();
    expect((await identity.signInWithPassword(moved, PASSWORD))?.uid).toBe(uid);
    await expect(identity.changeEmail(uid, taken)).rejects.toMatchObject({ code: 'conflict' });
    await identity.changeEmail('no-such-user', uniqueEmail());
  });
};

for (const subject of identitySubjects()) {
  const title = `IdentityProvider contract on ${subject.name}`;
  describe.skipIf(subject.unavailable)(
    subject.unavailable ? `${title} (NOT RUN: ${subject.unavailable})` : title,
    identityContract(subject),
  );
}
