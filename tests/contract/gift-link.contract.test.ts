import { expect, it } from 'vitest';
import type { GiftLink } from '@causeway/core/donor-gifts/gift-link.entity';
import { describeContract } from '@causeway/tests/support/contract';

const hash = (n: number) => n.toString(16).padStart(64, '0');
const link = (id: string, n: number, overrides: Partial<GiftLink> = {}): GiftLink => ({
  id,
  email: 'ada@example.org',
  purpose: 'request',
  tokenHash: hash(n),
  createdAt: '2026-01-01T10:00:00.000Z',
  expiresAt: '2026-01-01T11:00:00.000Z',
  usedAt: null,
  ...overrides,
});

describeContract('GiftLinkRepository', (subject) => {
  it('stores a link with its e-mail lowercased and finds it by its token hash', async () => {
    const { giftLinks } = subject().store.repositories;
    await giftLinks.create(link('g-1', 1, { email: 'Ada@Example.org', purpose: 'receipt' }));
    expect(await giftLinks.findByHash(hash(1))).toEqual(link('g-1', 1, { purpose: 'receipt' }));
    expect(await giftLinks.findByHash(hash(2))).toBeNull();
  });

  it('refuses a second link with the same id or token hash', async () => {
    const { giftLinks } = subject().store.repositories;
    await giftLinks.create(link('g-1', 1));
    await expect(giftLinks.create(link('g-2', 1))).rejects.toMatchObject({ code: 'conflict' });
    await expect(giftLinks.create(link('g-1', 3))).rejects.toMatchObject({ code: 'conflict' });
  });

  it('uses a link once, and never once it has expired', async () => {
    const { giftLinks } = subject().store.repositories;
    await giftLinks.create(link('g-1', 1));
    await giftLinks.create(link('g-2', 2));
    const at = '2026-01-01T10:30:00.000Z';
    expect(await giftLinks.use('g-1', at)).toBe(true);
    expect(await giftLinks.use('g-1', at)).toBe(false);
    expect((await giftLinks.findByHash(hash(1)))?.usedAt).toBe(at);
    expect(await giftLinks.use('g-2', '2026-01-01T11:00:00.000Z')).toBe(false);
    expect((await giftLinks.findByHash(hash(2)))?.usedAt).toBeNull();
    expect(await giftLinks.use('g-missing', at)).toBe(false);
  });

  it('lets only one of two concurrent uses succeed', async () => {
    const { giftLinks } = subject().store.repositories;
    await giftLinks.create(link('g-1', 1));
    const at = '2026-01-01T10:30:00.000Z';
    const results = await Promise.all([giftLinks.use('g-1', at), giftLinks.use('g-1', at)]);
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('counts the links of one purpose made for an address since an instant, in any case', async () => {
    const { giftLinks } = subject().store.repositories;
    await giftLinks.create(link('g-1', 1, { createdAt: '2026-01-01T09:00:00.000Z' }));
    await giftLinks.create(link('g-2', 2, { createdAt: '2026-01-01T10:00:00.000Z' }));
    await giftLinks.create(link('g-3', 3, { createdAt: '2026-01-01T10:10:00.000Z', purpose: 'receipt' }));
    await giftLinks.create(link('g-4', 4, { createdAt: '2026-01-01T10:20:00.000Z', email: 'bob@example.org' }));
    expect(await giftLinks.countCreatedSince('ADA@example.org', 'request', '2026-01-01T10:00:00.000Z')).toBe(1);
    expect(await giftLinks.countCreatedSince('ada@example.org', 'request', '2026-01-01T08:00:00.000Z')).toBe(2);
    expect(await giftLinks.countCreatedSince('ada@example.org', 'receipt', '2026-01-01T08:00:00.000Z')).toBe(1);
  });
});
