import { beforeEach, describe, expect, it } from 'vitest';
import { createLocalIdentityProvider } from '@causeway/adapters/identity/local.identity-provider';
import { ManualClock } from '@causeway/adapters/memory/manual-clock';
import { createMemoryDataStore } from '@causeway/adapters/memory/memory.data-store';
import { SequentialIds } from '@causeway/adapters/memory/sequential-ids';
import type { DataStore } from '../ports/unit-of-work.port';
import { authServiceFactory, WRONG_CREDENTIALS, type AuthService } from './auth.service';

const PASSWORD = 'correct horse battery';
let clock: ManualClock;
let store: DataStore;
let auth: AuthService;
let uid: string;

beforeEach(async () => {
  clock = new ManualClock('2026-05-01T08:00:00.000Z');
  store = createMemoryDataStore({ clock, ids: new SequentialIds() });
  const identity = createLocalIdentityProvider({
    credentials: store.repositories.credentials,
    clock,
    ids: new SequentialIds('u'),
    sessionTtlMs: 24 * 3600 * 1000,
  });
  auth = authServiceFactory({
    identity,
    users: store.repositories.users,
    organizations: store.repositories.organizations,
    clock,
  });
  const organization = await store.repositories.organizations.create({
    organizationId: 'org-1',
    name: 'Harbor Light',
    created_date: clock.now().toISOString(),
  });
  ({ uid } = await identity.createUser({ email: 'casey@example.org', password: PASSWORD }));
  await store.repositories.users.create({
    UserId: uid,
    uid,
    Email: 'casey@example.org',
    FirstName: 'Casey',
    LastName: 'Nguyen',
    AccountType: 'campaigner',
    organizationId: organization.organizationId,
    createdAt: clock.now().toISOString(),
  });
});

describe('the auth service', () => {
  it('signs in, records the login time and answers the session user with the organization', async () => {
    clock.advance(60_000);
    const { user, session } = await auth.signIn('casey@example.org', PASSWORD);
    expect(user).toMatchObject({ uid, orgName: 'Harbor Light', lastLogin: '2026-05-01T08:01:00.000Z' });
    expect((await store.repositories.users.findById(uid))?.lastLogin).toBe('2026-05-01T08:01:00.000Z');
    expect((await auth.currentUser(session.token))?.user.uid).toBe(uid);
  });

  it('refuses a wrong password with the one message for every failure', async () => {
    await expect(auth.signIn('casey@example.org', 'wrong horse battery')).rejects.toMatchObject({
      code: 'unauthenticated',
      message: WRONG_CREDENTIALS,
    });
  });

  it('refuses a soft-deleted user and leaves no session behind', async () => {
    await store.repositories.users.softDelete(uid);
    await expect(auth.signIn('casey@example.org', PASSWORD)).rejects.toMatchObject({ message: WRONG_CREDENTIALS });
    expect(await store.repositories.users.findById(uid).then((user) => user?.lastLogin)).toBeNull();
  });

  it('ends the sessions of a user deleted while signed in', async () => {
    const { session } = await auth.signIn('casey@example.org', PASSWORD);
    await store.repositories.users.softDelete(uid);
    expect(await auth.currentUser(session.token)).toBeNull();
  });

  it('signs out: the session no longer answers', async () => {
    const { session } = await auth.signIn('casey@example.org', PASSWORD);
    await auth.signOut(session.token);
    expect(await auth.currentUser(session.token)).toBeNull();
    await expect(auth.signOut(undefined)).resolves.toBeUndefined();
  });
});
