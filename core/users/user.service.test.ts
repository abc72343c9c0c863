import { beforeEach, describe, expect, it } from 'vitest';
import { imageSizeInspector } from '@causeway/adapters/files/image-size.image-inspector';
import { createLocalIdentityProvider } from '@causeway/adapters/identity/local.identity-provider';
import { createMemoryFileStore } from '@causeway/adapters/memory/file-store.fake';
import { ManualClock } from '@causeway/adapters/memory/manual-clock';
import { createMemoryDataStore } from '@causeway/adapters/memory/memory.data-store';
import { SequentialIds } from '@causeway/adapters/memory/sequential-ids';
import { gifOfSize, pngOfSize } from '@causeway/tests/support/images';
import { auditTrail } from '../audit/audit-trail';
import { authServiceFactory } from '../auth/auth.service';
import { actorOf, type Actor } from '../auth/authorization';
import type { FileStore } from '../ports/file-store.port';
import type { IdentityProvider } from '../ports/identity.port';
import type { DataStore, UnitOfWork } from '../ports/unit-of-work.port';
import { toSessionUser } from './session-user';
import type { NewUserProfile } from './user.entity';
import { DEMO_NEVER_ADMIN, USER_NOT_FOUND, userServiceFactory, type UserService } from './user.service';

const PASSWORD = 'correct horse battery';
const ORG_A = 'org-harbor';
const ORG_B = 'org-riverside';

let clock: ManualClock;
let store: DataStore;
let identity: IdentityProvider;
let fileStore: FileStore;
let service: UserService;

/** The service over the store, with a unit of work that may be swapped for a failing one. */
const serviceWith = (unitOfWork: UnitOfWork) =>
  userServiceFactory({
    unitOfWork,
    users: store.repositories.users,
    identity,
    fileStore,
    images: imageSizeInspector,
    clock,
    audit: auditTrail({ clock, ids: new SequentialIds('log') }),
  });

const people = {
  superUser: { FirstName: 'Sam', LastName: 'Rivera', AccountType: 'campaigner', superUser: true },
  platformAdmin: { FirstName: 'Alex', LastName: 'Morgan', AccountType: 'campaigner', admin: true },
  harborAdmin: { FirstName: 'Hana', LastName: 'Ito', AccountType: 'campaigner', admin: true, organizationId: ORG_A },
  casey: { FirstName: 'Casey', LastName: 'Nguyen', AccountType: 'campaigner', organizationId: ORG_A },
  priya: { FirstName: 'Priya', LastName: 'Shah', AccountType: 'promoter', organizationId: ORG_A },
  demo: { FirstName: 'Dana', LastName: 'Demo', AccountType: 'campaigner', organizationId: ORG_A, isDemo: true },
  riverAdmin: { FirstName: 'Rui', LastName: 'Costa', AccountType: 'campaigner', admin: true, organizationId: ORG_B },
  bob: { FirstName: 'Bob', LastName: 'Lee', AccountType: 'campaigner', organizationId: ORG_B },
} satisfies Record<string, Partial<NewUserProfile>>;
type Person = keyof typeof people;

const emailOf = (person: Person) => `${person.toLowerCase()}@example.org`;

async function actor(person: Person): Promise<Actor> {
  const profile = await store.repositories.users.findById(person);
  return actorOf(toSessionUser(profile!, null));
}

const logs = () => store.repositories.auditLogs.list();

beforeEach(async () => {
  clock = new ManualClock('2026-04-01T10:00:00.000Z');
  store = createMemoryDataStore({ clock, ids: new SequentialIds() });
  identity = createLocalIdentityProvider({
    credentials: store.repositories.credentials,
    clock,
    ids: new SequentialIds('session'),
    sessionTtlMs: 24 * 3600 * 1000,
  });
  fileStore = createMemoryFileStore('http://files.test');
  service = serviceWith(store.unitOfWork);
  const at = clock.now().toISOString();
  await store.repositories.organizations.create({ organizationId: ORG_A, name: 'Harbor Light', created_date: at });
  await store.repositories.organizations.create({ organizationId: ORG_B, name: 'Riverside Shelter', created_date: at });
  for (const [uid, fields] of Object.entries(people)) {
    await identity.createUser({ email: emailOf(uid as Person), password: PASSWORD, uid });
    clock.advance(1000);
    await store.repositories.users.create({
      UserId: uid,
      uid,
      Email: emailOf(uid as Person),
      createdAt: clock.now().toISOString(),
      ...fields,
    } as NewUserProfile);
  }
});

