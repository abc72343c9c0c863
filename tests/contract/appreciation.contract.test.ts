import { expect, it } from 'vitest';
import { Appreciation } from '@causeway/core/appreciations/appreciation.entity';
import { describeContract } from '@causeway/tests/support/contract';

const appreciation = (id: string, fields: Partial<Appreciation> = {}): Appreciation =>
  Appreciation.parse({
    id,
    campaignId: 'c-1',
    campaigner_id: 'org-user-1',
    updateDate: '2026-01-01T00:00:00.000Z',
    ...fields,
  });

describeContract('AppreciationRepository', (subject) => {
  it("saves a campaign's own appreciation and finds it for the campaign", async () => {
    const { appreciations } = subject().store.repositories;
    const own = appreciation('a-1', { emailMessage: 'Thank you!', includeHeaderEmail: true });
    expect(await appreciations.save(own)).toEqual(own);
    expect(await appreciations.findForCampaign('c-1')).toEqual(own);
    expect(await appreciations.findForCampaign('c-1', null)).toEqual(own);
    expect(await appreciations.findForCampaign('c-2')).toBeNull();
  });

  it('keeps one appreciation per campaign and promoter: saving again replaces it, keeping its id', async () => {
    const { appreciations } = subject().store.repositories;
    await appreciations.save(appreciation('a-1', { pageMessage: 'First' }));
    const replaced = await appreciations.save(
      appreciation('a-2', {
        pageMessage: 'Second',
        includePageDonorAmount: false,
        updateDate: '2026-01-02T00:00:00.000Z',
      }),
    );
    const expected = appreciation('a-1', {
      pageMessage: 'Second',
      includePageDonorAmount: false,
      updateDate: '2026-01-02T00:00:00.000Z',
    });
    expect(replaced).toEqual(expected);
    expect(await appreciations.findForCampaign('c-1')).toEqual(expected);
    expect(await appreciations.listByCampaigner('org-user-1')).toEqual([expected]);
  });

  it("keeps the campaign's own appreciation and each promoter's apart", async () => {
    const { appreciations } = subject().store.repositories;
    await appreciations.save(appreciation('a-own', { pageMessage: 'Own' }));
    await appreciations.save(appreciation('a-p1', { promoter_id: 'p-1', pageMessage: 'P1' }));
    await appreciations.save(appreciation('a-p2', { promoter_id: 'p-2', pageMessage: 'P2' }));
    await appreciations.save(appreciation('a-p1-again', { promoter_id: 'p-1', pageMessage: 'P1 again' }));
    expect(await appreciations.findForCampaign('c-1')).toMatchObject({ id: 'a-own', pageMessage: 'Own' });
    expect(await appreciations.findForCampaign('c-1', 'p-1')).toMatchObject({ id: 'a-p1', pageMessage: 'P1 again' });
    expect(await appreciations.findForCampaign('c-1', 'p-2')).toMatchObject({ id: 'a-p2', pageMessage: 'P2' });
    expect(await appreciations.findForCampaign('c-1', 'p-3')).toBeNull();
  });

  it("lists a campaigner's appreciations across campaigns, and no one else's", async () => {
    const { appreciations } = subject().store.repositories;
    await appreciations.save(appreciation('a-1'));
    await appreciations.save(appreciation('a-2', { campaignId: 'c-2', promoter_id: 'p-1' }));
    await appreciations.save(appreciation('a-3', { campaignId: 'c-3', campaigner_id: 'org-user-2' }));
    const listed = await appreciations.listByCampaigner('org-user-1');
    expect(listed.map((item) => item.id).sort()).toEqual(['a-1', 'a-2']);
    expect(await appreciations.listByCampaigner('nobody')).toEqual([]);
  });

  it("lists a promoter's appreciations, and no campaign's own one", async () => {
    const { appreciations } = subject().store.repositories;
    await appreciations.save(appreciation('a-own'));
    await appreciations.save(appreciation('a-1', { promoter_id: 'p-1' }));
    await appreciations.save(appreciation('a-2', { campaignId: 'c-2', promoter_id: 'p-1' }));
    await appreciations.save(appreciation('a-3', { promoter_id: 'p-2' }));
    const listed = await appreciations.listByPromoter('p-1');
    expect(listed.map((item) => item.id).sort()).toEqual(['a-1', 'a-2']);
    expect(listed.find((item) => item.id === 'a-2')).toEqual(
      appreciation('a-2', { campaignId: 'c-2', promoter_id: 'p-1' }),
    );
  });

  it('writes an appreciation.saved event with each save', async () => {
    const { store } = subject();
    await store.repositories.appreciations.save(appreciation('a-1', { pageMessage: 'First' }));
    await store.repositories.appreciations.save(appreciation('a-2', { pageMessage: 'Second' }));
    const events = await store.outbox.pending(10);
    expect(events.map((event) => event.type)).toEqual(['appreciation.saved', 'appreciation.saved']);
    expect(events[1]).toMatchObject({
      aggregateType: 'appreciation',
      aggregateId: 'a-1',
      payload: { appreciation: { id: 'a-1', pageMessage: 'Second' } },
    });
  });
});
