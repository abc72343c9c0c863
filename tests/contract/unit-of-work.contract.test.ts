import { expect, it } from 'vitest';
import { describeContract } from '@causeway/tests/support/contract';

const at = '2026-01-01T00:00:00.000Z';

describeContract('UnitOfWork and Outbox', (subject) => {
  it('keeps every write of a unit of work, with its events, when the work succeeds', async () => {
    const { store } = subject();
    await store.unitOfWork.run(async (repositories) => {
      await repositories.settings.save({ donationPercentage: 60 }, at);
      await repositories.credentials.createCredentials({
        uid: 'u-1',
        email: 'a@example.org',
        passwordHash: 'hash',
        createdAt: at,
        updatedAt: at,
      });
    });
    expect((await store.repositories.settings.get())?.donationPercentage).toBe(60);
    expect(await store.repositories.credentials.findCredentialsByEmail('a@example.org')).not.toBeNull();
    expect((await store.outbox.pending(10)).map((event) => event.type)).toEqual([
      'settings.saved',
      'identity.credentialsSet',
    ]);
  });

  it('reads its own writes before they are committed, as a draft made and filled in one unit is', async () => {
    const { store } = subject();
    const draft = { id: 'd-1', campaignUUID: 'uuid-d-1', userId: 'user-1', organizationId: 'org-1', createdAt: at };
    const seen = await store.unitOfWork.run(async (repositories) => {
      await repositories.preCampaigns.create(draft);
      const updated = await repositories.preCampaigns.update('d-1', {
        campaignName: 'X name',
        campaignTitle: 'A title here',
      });
      const found = await repositories.preCampaigns.findById('d-1');
      await repositories.preCampaigns.update('d-1', { campaignName: 'Renamed' });
      const drafts = await repositories.preCampaigns.findDrafts({ userId: 'user-1' });
      return { updated, found, drafts };
    });
    expect(seen.updated).toMatchObject({ campaignName: 'X name', campaignTitle: 'A title here' });
    expect(seen.found).toMatchObject({ campaignName: 'X name', campaignTitle: 'A title here' });
    expect(await store.repositories.preCampaigns.findById('d-1')).toMatchObject({
      campaignName: 'Renamed',
      campaignTitle: 'A title here',
    });
    expect((await store.outbox.pending(10)).map((event) => event.type)).toEqual([
      'preCampaign.created',
      'preCampaign.updated',
      'preCampaign.updated',
    ]);
  });

  it('uses a registration token once when two units of work race for it', async () => {
    const { store } = subject();
    await store.repositories.registrationTokens.create({
      id: 't-1',
      email: 'invitee@example.org',
      name: 'Invitee',
      organizationId: 'org-1',
      accountType: 'campaigner',
      tokenHash: 'a'.repeat(64),
      createdBy: 'admin-1',
      createdAt: at,
      expiresAt: '2026-01-08T00:00:00.000Z',
    });
    const uses = await Promise.all(
      ['u-1', 'u-2', 'u-3', 'u-4'].map((uid) =>
        store.unitOfWork.run(async (repositories) => {
          const token = await repositories.registrationTokens.findById('t-1');
          if (!token || token.usedAt !== null) return false;
          return repositories.registrationTokens.markUsed('t-1', at, uid);
        }),
      ),
    );
    expect(uses.filter(Boolean)).toHaveLength(1);
    expect((await store.outbox.pending(10)).filter((event) => event.type === 'registrationToken.used')).toHaveLength(1);
  });

  it('keeps nothing, not even events, when the work throws', async () => {
    const { store } = subject();
    await expect(
      store.unitOfWork.run(async (repositories) => {
        await repositories.settings.save({ donationPercentage: 60 }, at);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await store.repositories.settings.get()).toBeNull();
    expect(await store.outbox.pending(10)).toEqual([]);
  });

  it('delivers events in write order, and pending no longer lists published ones', async () => {
    const { store } = subject();
    await store.repositories.settings.save({ donationPercentage: 10 }, at);
    await store.repositories.settings.save({ donationPercentage: 20 }, at);
    await store.repositories.settings.save({ donationPercentage: 30 }, at);
    const events = await store.outbox.pending(10);
    expect(
      events.map((event) => (event.payload.settings as { donationPercentage: number }).donationPercentage),
    ).toEqual([10, 20, 30]);
    expect(events[0]!.position).toBeLessThan(events[1]!.position);
    await store.outbox.markPublished([events[0]!.id], at);
    expect((await store.outbox.pending(10)).map((event) => event.id)).toEqual([events[1]!.id, events[2]!.id]);
    const replay = await store.outbox.after(events[0]!.position, 10);
    expect(replay.map((event) => event.id)).toEqual([events[1]!.id, events[2]!.id]);
    expect((await store.outbox.after(0, 10))[0]?.publishedAt).toBe(at);
  });
});

describeContract('Outbox pruning and backlog', (subject) => {
  it('counts the events not yet published from the oldest, and prunes events for good', async () => {
    const { store } = subject();
    expect(await store.outbox.backlog()).toEqual({ count: 0, oldestAt: null });
    await store.repositories.settings.save({ donationPercentage: 10 }, at);
    await store.repositories.settings.save({ donationPercentage: 20 }, at);
    const events = await store.outbox.pending(10);
    const backlog = await store.outbox.backlog();
    expect(backlog.count).toBe(2);
    expect(backlog.oldestAt).toBe(events[0]!.occurredAt);
    await store.outbox.markPublished([events[0]!.id], at);
    expect((await store.outbox.backlog()).count).toBe(1);
    await store.outbox.prune([events[0]!.id]);
    expect((await store.outbox.after(0, 10)).map((event) => event.id)).toEqual([events[1]!.id]);
    await store.outbox.prune([events[1]!.id]);
    expect(await store.outbox.after(0, 10)).toEqual([]);
    expect(await store.outbox.backlog()).toEqual({ count: 0, oldestAt: null });
  });
});