describe('listing users', () => {
  it('shows platform staff everyone, newest first, filtered by organization and account type', async () => {
    const all = await service.list(await actor('platformAdmin'));
    expect(all.items.map((user) => user.uid)).toEqual([
      'bob',
      'riverAdmin',
      'demo',
      'priya',
      'casey',
      'harborAdmin',
      'platformAdmin',
      'superUser',
    ]);
    const harborPromoters = await service.list(await actor('superUser'), {
      organizationId: ORG_A,
      accountType: 'promoter',
    });
    expect(harborPromoters.items.map((user) => user.uid)).toEqual(['priya']);
  });

  it('scopes an organization admin to their own organization, and refuses another one', async () => {
    const harbor = await service.list(await actor('harborAdmin'));
    expect(harbor.items.map((user) => user.uid)).toEqual(['demo', 'priya', 'casey', 'harborAdmin']);
    await expect(service.list(await actor('harborAdmin'), { organizationId: ORG_B })).rejects.toMatchObject({
      code: 'forbidden',
    });
  });

  it.each(['casey', 'priya', 'demo'] as const)('refuses %s, who is not an admin', async (person) => {
    await expect(service.list(await actor(person))).rejects.toMatchObject({ code: 'forbidden' });
  });

  it('leaves soft-deleted users out unless asked for', async () => {
    await service.softDelete(await actor('superUser'), 'bob');
    const admin = await actor('platformAdmin');
    expect((await service.list(admin, { organizationId: ORG_B })).items.map((user) => user.uid)).toEqual([
      'riverAdmin',
    ]);
    expect(
      (await service.list(admin, { organizationId: ORG_B, includeDeleted: true })).items.map((user) => user.uid),
    ).toEqual(['bob', 'riverAdmin']);
  });
});

describe('reading a user', () => {
  it('lets everyone read themselves, and admins the people they manage', async () => {
    expect((await service.get(await actor('priya'), 'priya')).Email).toBe('priya@example.org');
    expect((await service.get(await actor('harborAdmin'), 'casey')).FirstName).toBe('Casey');
    expect((await service.get(await actor('superUser'), 'bob')).FirstName).toBe('Bob');
  });

  it('refuses other people to campaigners, and other organizations to an organization admin', async () => {
    await expect(service.get(await actor('casey'), 'priya')).rejects.toMatchObject({ code: 'forbidden' });
    await expect(service.get(await actor('harborAdmin'), 'bob')).rejects.toMatchObject({ code: 'forbidden' });
  });

  it('answers "User not found" for an unknown uid', async () => {
    await expect(service.get(await actor('superUser'), 'nobody')).rejects.toMatchObject({
      code: 'not_found',
      message: USER_NOT_FOUND,
    });
  });
});

