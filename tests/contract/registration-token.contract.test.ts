import { expect, it } from 'vitest';
import type { NewRegistrationToken, RegistrationToken } from '@causeway/core/registration/registration-token.entity';
import { conflict } from '@causeway/core/shared/errors';
import { describeContract } from '@causeway/tests/support/contract';

const day = (n: number) => `2026-01-${String(n).padStart(2, '0')}T00:00:00.000Z`;
const hashOf = (n: number) => n.toString(16).padStart(64, '0');

const token = (id: string, overrides: Partial<NewRegistrationToken> = {}): NewRegistrationToken => ({
  id,
  email: `${id}@example.org`,
  name: `Invitee ${id}`,
  organizationId: 'org-1',
  accountType: 'campaigner',
  tokenHash: hashOf(Number(id.replace(/\D/g, '')) || 1),
  createdBy: 'admin-1',
  createdAt: day(1),
  expiresAt: day(8),
  ...overrides,
});

const stored = (input: NewRegistrationToken): RegistrationToken => ({
  usedAt: null,
  usedBy: null,
  ...input,
  email: input.email.toLowerCase(),
});

describeContract('RegistrationTokenRepository', (subject) => {
  it('creates a token with the e-mail lowercased, and finds it by its hash and by id', async () => {
    const { registrationTokens } = subject().store.repositories;
    const created = await registrationTokens.create(token('t-1', { email: 'Ada.Lovelace@Example.ORG' }));
    const expected = stored(token('t-1', { email: 'ada.lovelace@example.org' }));
    expect(created).toEqual(expected);
    expect(await registrationTokens.findByHash(hashOf(1))).toEqual(expected);
    expect(await registrationTokens.findById('t-1')).toEqual(expected);
    expect(await registrationTokens.findByHash(hashOf(99))).toBeNull();
    expect(await registrationTokens.findById('t-99')).toBeNull();
  });

  it('refuses a second token with the same id or the same hash with a conflict', async () => {
    const { registrationTokens } = subject().store.repositories;
    await registrationTokens.create(token('t-1'));
    await expect(registrationTokens.create(token('t-1', { tokenHash: hashOf(2) }))).rejects.toMatchObject({
      code: 'conflict',
    });
    await expect(registrationTokens.create(token('t-2', { tokenHash: hashOf(1) }))).rejects.toMatchObject({
      code: 'conflict',
    });
    expect(await registrationTokens.findById('t-2')).toBeNull();
    expect((await registrationTokens.findByHash(hashOf(1)))?.id).toBe('t-1');
  });

  it('refuses a token whose hash is not a SHA-256', async () => {
    const { registrationTokens } = subject().store.repositories;
    await expect(registrationTokens.create(token('t-1', { tokenHash: 'the-token-itself' }))).rejects.toThrow();
    expect(await registrationTokens.findById('t-1')).toBeNull();
  });

  it('marks a token used once: the first call wins, later ones change nothing', async () => {
    const { registrationTokens } = subject().store.repositories;
    await registrationTokens.create(token('t-1'));
    expect(await registrationTokens.markUsed('t-1', day(2), 'u-1')).toBe(true);
    expect(await registrationTokens.markUsed('t-1', day(3), 'u-2')).toBe(false);
    expect(await registrationTokens.findById('t-1')).toMatchObject({ usedAt: day(2), usedBy: 'u-1' });
    expect(await registrationTokens.markUsed('t-404', day(2), 'u-1')).toBe(false);
  });

  it('lets exactly one of two concurrent uses win', async () => {
    const { registrationTokens } = subject().store.repositories;
    await registrationTokens.create(token('t-1'));
    const results = await Promise.all([
      registrationTokens.markUsed('t-1', day(2), 'u-1'),
      registrationTokens.markUsed('t-1', day(2), 'u-2'),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    const winner = results[0] ? 'u-1' : 'u-2';
    expect((await registrationTokens.findById('t-1'))?.usedBy).toBe(winner);
  });

  it('lets exactly one of two concurrent sign-ups with one token commit, keeping nothing of the other', async () => {
    const { store } = subject();
    await store.repositories.registrationTokens.create(token('t-1'));
    const signUp = (uid: string) =>
      store.unitOfWork.run(async (repositories) => {
        await repositories.auditLogs.append({
          id: `log-${uid}`,
          created_by: uid,
          created_date: day(2),
          document: 'users',
          event: 'registration',
          action: `${uid} signed up`,
          trigger_id: uid,
          trigger_name: uid,
        });
        if (!(await repositories.registrationTokens.markUsed('t-1', day(2), uid))) {
          throw conflict('This invitation has already been used.');
        }
        return uid;
      });
    const results = await Promise.allSettled([signUp('u-1'), signUp('u-2')]);
    const won = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    expect(won).toHaveLength(1);
    expect((await store.repositories.registrationTokens.findById('t-1'))?.usedBy).toBe(won[0]);
    expect((await store.repositories.auditLogs.list()).map((entry) => entry.created_by)).toEqual(won);
  });

  it('keeps a token unused when the unit of work that used it fails', async () => {
    const { store } = subject();
    await store.repositories.registrationTokens.create(token('t-1'));
    await expect(
      store.unitOfWork.run(async (repositories) => {
        expect(await repositories.registrationTokens.markUsed('t-1', day(2), 'u-1')).toBe(true);
        throw new Error('the profile could not be written');
      }),
    ).rejects.toThrow('the profile could not be written');
    expect(await store.repositories.registrationTokens.findById('t-1')).toMatchObject({ usedAt: null, usedBy: null });
    expect(await store.repositories.registrationTokens.markUsed('t-1', day(3), 'u-2')).toBe(true);
  });

  it("lists an organization's tokens neither used nor expired, newest first", async () => {
    const { registrationTokens } = subject().store.repositories;
    await registrationTokens.create(token('t-1', { createdAt: day(1), expiresAt: day(8) }));
    await registrationTokens.create(token('t-2', { createdAt: day(3), expiresAt: day(10) }));
    await registrationTokens.create(token('t-3', { createdAt: day(2), expiresAt: day(9) }));
    await registrationTokens.create(token('t-4', { createdAt: day(3), expiresAt: day(4) }));
    await registrationTokens.create(token('t-5', { organizationId: 'org-2', createdAt: day(3) }));
    await registrationTokens.markUsed('t-3', day(3), 'u-1');
    expect((await registrationTokens.listPending('org-1', day(5))).map((t) => t.id)).toEqual(['t-2', 't-1']);
    expect((await registrationTokens.listPending('org-1', day(8))).map((t) => t.id)).toEqual(['t-2']);
    expect((await registrationTokens.listPending('org-2', day(5))).map((t) => t.id)).toEqual(['t-5']);
    expect(await registrationTokens.listPending('org-3', day(5))).toEqual([]);
  });

  it('writes registrationToken.created and .used events without the hash, and nothing on reads or refused uses', async () => {
    const { store } = subject();
    const { registrationTokens } = store.repositories;
    await registrationTokens.create(token('t-1'));
    await registrationTokens.findByHash(hashOf(1));
    await registrationTokens.listPending('org-1', day(2));
    await registrationTokens.markUsed('t-1', day(2), 'u-1');
    await registrationTokens.markUsed('t-1', day(3), 'u-2');
    const events = await store.outbox.pending(10);
    expect(events.map((event) => [event.type, event.aggregateType, event.aggregateId])).toEqual([
      ['registrationToken.created', 'registrationToken', 't-1'],
      ['registrationToken.used', 'registrationToken', 't-1'],
    ]);
    const { tokenHash: _hash, ...withoutHash } = stored(token('t-1'));
    expect(events[0]?.payload).toEqual({ registrationToken: withoutHash });
    expect(events[1]?.payload).toEqual({ id: 't-1', usedAt: day(2), usedBy: 'u-1' });
  });
});
