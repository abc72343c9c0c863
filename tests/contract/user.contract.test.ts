import { expect, it } from 'vitest';
import type { NewUserProfile } from '@causeway/core/users/user.entity';
import { describeContract } from '@causeway/tests/support/contract';

const at = '2026-01-01T00:00:00.000Z';

const profile = (uid: string, overrides: Partial<NewUserProfile> = {}): NewUserProfile => ({
  UserId: uid,
  uid,
  Email: `${uid}@example.org`,
  AccountType: 'campaigner',
  createdAt: at,
  ...overrides,
});

const organization = (organizationId: string) => ({ organizationId, name: `Org ${organizationId}`, created_date: at });

describeContract('UserRepository', (subject) => {
  it('creates a profile with defaults and finds it by uid; null for an unknown uid', async () => {
    const { users } = subject().store.repositories;
    const created = await users.create(profile('u-1', { FirstName: 'Ada', promotedCampaigns: ['c-1', 'c-2'] }));
    expect(created).toEqual({
      UserId: 'u-1',
      uid: 'u-1',
      Email: 'u-1@example.org',
      FirstName: 'Ada',
      LastName: '',
      avatar: null,
      AccountType: 'campaigner',
      OrganisationName: null,
      OrganisationGoals: null,
      OrganisationType: null,
      Description: null,
      Title: null,
      admin: false,
      superUser: false,
      analyst: null,
      isDemo: false,
      isDeleted: false,
      organizationId: null,
      lastLogin: null,
      createdAt: at,
      totalSpend: 0,
      promotedCampaigns: ['c-1', 'c-2'],
      promotedRootCampaignes: [],
    });
    expect(await users.findById('u-1')).toEqual(created);
    expect(await users.findById('u-missing')).toBeNull();
  });

  it('stores e-mails lowercased and finds them case-insensitively', async () => {
    const { users } = subject().store.repositories;
    const created = await users.create(profile('u-1', { Email: 'Ada.Lovelace@Example.ORG' }));
    expect(created.Email).toBe('ada.lovelace@example.org');
    expect(await users.findByEmail('ADA.lovelace@example.org')).toMatchObject({
      uid: 'u-1',
      Email: 'ada.lovelace@example.org',
    });
    expect(await users.findByEmail('nobody@example.org')).toBeNull();
  });

  it('lists newest first by createdAt', async () => {
    const { users } = subject().store.repositories;
    await users.create(profile('u-old', { createdAt: '2026-01-01T00:00:00.000Z' }));
    await users.create(profile('u-new', { createdAt: '2026-03-01T00:00:00.000Z' }));
    await users.create(profile('u-mid', { createdAt: '2026-02-01T00:00:00.000Z' }));
    expect((await users.list()).map((user) => user.uid)).toEqual(['u-new', 'u-mid', 'u-old']);
  });

  it('lists by organization, by account type and by super user', async () => {
    const { users, organizations } = subject().store.repositories;
    await organizations.create(organization('o-1'));
    await organizations.create(organization('o-2'));
    await users.create(
      profile('u-1', { organizationId: 'o-1', AccountType: 'campaigner', createdAt: '2026-01-01T00:00:00.000Z' }),
    );
    await users.create(
      profile('u-2', { organizationId: 'o-1', AccountType: 'promoter', createdAt: '2026-01-02T00:00:00.000Z' }),
    );
    await users.create(
      profile('u-3', { organizationId: 'o-2', AccountType: 'promoter', createdAt: '2026-01-03T00:00:00.000Z' }),
    );
    await users.create(
      profile('u-4', { AccountType: 'donor', superUser: true, createdAt: '2026-01-04T00:00:00.000Z' }),
    );
    const uids = async (filter: Parameters<typeof users.list>[0]) => (await users.list(filter)).map((user) => user.uid);
    expect(await uids({ organizationId: 'o-1' })).toEqual(['u-2', 'u-1']);
    expect(await uids({ accountType: 'promoter' })).toEqual(['u-3', 'u-2']);
    expect(await uids({ organizationId: 'o-1', accountType: 'promoter' })).toEqual(['u-2']);
    expect(await uids({})).toEqual(['u-4', 'u-3', 'u-2', 'u-1']);
    expect(await uids({ superUser: true })).toEqual(['u-4']);
    expect(await uids({ superUser: false, organizationId: 'o-1' })).toEqual(['u-2', 'u-1']);
  });

  it('leaves soft-deleted profiles out of lists unless asked for', async () => {
    const { users } = subject().store.repositories;
    await users.create(profile('u-1', { createdAt: '2026-01-01T00:00:00.000Z' }));
    await users.create(profile('u-2', { createdAt: '2026-01-02T00:00:00.000Z' }));
    await users.softDelete('u-2');
    expect((await users.list()).map((user) => user.uid)).toEqual(['u-1']);
    expect((await users.list({ includeDeleted: true })).map((user) => user.uid)).toEqual(['u-2', 'u-1']);
  });

  it('refuses a taken uid with a conflict', async () => {
    const { users } = subject().store.repositories;
    await users.create(profile('u-1'));
    await expect(users.create(profile('u-1', { Email: 'other@example.org' }))).rejects.toMatchObject({
      code: 'conflict',
    });
    expect((await users.findById('u-1'))?.Email).toBe('u-1@example.org');
  });

  it('refuses a taken e-mail with a conflict, whatever its case', async () => {
    const { users } = subject().store.repositories;
    await users.create(profile('u-1', { Email: 'ada@example.org' }));
    await expect(users.create(profile('u-2', { Email: 'ADA@Example.org' }))).rejects.toMatchObject({
      code: 'conflict',
    });
    expect(await users.findById('u-2')).toBeNull();
  });

  it('refuses an organizationId that names no organization as invalid', async () => {
    const { users, organizations } = subject().store.repositories;
    await expect(users.create(profile('u-1', { organizationId: 'o-missing' }))).rejects.toMatchObject({
      code: 'invalid',
    });
    expect(await users.findById('u-1')).toBeNull();
    await organizations.create(organization('o-1'));
    expect((await users.create(profile('u-1', { organizationId: 'o-1' }))).organizationId).toBe('o-1');
  });

  it('stores demo users with admin false', async () => {
    const { users } = subject().store.repositories;
    expect(await users.create(profile('u-demo', { isDemo: true, admin: true }))).toMatchObject({
      isDemo: true,
      admin: false,
    });
    expect(await users.findById('u-demo')).toMatchObject({ admin: false });
    expect(await users.create(profile('u-admin', { admin: true }))).toMatchObject({ isDemo: false, admin: true });
  });

  it('updates only the supplied fields; null when no such user', async () => {
    const { users } = subject().store.repositories;
    await users.create(profile('u-1', { FirstName: 'Ada', LastName: 'Lovelace', Title: 'Countess', totalSpend: 500 }));
    const updated = await users.update('u-1', {
      LastName: 'King',
      Title: null,
      totalSpend: 1250,
      promotedCampaigns: ['c-9'],
    });
    expect(updated).toMatchObject({
      uid: 'u-1',
      UserId: 'u-1',
      FirstName: 'Ada',
      LastName: 'King',
      Title: null,
      totalSpend: 1250,
      promotedCampaigns: ['c-9'],
      createdAt: at,
    });
    expect(await users.findById('u-1')).toEqual(updated);
    expect(await users.update('u-missing', { FirstName: 'Nobody' })).toBeNull();
  });

  it('keeps an analyst’s scope, changes and revokes it, and copies it on a hard delete', async () => {
    const { users } = subject().store.repositories;
    expect((await users.create(profile('u-1', { analyst: 'organization' }))).analyst).toBe('organization');
    expect((await users.findById('u-1'))?.analyst).toBe('organization');
    expect((await users.update('u-1', { analyst: 'platform' }))?.analyst).toBe('platform');
    expect((await users.findById('u-1'))?.analyst).toBe('platform');
    expect((await users.update('u-1', { analyst: null }))?.analyst).toBeNull();
    await users.update('u-1', { analyst: 'platform' });
    expect((await users.hardDelete('u-1', '2026-02-01T00:00:00.000Z'))?.analyst).toBe('platform');
    expect((await users.findDeleted('u-1'))?.analyst).toBe('platform');
  });

  it('keeps demo users non-admin on update', async () => {
    const { users } = subject().store.repositories;
    await users.create(profile('u-demo', { isDemo: true }));
    expect(await users.update('u-demo', { admin: true })).toMatchObject({ isDemo: true, admin: false });
    await users.create(profile('u-admin', { admin: true }));
    expect(await users.update('u-admin', { isDemo: true })).toMatchObject({ isDemo: true, admin: false });
    expect(await users.findById('u-admin')).toMatchObject({ admin: false });
  });

  it('refuses an update to a taken e-mail with a conflict, and lowercases a new e-mail', async () => {
    const { users } = subject().store.repositories;
    await users.create(profile('u-1', { Email: 'ada@example.org' }));
    await users.create(profile('u-2', { Email: 'bob@example.org' }));
    await expect(users.update('u-2', { Email: 'Ada@example.org' })).rejects.toMatchObject({ code: 'conflict' });
    expect((await users.findById('u-2'))?.Email).toBe('bob@example.org');
    expect((await users.update('u-2', { Email: 'Robert@Example.org' }))?.Email).toBe('robert@example.org');
    expect(await users.findByEmail('robert@example.org')).toMatchObject({ uid: 'u-2' });
  });

  it('refuses an update to an organizationId that names no organization as invalid', async () => {
    const { users, organizations } = subject().store.repositories;
    await organizations.create(organization('o-1'));
    await users.create(profile('u-1', { organizationId: 'o-1' }));
    await expect(users.update('u-1', { organizationId: 'o-missing' })).rejects.toMatchObject({ code: 'invalid' });
    expect((await users.findById('u-1'))?.organizationId).toBe('o-1');
  });

  it('records the last login', async () => {
    const { users } = subject().store.repositories;
    await users.create(profile('u-1'));
    await users.recordLogin('u-1', '2026-02-03T04:05:06.000Z');
    expect((await users.findById('u-1'))?.lastLogin).toBe('2026-02-03T04:05:06.000Z');
    await users.recordLogin('u-missing', '2026-02-03T04:05:06.000Z');
    expect(await users.findById('u-missing')).toBeNull();
  });

  it('soft-deletes: marks isDeleted and keeps the profile; false when no such user', async () => {
    const { users } = subject().store.repositories;
    await users.create(profile('u-1'));
    expect(await users.softDelete('u-1')).toBe(true);
    expect(await users.findById('u-1')).toMatchObject({ uid: 'u-1', isDeleted: true });
    expect(await users.softDelete('u-missing')).toBe(false);
  });

  it('hard-deletes: copies the profile to deletedUsers with deletedAt, then removes it; null when no such user', async () => {
    const { users } = subject().store.repositories;
    const created = await users.create(profile('u-1', { FirstName: 'Ada', Email: 'ada@example.org' }));
    const deleted = await users.hardDelete('u-1', '2026-02-01T00:00:00.000Z');
    expect(deleted).toEqual({ ...created, deletedAt: '2026-02-01T00:00:00.000Z' });
    expect(await users.findById('u-1')).toBeNull();
    expect(await users.findByEmail('ada@example.org')).toBeNull();
    expect(await users.findDeleted('u-1')).toEqual(deleted);
    expect(await users.hardDelete('u-1', '2026-02-02T00:00:00.000Z')).toBeNull();
    expect(await users.findDeleted('u-missing')).toBeNull();
  });

  it('keeps neither the copy nor the removal of a hard delete whose unit of work fails', async () => {
    const { store } = subject();
    await store.repositories.users.create(profile('u-1'));
    await expect(
      store.unitOfWork.run(async (repositories) => {
        await repositories.users.hardDelete('u-1', '2026-02-01T00:00:00.000Z');
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await store.repositories.users.findById('u-1')).not.toBeNull();
    expect(await store.repositories.users.findDeleted('u-1')).toBeNull();
  });

  it('hands out copies: changing a returned profile changes nothing stored', async () => {
    const { users } = subject().store.repositories;
    const created = await users.create(profile('u-1', { promotedCampaigns: ['c-1'] }));
    created.promotedCampaigns.push('c-2');
    created.FirstName = 'Changed';
    const found = await users.findById('u-1');
    found!.promotedCampaigns.push('c-3');
    expect(await users.findById('u-1')).toMatchObject({ FirstName: '', promotedCampaigns: ['c-1'] });
  });

  it('writes one event per change, none for reads or misses', async () => {
    const { store } = subject();
    const { users } = store.repositories;
    await users.create(profile('u-1'));
    await users.update('u-1', { FirstName: 'Ada' });
    await users.recordLogin('u-1', '2026-02-01T00:00:00.000Z');
    await users.softDelete('u-1');
    await users.hardDelete('u-1', '2026-02-02T00:00:00.000Z');
    await users.findById('u-1');
    await users.findByEmail('u-1@example.org');
    await users.list({ includeDeleted: true });
    await users.findDeleted('u-1');
    await users.update('u-missing', { FirstName: 'x' });
    await users.recordLogin('u-missing', at);
    await users.softDelete('u-missing');
    await users.hardDelete('u-missing', at);
    const events = await store.outbox.pending(20);
    expect(events.map((event) => [event.type, event.aggregateType, event.aggregateId])).toEqual([
      ['user.created', 'user', 'u-1'],
      ['user.updated', 'user', 'u-1'],
      ['user.loggedIn', 'user', 'u-1'],
      ['user.softDeleted', 'user', 'u-1'],
      ['user.hardDeleted', 'user', 'u-1'],
    ]);
    expect(events[0]?.payload).toMatchObject({ user: { uid: 'u-1', Email: 'u-1@example.org' } });
    expect(events[1]?.payload).toMatchObject({ user: { uid: 'u-1', FirstName: 'Ada' } });
    expect(events[2]?.payload).toEqual({ uid: 'u-1', lastLogin: '2026-02-01T00:00:00.000Z' });
    expect(events[4]?.payload).toEqual({ uid: 'u-1', deletedAt: '2026-02-02T00:00:00.000Z' });
  });

  it('writes no event for a refused create', async () => {
    const { store } = subject();
    await store.repositories.users.create(profile('u-1'));
    await expect(store.repositories.users.create(profile('u-1'))).rejects.toMatchObject({ code: 'conflict' });
    expect((await store.outbox.pending(10)).map((event) => event.type)).toEqual(['user.created']);
  });
});