describe("an admin's edit", () => {
  it('changes only the given fields and writes one audit entry saying what changed', async () => {
    clock.advance(60_000);
    const updated = await service.update(await actor('harborAdmin'), 'casey', {
      Title: 'Volunteer lead',
      LastName: 'Nguyen-Park',
      FirstName: 'Casey',
    });
    expect(updated).toMatchObject({ Title: 'Volunteer lead', LastName: 'Nguyen-Park', Email: 'casey@example.org' });
    expect(await logs()).toEqual([
      {
        id: 'log-1',
        created_by: 'harborAdmin',
        created_date: '2026-04-01T10:01:08.000Z',
        document: 'users',
        event: 'update',
        action: 'Changed the last name and title of Casey Nguyen-Park.',
        trigger_id: 'casey',
        trigger_name: 'Casey Nguyen-Park',
      },
    ]);
  });

  it('writes nothing when nothing changes', async () => {
    const same = await service.update(await actor('harborAdmin'), 'casey', { FirstName: 'Casey' });
    expect(same.FirstName).toBe('Casey');
    expect(await logs()).toEqual([]);
  });

  it('refuses an organization admin editing, or moving someone into, another organization', async () => {
    const harborAdmin = await actor('harborAdmin');
    await expect(service.update(harborAdmin, 'bob', { Title: 'x' })).rejects.toMatchObject({ code: 'forbidden' });
    await expect(service.update(harborAdmin, 'casey', { organizationId: ORG_B })).rejects.toMatchObject({
      code: 'forbidden',
    });
    expect((await store.repositories.users.findById('casey'))?.organizationId).toBe(ORG_A);
  });

  it('lets an organization admin grant admin rights in their organization', async () => {
    const updated = await service.update(await actor('harborAdmin'), 'casey', { admin: true });
    expect(updated.admin).toBe(true);
    expect((await logs())[0]?.action).toBe('Made Casey Nguyen an admin.');
  });

  it('lets only a super user grant super user rights', async () => {
    for (const person of ['platformAdmin', 'harborAdmin'] as const) {
      await expect(service.update(await actor(person), 'casey', { superUser: true })).rejects.toMatchObject({
        code: 'forbidden',
        message: 'Only a super user can grant or remove super user rights.',
      });
    }
    expect((await service.update(await actor('superUser'), 'casey', { superUser: true })).superUser).toBe(true);
  });

  it('never makes a demo user an admin, and making someone a demo user removes admin (SPEC §5)', async () => {
    await expect(service.update(await actor('superUser'), 'demo', { admin: true })).rejects.toMatchObject({
      code: 'invalid',
      message: DEMO_NEVER_ADMIN,
      fields: { admin: DEMO_NEVER_ADMIN },
    });
    await expect(
      service.update(await actor('superUser'), 'casey', { isDemo: true, admin: true }),
    ).rejects.toMatchObject({ code: 'invalid' });
    const demoted = await service.update(await actor('superUser'), 'harborAdmin', { isDemo: true });
    expect(demoted).toMatchObject({ isDemo: true, admin: false });
    expect((await logs())[0]?.action).toBe('Removed admin rights from Hana Ito; marked Hana Ito as a demo account.');
    const promoted = await service.update(await actor('superUser'), 'demo', { isDemo: false, admin: true });
    expect(promoted).toMatchObject({ isDemo: false, admin: true });
  });

  it('restores a soft-deleted user with isDeleted false', async () => {
    await service.softDelete(await actor('platformAdmin'), 'casey');
    const restored = await service.update(await actor('platformAdmin'), 'casey', { isDeleted: false });
    expect(restored.isDeleted).toBe(false);
    expect((await logs())[0]).toMatchObject({ event: 'restore', action: 'Restored the account of Casey Nguyen.' });
  });

  it('moves the sign-in e-mail with the profile e-mail', async () => {
    await service.update(await actor('platformAdmin'), 'casey', { Email: 'casey.nguyen@example.org' });
    expect(await identity.signInWithPassword('casey@example.org', PASSWORD)).toBeNull();
    expect((await identity.signInWithPassword('casey.nguyen@example.org', PASSWORD))?.uid).toBe('casey');
  });

  it("refuses another user's e-mail and leaves both accounts as they were", async () => {
    await expect(
      service.update(await actor('platformAdmin'), 'casey', { Email: 'bob@example.org' }),
    ).rejects.toMatchObject({ code: 'conflict' });
    expect((await identity.signInWithPassword('casey@example.org', PASSWORD))?.uid).toBe('casey');
    expect((await store.repositories.users.findById('casey'))?.Email).toBe('casey@example.org');
  });

  it('puts the sign-in e-mail back when the profile cannot be saved', async () => {
    const failing = serviceWith(failingAuditLog(store));
    await expect(
      failing.update(await actor('platformAdmin'), 'casey', { Email: 'casey.nguyen@example.org' }),
    ).rejects.toThrow('The audit log is unavailable.');
    expect((await store.repositories.users.findById('casey'))?.Email).toBe('casey@example.org');
    expect((await identity.signInWithPassword('casey@example.org', PASSWORD))?.uid).toBe('casey');
  });
});

describe('one’s own profile', () => {
  it('changes name, title and description, with an audit entry', async () => {
    const updated = await service.updateOwnProfile(await actor('priya'), {
      Title: 'Community promoter',
      Description: 'I share food bank drives.',
    });
    expect(updated).toMatchObject({ Title: 'Community promoter', Description: 'I share food bank drives.' });
    expect((await logs())[0]).toMatchObject({
      created_by: 'priya',
      event: 'updateProfile',
      action: 'Priya Shah changed their description and title.',
      trigger_id: 'priya',
    });
  });

  it('stores an avatar under avatars/, replacing one of another format', async () => {
    const first = await service.setOwnAvatar(await actor('casey'), pngOfSize(64, 64), 'image/png');
    expect(first.avatar).toBe(`http://files.test/avatars/avatar_casey.png?v=${clock.now().getTime()}`);
    expect(await fileStore.get('avatars/avatar_casey.png')).toMatchObject({ contentType: 'image/png' });
    clock.advance(1000);
    const second = await service.setOwnAvatar(await actor('casey'), gifOfSize(64, 64), 'image/gif');
    expect(second.avatar).toBe(`http://files.test/avatars/avatar_casey.gif?v=${clock.now().getTime()}`);
    expect(await fileStore.exists('avatars/avatar_casey.png')).toBe(false);
    expect((await logs()).map((entry) => entry.action)).toEqual([
      'Casey Nguyen changed their avatar.',
      'Casey Nguyen changed their avatar.',
    ]);
  });

  it('refuses a picture that is not fit, storing nothing', async () => {
    await expect(service.setOwnAvatar(await actor('casey'), pngOfSize(8, 8), 'image/png')).rejects.toMatchObject({
      code: 'invalid',
      fields: { avatar: 'The picture is 8 × 8 pixels; an avatar needs at least 32 × 32.' },
    });
    expect(await fileStore.exists('avatars/avatar_casey.png')).toBe(false);
    expect((await store.repositories.users.findById('casey'))?.avatar).toBeNull();
  });
});

