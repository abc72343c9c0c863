import { expect, it } from 'vitest';
import { describeContract } from '../support/contract';

const promotion = (id: string, creatorId: string, rootCompanyId: string, createdAt = '2026-01-01T00:00:00.000Z') => ({
  id,
  creatorId,
  rootCompanyId,
  createdAt,
});
const audience = (id: string, campaignId: string, createdAt = '2026-01-01T00:00:00.000Z') => ({
  id,
  campaignId,
  audienceId: `aud-${id}`,
  createdAt,
});

describeContract('PromotionRepository', (subject) => {
  it('stores a promotion and finds it by id', async () => {
    const { promotions } = subject().store.repositories;
    const created = promotion('pr-1', 'p-1', 'c-1');
    expect(await promotions.promote(created)).toEqual(created);
    expect(await promotions.findById('pr-1')).toEqual(created);
    expect(await promotions.findById('pr-unknown')).toBeNull();
  });

  it('keeps one promotion per promoter and campaign: promoting again answers the existing one', async () => {
    const { promotions } = subject().store.repositories;
    const first = promotion('pr-1', 'p-1', 'c-1');
    await promotions.promote(first);
    expect(await promotions.promote(promotion('pr-2', 'p-1', 'c-1', '2026-02-01T00:00:00.000Z'))).toEqual(first);
    expect(await promotions.findById('pr-2')).toBeNull();
    expect(await promotions.listByCreator('p-1')).toEqual([first]);
  });

  it("lists a promoter's promotions, and no one else's", async () => {
    const { promotions } = subject().store.repositories;
    await promotions.promote(promotion('pr-1', 'p-1', 'c-1'));
    await promotions.promote(promotion('pr-2', 'p-1', 'c-2', '2026-01-02T00:00:00.000Z'));
    await promotions.promote(promotion('pr-3', 'p-2', 'c-1'));
    expect((await promotions.listByCreator('p-1')).map((item) => item.id).sort()).toEqual(['pr-1', 'pr-2']);
    expect(await promotions.listByCreator('p-none')).toEqual([]);
  });

  it("lists a campaign's promotions, and no other campaign's", async () => {
    const { promotions } = subject().store.repositories;
    await promotions.promote(promotion('pr-1', 'p-1', 'c-1'));
    await promotions.promote(promotion('pr-2', 'p-2', 'c-1'));
    await promotions.promote(promotion('pr-3', 'p-1', 'c-2'));
    expect((await promotions.listByRootCompany('c-1')).map((item) => item.id).sort()).toEqual(['pr-1', 'pr-2']);
  });

  it("adds audiences and lists a campaign's audiences", async () => {
    const { promotions } = subject().store.repositories;
    const first = audience('au-1', 'c-1');
    expect(await promotions.addAudience(first)).toEqual(first);
    await promotions.addAudience(audience('au-2', 'c-1', '2026-01-02T00:00:00.000Z'));
    await promotions.addAudience(audience('au-3', 'c-2'));
    const listed = await promotions.listAudiences('c-1');
    expect(listed.map((item) => item.id).sort()).toEqual(['au-1', 'au-2']);
    expect(listed.find((item) => item.id === 'au-1')).toEqual(first);
    expect(await promotions.listAudiences('c-none')).toEqual([]);
  });

  it('writes promotion.created once per promotion and audience.created per audience', async () => {
    const { store } = subject();
    await store.repositories.promotions.promote(promotion('pr-1', 'p-1', 'c-1'));
    await store.repositories.promotions.promote(promotion('pr-2', 'p-1', 'c-1'));
    await store.repositories.promotions.addAudience(audience('au-1', 'c-1'));
    const events = await store.outbox.pending(10);
    expect(events.map((event) => event.type)).toEqual(['promotion.created', 'audience.created']);
    expect(events[0]).toMatchObject({
      aggregateType: 'promotion',
      aggregateId: 'pr-1',
      payload: { promotion: { id: 'pr-1' } },
    });
    expect(events[1]).toMatchObject({
      aggregateType: 'audience',
      aggregateId: 'au-1',
      payload: { audience: { id: 'au-1' } },
    });
  });
});
