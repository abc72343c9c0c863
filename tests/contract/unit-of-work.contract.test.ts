import { expect, it } from 'vitest';
import { describeContract } from '../support/contract';

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