describe('soft delete', () => {
  it('marks the user deleted, ends their sessions and writes an audit entry', async () => {
    const auth = authServiceFactory({
      identity,
      users: store.repositories.users,
      organizations: store.repositories.organizations,
      clock,
    });
    const { session } = await auth.signIn('casey@example.org', PASSWORD);
    await service.softDelete(await actor('harborAdmin'), 'casey');
    expect((await store.repositories.users.findById('casey'))?.isDeleted).toBe(true);
    expect(await identity.verifySession(session.token)).toBeNull();
    expect(await auth.currentUser(session.token)).toBeNull();
    expect((await logs())[0]).toMatchObject({
      event: 'delete',
      action: 'Deleted the account of Casey Nguyen; it can be restored.',
      trigger_id: 'casey',
    });
  });

  it('keeps a soft-deleted user out even with a session the identity service still honours', async () => {
    const auth = authServiceFactory({
      identity,
      users: store.repositories.users,
      organizations: store.repositories.organizations,
      clock,
    });
    const { session } = await auth.signIn('casey@example.org', PASSWORD);
    await store.repositories.users.softDelete('casey');
    expect(await identity.verifySession(session.token)).not.toBeNull();
    expect(await auth.currentUser(session.token)).toBeNull();
  });

  it('refuses deleting oneself, another organization’s user, and to non-admins', async () => {
    await expect(service.softDelete(await actor('superUser'), 'superUser')).rejects.toMatchObject({
      code: 'forbidden',
    });
    await expect(service.softDelete(await actor('harborAdmin'), 'bob')).rejects.toMatchObject({ code: 'forbidden' });
    await expect(service.softDelete(await actor('casey'), 'priya')).rejects.toMatchObject({ code: 'forbidden' });
    expect(await logs()).toEqual([]);
  });
});

describe('hard delete', () => {
  it('copies the profile to deletedUsers, removes it and its sign-in, so the e-mail can be invited again', async () => {
    await service.setOwnAvatar(await actor('bob'), pngOfSize(64, 64), 'image/png');
    clock.advance(5000);
    const deleted = await service.hardDelete(await actor('platformAdmin'), 'bob');
    expect(deleted).toMatchObject({ uid: 'bob', Email: 'bob@example.org', deletedAt: clock.now().toISOString() });
    expect(await store.repositories.users.findDeleted('bob')).toEqual(deleted);
    expect(await store.repositories.users.findById('bob')).toBeNull();
    expect(await identity.signInWithPassword('bob@example.org', PASSWORD)).toBeNull();
    expect(await fileStore.exists('avatars/avatar_bob.png')).toBe(false);
    await expect(identity.createUser({ email: 'bob@example.org', password: PASSWORD })).resolves.toBeDefined();
    expect((await logs())[0]).toMatchObject({
      created_by: 'platformAdmin',
      document: 'users',
      event: 'hardDelete',
      action: 'Permanently deleted the account of Bob Lee (bob@example.org).',
      trigger_id: 'bob',
      trigger_name: 'Bob Lee',
    });
  });

  it('is for platform staff only, and never on oneself', async () => {
    await expect(service.hardDelete(await actor('harborAdmin'), 'casey')).rejects.toMatchObject({
      code: 'forbidden',
    });
    await expect(service.hardDelete(await actor('platformAdmin'), 'platformAdmin')).rejects.toMatchObject({
      code: 'forbidden',
    });
    await expect(service.hardDelete(await actor('superUser'), 'nobody')).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('leaves the profile and its sign-in as they were when a write fails midway', async () => {
    const before = await store.repositories.users.findById('casey');
    const failing = serviceWith(failingAuditLog(store));
    await expect(failing.hardDelete(await actor('platformAdmin'), 'casey')).rejects.toThrow(
      'The audit log is unavailable.',
    );
    expect(await store.repositories.users.findById('casey')).toEqual(before);
    expect(await store.repositories.users.findDeleted('casey')).toBeNull();
    expect((await identity.signInWithPassword('casey@example.org', PASSWORD))?.uid).toBe('casey');
    expect(await logs()).toEqual([]);
  });
});

/**
 * The store's own unit of work, whose audit log fails on write: the changes made before it in the
 * same unit of work must not be kept.
 */
function failingAuditLog(dataStore: DataStore): UnitOfWork {
  return {
    run: (work) =>
      dataStore.unitOfWork.run((repositories) =>
        work({
          ...repositories,
          auditLogs: {
            ...repositories.auditLogs,
            append: async () => {
              throw new Error('The audit log is unavailable.');
            },
          },
        }),
      ),
  };
}
