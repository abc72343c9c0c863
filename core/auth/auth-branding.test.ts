import { beforeEach, describe, expect, it } from 'vitest';
import { createLocalIdentityProvider } from '@causeway/adapters/identity/local.identity-provider';
import { ManualClock } from '@causeway/adapters/memory/manual-clock';
import { createMemoryDataStore } from '@causeway/adapters/memory/memory.data-store';
import { SequentialIds } from '@causeway/adapters/memory/sequential-ids';
import type { DataStore } from '../ports/unit-of-work.port';
import { authServiceFactory, type AuthService } from './auth.service';

const PASSWORD = 'correct horse battery';
let clock: ManualClock;
let store: DataStore;
let auth: AuthService;

async function addUser(email: string, organizationId: string | null) {
  const identity = createLocalIdentityProvider({
    credentials: store.repositories.credentials,
    clock,
    ids: new SequentialIds(email.split('@')[0]),
    sessionTtlMs: 3600_000,
  });
  const { uid } = await identity.createUser({ email, password: PASSWORD });
  await store.repositories.users.create({
    UserId: uid,
    uid,
    Email: email,
    FirstName: 'Casey',
    AccountType: 'campaigner',
    organizationId,
    createdAt: clock.now().toISOString(),
  });
}

beforeEach(async () => {
  clock = new ManualClock('2026-05-01T08:00:00.000Z');
  store = createMemoryDataStore({ clock, ids: new SequentialIds() });
  auth = authServiceFactory({
    identity: createLocalIdentityProvider({
      credentials: store.repositories.credentials,
      clock,
      ids: new SequentialIds('s'),
      sessionTtlMs: 3600_000,
    }),
    users: store.repositories.users,
    organizations: store.repositories.organizations,
    clock,
  });
  await store.repositories.organizations.create({
    organizationId: 'org-1',
    name: 'Harbor Light',
    logo: 'https://cdn.example.org/harbor.png',
    headerColor: '#0f3d3e',
    footerColor: '#0f3d3e',
    sideBarColor: '#f4f1ea',
    backGroundColor: '#fbfaf7',
    created_date: clock.now().toISOString(),
  });
  await addUser('casey@example.org', 'org-1');
  await addUser('priya@example.org', null);
});

describe('the branding a session carries', () => {
  const harborLight = {
    organizationId: 'org-1',
    name: 'Harbor Light',
    logo: 'https://cdn.example.org/harbor.png',
    imageLogin: null,
    headerColor: '#0f3d3e',
    footerColor: '#0f3d3e',
    sideBarColor: '#f4f1ea',
    backGroundColor: '#fbfaf7',
  };

  it('is the organization’s, at sign-in and for the session after', async () => {
    const signedIn = await auth.signIn('casey@example.org', PASSWORD);
    expect(signedIn.branding).toEqual(harborLight);
    expect((await auth.currentUser(signedIn.session.token))?.branding).toEqual(harborLight);
  });

  it('is null without an organization', async () => {
    const signedIn = await auth.signIn('priya@example.org', PASSWORD);
    expect(signedIn.branding).toBeNull();
    expect((await auth.currentUser(signedIn.session.token))?.branding).toBeNull();
  });

  it('is null once the organization is deleted, and back when it is restored', async () => {
    await store.repositories.organizations.softDelete('org-1');
    const signedIn = await auth.signIn('casey@example.org', PASSWORD);
    expect(signedIn.branding).toBeNull();
    await store.repositories.organizations.update('org-1', { headerColor: '#123456' });
    expect((await auth.currentUser(signedIn.session.token))?.branding).toEqual({
      ...harborLight,
      headerColor: '#123456',
    });
  });
});
