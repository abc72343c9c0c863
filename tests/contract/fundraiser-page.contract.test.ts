import { expect, it } from 'vitest';
import { FundraiserPage } from '@causeway/core/promotion/fundraiser-page.entity';
import { describeContract } from '@causeway/tests/support/contract';

const page = (id: string, fields: Partial<FundraiserPage> = {}): FundraiserPage =>
  FundraiserPage.parse({
    id,
    promoterId: 'p-1',
    campaignId: 'c-1',
    organizationId: 'org-1',
    headline: 'Running for the food bank',
    story: 'Every mile I run is a meal.\n\nJoin me.',
    photo: '/files/fundraisers/c-1/p-1.png',
    goalCents: 50_000,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...fields,
  });

describeContract('FundraiserPageRepository', (subject) => {
  it("saves a promoter's page for a campaign and finds it by the pair", async () => {
    const { fundraiserPages } = subject().store.repositories;
    const first = page('f-1');
    expect(await fundraiserPages.save(first)).toEqual(first);
    expect(await fundraiserPages.find('c-1', 'p-1')).toEqual(first);
    expect(await fundraiserPages.find('c-1', 'p-2')).toBeNull();
    expect(await fundraiserPages.find('c-2', 'p-1')).toBeNull();
  });

  it('keeps one page per promoter and campaign: saving again changes its content, keeping id, creation and hiding', async () => {
    const { fundraiserPages } = subject().store.repositories;
    await fundraiserPages.save(page('f-1'));
    await fundraiserPages.setVisibility('c-1', 'p-1', {
      hidden: true,
      reason: 'A photo that is not theirs',
      at: '2026-01-02T00:00:00.000Z',
      by: 'campaigner-1',
    });
    const saved = await fundraiserPages.save(
      page('f-2', {
        headline: 'New words',
        story: 'Changed',
        photo: null,
        goalCents: 20_000,
        showOnLeaderboard: false,
        createdAt: '2026-01-03T00:00:00.000Z',
        updatedAt: '2026-01-03T00:00:00.000Z',
      }),
    );
    const expected = page('f-1', {
      headline: 'New words',
      story: 'Changed',
      photo: null,
      goalCents: 20_000,
      showOnLeaderboard: false,
      updatedAt: '2026-01-03T00:00:00.000Z',
      hidden: true,
      hiddenReason: 'A photo that is not theirs',
      hiddenAt: '2026-01-02T00:00:00.000Z',
      hiddenBy: 'campaigner-1',
    });
    expect(saved).toEqual(expected);
    expect(await fundraiserPages.find('c-1', 'p-1')).toEqual(expected);
    expect(await fundraiserPages.listByCampaign('c-1')).toEqual([expected]);
  });

  it('keeps one page when the same promoter saves twice at once', async () => {
    const { fundraiserPages } = subject().store.repositories;
    await Promise.all([fundraiserPages.save(page('f-1')), fundraiserPages.save(page('f-2', { headline: 'Other' }))]);
    const listed = await fundraiserPages.listByCampaign('c-1');
    expect(listed).toHaveLength(1);
  });

  it('refuses a new page under an id another page has', async () => {
    const { fundraiserPages } = subject().store.repositories;
    await fundraiserPages.save(page('f-1'));
    await expect(fundraiserPages.save(page('f-1', { promoterId: 'p-2' }))).rejects.toMatchObject({ code: 'conflict' });
  });

  it('hides a page with a reason and shows it again, forgetting the reason', async () => {
    const { fundraiserPages } = subject().store.repositories;
    await fundraiserPages.save(page('f-1'));
    const hidden = await fundraiserPages.setVisibility('c-1', 'p-1', {
      hidden: true,
      reason: 'Not fit to show',
      at: '2026-01-02T00:00:00.000Z',
      by: 'campaigner-1',
    });
    expect(hidden).toEqual(
      page('f-1', {
        hidden: true,
        hiddenReason: 'Not fit to show',
        hiddenAt: '2026-01-02T00:00:00.000Z',
        hiddenBy: 'campaigner-1',
      }),
    );
    const shown = await fundraiserPages.setVisibility('c-1', 'p-1', {
      hidden: false,
      reason: 'ignored',
      at: '2026-01-03T00:00:00.000Z',
      by: 'campaigner-1',
    });
    expect(shown).toEqual(page('f-1'));
    expect(await fundraiserPages.find('c-1', 'p-1')).toEqual(page('f-1'));
    expect(
      await fundraiserPages.setVisibility('c-1', 'nobody', {
        hidden: true,
        reason: null,
        at: '2026-01-03T00:00:00.000Z',
        by: 'x',
      }),
    ).toBeNull();
  });

  it("lists a campaign's pages oldest first, a promoter's and an organization's newest first", async () => {
    const { fundraiserPages } = subject().store.repositories;
    await fundraiserPages.save(page('f-2', { promoterId: 'p-2', createdAt: '2026-01-02T00:00:00.000Z' }));
    await fundraiserPages.save(page('f-1', { createdAt: '2026-01-01T00:00:00.000Z' }));
    await fundraiserPages.save(
      page('f-3', { campaignId: 'c-2', organizationId: 'org-2', createdAt: '2026-01-03T00:00:00.000Z' }),
    );
    const ids = (pages: FundraiserPage[]) => pages.map((item) => item.id);
    expect(ids(await fundraiserPages.listByCampaign('c-1'))).toEqual(['f-1', 'f-2']);
    expect(ids(await fundraiserPages.listByPromoter('p-1'))).toEqual(['f-3', 'f-1']);
    expect(ids(await fundraiserPages.listByOrganization('org-1'))).toEqual(['f-2', 'f-1']);
    expect(ids(await fundraiserPages.listByOrganization('org-2'))).toEqual(['f-3']);
    expect(await fundraiserPages.listByCampaign('c-3')).toEqual([]);
  });

  it('keeps pages of campaign and promoter ids that read alike apart', async () => {
    const { fundraiserPages } = subject().store.repositories;
    await fundraiserPages.save(page('f-1', { campaignId: 'a-b', promoterId: 'c' }));
    await fundraiserPages.save(page('f-2', { campaignId: 'a', promoterId: 'b-c' }));
    expect((await fundraiserPages.find('a-b', 'c'))?.id).toBe('f-1');
    expect((await fundraiserPages.find('a', 'b-c'))?.id).toBe('f-2');
  });
});
