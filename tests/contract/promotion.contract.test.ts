import { expect, it } from 'vitest';
import { describeContract } from '@causeway/tests/support/contract';

const promotion = (
  id: string,
  creatorId: string,
  campaignId: string,
  createdAt = '2026-01-01T00:00:00.000Z',
  rootCompanyId = 'org-1',
) => ({ id, creatorId, rootCompanyId, campaignId, createdAt });
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

  it('keeps a promotion of each of two campaigns of one organization by the same promoter', async () => {
    const { promotions } = subject().store.repositories;
    await promotions.promote(promotion('pr-1', 'p-1', 'c-1'));
    await promotions.promote(promotion('pr-2', 'p-1', 'c-2'));
    expect((await promotions.listByCreator('p-1')).map((item) => item.campaignId).sort()).toEqual(['c-1', 'c-2']);
  });

  it('stores one promotion when the same one is sent many times at once', async () => {
    const { promotions } = subject().store.repositories;
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, n) => promotions.promote(promotion(`pr-${n}`, 'p-1', 'c-1'))),
    );
    expect(new Set(answers.map((answer) => answer.id)).size).toBe(1);
    expect(await promotions.listByCampaign('c-1')).toHaveLength(1);
  });

  it("lists a campaign's promotions newest first, and no other campaign's", async () => {
    const { promotions } = subject().store.repositories;
    await promotions.promote(promotion('pr-1', 'p-1', 'c-1'));
    await promotions.promote(promotion('pr-2', 'p-2', 'c-1', '2026-01-03T00:00:00.000Z'));
    await promotions.promote(promotion('pr-3', 'p-1', 'c-2'));
    expect((await promotions.listByCampaign('c-1')).map((item) => item.id)).toEqual(['pr-2', 'pr-1']);
    expect(await promotions.listByCampaign('c-none')).toEqual([]);
  });

  it("lists an organization's promotions, and no other organization's", async () => {
    const { promotions } = subject().store.repositories;
    await promotions.promote(promotion('pr-1', 'p-1', 'c-1'));
    await promotions.promote(promotion('pr-2', 'p-2', 'c-2'));
    await promotions.promote(promotion('pr-3', 'p-1', 'c-3', undefined, 'org-2'));
    expect((await promotions.listByRootCompany('org-1')).map((item) => item.id).sort()).toEqual(['pr-1', 'pr-2']);
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
