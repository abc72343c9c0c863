import { expect, it } from 'vitest';
import type { PasswordReset } from '@causeway/core/auth/password-reset.entity';
import { describeContract } from '@causeway/tests/support/contract';

const hash = (n: number) => n.toString(16).padStart(64, '0');
const reset = (id: string, n: number, overrides: Partial<PasswordReset> = {}): PasswordReset => ({
  id,
  uid: 'u-1',
  email: 'ada@example.org',
  tokenHash: hash(n),
  createdAt: '2026-01-01T10:00:00.000Z',
  expiresAt: '2026-01-01T11:00:00.000Z',
  usedAt: null,
  ...overrides,
});

describeContract('PasswordResetRepository', (subject) => {
  it('stores a reset with its e-mail lowercased and finds it by its token hash', async () => {
    const { passwordResets } = subject().store.repositories;
    await passwordResets.create(reset('r-1', 1, { email: 'Ada@Example.org' }));
    expect(await passwordResets.findByHash(hash(1))).toEqual(reset('r-1', 1));
    expect(await passwordResets.findByHash(hash(2))).toBeNull();
  });

  it('refuses a second reset with the same token hash or id', async () => {
    const { passwordResets } = subject().store.repositories;
    await passwordResets.create(reset('r-1', 1));
    await expect(passwordResets.create(reset('r-2', 1))).rejects.toMatchObject({ code: 'conflict' });
    await expect(passwordResets.create(reset('r-1', 3))).rejects.toMatchObject({ code: 'conflict' });
  });

  it('uses a reset once, and with it every other open reset of the same user', async () => {
    const { passwordResets } = subject().store.repositories;
    await passwordResets.create(reset('r-1', 1));
    await passwordResets.create(reset('r-2', 2));
    await passwordResets.create(reset('r-3', 3, { uid: 'u-2', email: 'bob@example.org' }));
    const at = '2026-01-01T10:30:00.000Z';
    expect(await passwordResets.use('r-2', at)).toBe(true);
    expect(await passwordResets.use('r-2', at)).toBe(false);
    expect(await passwordResets.findByHash(hash(2))).toMatchObject({ usedAt: at });
    expect(await passwordResets.findByHash(hash(1))).toMatchObject({ usedAt: at });
    expect(await passwordResets.use('r-1', at)).toBe(false);
    expect(await passwordResets.findByHash(hash(3))).toMatchObject({ usedAt: null });
    expect(await passwordResets.use('r-missing', at)).toBe(false);
  });

  it('does not use an expired reset', async () => {
    const { passwordResets } = subject().store.repositories;
    await passwordResets.create(reset('r-1', 1));
    expect(await passwordResets.use('r-1', '2026-01-01T11:00:00.000Z')).toBe(false);
    expect(await passwordResets.findByHash(hash(1))).toMatchObject({ usedAt: null });
  });

  it('lets only one of two concurrent uses succeed', async () => {
    const { passwordResets } = subject().store.repositories;
    await passwordResets.create(reset('r-1', 1));
    const results = await Promise.all([
      passwordResets.use('r-1', '2026-01-01T10:10:00.000Z'),
      passwordResets.use('r-1', '2026-01-01T10:10:00.000Z'),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('uses a reset inside a unit of work only when the unit commits', async () => {
    const { store } = subject();
    await store.repositories.passwordResets.create(reset('r-1', 1));
    await expect(
      store.unitOfWork.run(async (repositories) => {
        expect(await repositories.passwordResets.use('r-1', '2026-01-01T10:10:00.000Z')).toBe(true);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await store.repositories.passwordResets.findByHash(hash(1))).toMatchObject({ usedAt: null });
    await store.unitOfWork.run(async (repositories) => {
      expect(await repositories.passwordResets.use('r-1', '2026-01-01T10:10:00.000Z')).toBe(true);
    });
    expect(await store.repositories.passwordResets.findByHash(hash(1))).toMatchObject({
      usedAt: '2026-01-01T10:10:00.000Z',
    });
  });

  it('counts the resets asked for an address since a time, in any case', async () => {
    const { passwordResets } = subject().store.repositories;
    await passwordResets.create(reset('r-1', 1, { createdAt: '2026-01-01T09:00:00.000Z' }));
    await passwordResets.create(reset('r-2', 2, { createdAt: '2026-01-01T10:00:00.000Z' }));
    await passwordResets.create(reset('r-3', 3, { createdAt: '2026-01-01T10:20:00.000Z' }));
    await passwordResets.create(reset('r-4', 4, { email: 'bob@example.org', uid: 'u-2' }));
    expect(await passwordResets.countRequestedSince('ADA@example.org', '2026-01-01T10:00:00.000Z')).toBe(2);
    expect(await passwordResets.countRequestedSince('ada@example.org', '2026-01-01T08:00:00.000Z')).toBe(3);
    expect(await passwordResets.countRequestedSince('carol@example.org', '2026-01-01T08:00:00.000Z')).toBe(0);
  });
});
