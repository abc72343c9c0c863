import { expect, it } from 'vitest';
import type { NewCampaign } from '@causeway/core/campaigns/campaign.entity';
import { describeContract } from '@causeway/tests/support/contract';

const day = (n: number) => `2026-01-${String(n).padStart(2, '0')}T00:00:00.000Z`;

const campaign = (campaignUUID: string, overrides: Partial<NewCampaign> = {}): NewCampaign => ({
  campaignUUID,
  userId: 'user-1',
  organizationId: 'org-1',
  createdAt: day(1),
  isPaid: true,
  ...overrides,
});

describeContract('CampaignRepository', (subject) => {
  const repo = () => subject().store.repositories.campaigns;
  const uuids = (campaigns: { campaignUUID: string }[]) => campaigns.map((c) => c.campaignUUID);

  it('creates a campaign with every field kept and the defaults filled in, found again by campaignUUID', async () => {
    const created = await repo().create(
      campaign('c-1', {
        campaignName: 'Clean water',
        campaignTags: ['water'],
        budgetLifetime: 250_000,
        promoters: ['p-1', 'p-2'],
        creativeIds: ['cr-1'],
        adIds: ['ad-1'],
        statesAmobee: [{ stateCode: 'CA', cities: [{ city: 'Fresno' }] }],
        campaignAdsFiles: [
          {
            name: 'spot.mp4',
            typeFormat: 'video',
            amobeeCreativeAsset: { adSizeId: '12', creativeAssetKey: 'key-1' },
          },
        ],
        workflow: [
          {
            workflowId: 'w-1',
            status: 'Published',
            statusDate: day(1),
            statusUser: 'admin-1',
            comments: [{ comment: 'Your campaign had been published', createdAt: day(1), createdBy: 'admin-1' }],
          },
        ],
        workflowstatus: 'Published',
        endDate: '2026-03-01T00:00:00.000Z',
      }),
    );
    expect(created).toMatchObject({
      campaignUUID: 'c-1',
      campaignName: 'Clean water',
      budgetLifetime: 250_000,
      budgetTargetCpc: 100,
      campaignRaised: 0,
      donators: null,
      promoters: ['p-1', 'p-2'],
      statesAmobee: [{ stateCode: 'CA', cities: [{ city: 'Fresno' }] }],
      campaignAdsFiles: [{ name: 'spot.mp4', amobeeCreativeAsset: { adSizeId: '12', creativeAssetKey: 'key-1' } }],
      workflow: [{ workflowId: 'w-1', status: 'Published' }],
      endDate: '2026-03-01T00:00:00.000Z',
      startDate: null,
      isDeleted: false,
    });
    expect(await repo().findById('c-1')).toEqual(created);
    expect(await repo().findById('c-missing')).toBeNull();
  });

  it('refuses a second campaign with the same campaignUUID with a conflict', async () => {
    await repo().create(campaign('c-1', { campaignName: 'First' }));
    await expect(repo().create(campaign('c-1', { campaignName: 'Second' }))).rejects.toMatchObject({
      code: 'conflict',
    });
    expect(await repo().findById('c-1')).toMatchObject({ campaignName: 'First' });
  });

  it('lists the campaigns not deleted, newest first', async () => {
    await repo().create(campaign('old', { createdAt: day(1) }));
    await repo().create(campaign('newest', { createdAt: day(3) }));
    await repo().create(campaign('middle', { createdAt: day(2) }));
    await repo().create(campaign('deleted', { createdAt: day(4) }));
    await repo().softDelete('deleted');
    expect(uuids(await repo().list())).toEqual(['newest', 'middle', 'old']);
    expect(uuids(await repo().list({ includeDeleted: true }))).toEqual(['deleted', 'newest', 'middle', 'old']);
    expect(
      uuids(await repo().list({ includeDeleted: true }, { limit: 2, after: { at: day(3), id: 'newest' } })),
    ).toEqual(['middle', 'old']);
  });

  it('filters the list by user, organization, creation time (inclusive) and payment', async () => {
    await repo().create(campaign('a', { createdAt: day(1), userId: 'user-1', organizationId: 'org-1' }));
    await repo().create(campaign('b', { createdAt: day(2), userId: 'user-2', organizationId: 'org-1', isPaid: false }));
    await repo().create(campaign('c', { createdAt: day(3), userId: 'user-3', organizationId: 'org-2' }));
    expect(uuids(await repo().list({ userId: 'user-2' }))).toEqual(['b']);
    expect(uuids(await repo().list({ organizationId: 'org-1' }))).toEqual(['b', 'a']);
    expect(uuids(await repo().list({ createdSince: day(2) }))).toEqual(['c', 'b']);
    expect(uuids(await repo().list({ paidOnly: true }))).toEqual(['c', 'a']);
    expect(uuids(await repo().list({ organizationId: 'org-1', paidOnly: true, createdSince: day(1) }))).toEqual(['a']);
  });

  it('overwrites only the supplied fields on update, and answers null for an unknown campaign', async () => {
    await repo().create(campaign('c-1', { campaignName: 'Old', campaignTitle: 'Title', adIds: ['ad-1'] }));
    const updated = await repo().update('c-1', {
      campaignName: 'New',
      adIds: ['ad-1', 'ad-2'],
      insertionOrderId: 'io-1',
      amobeeDeployed: true,
    });
    expect(updated).toMatchObject({
      campaignUUID: 'c-1',
      campaignName: 'New',
      campaignTitle: 'Title',
      adIds: ['ad-1', 'ad-2'],
      insertionOrderId: 'io-1',
      amobeeDeployed: true,
      userId: 'user-1',
      createdAt: day(1),
    });
    expect(await repo().findById('c-1')).toEqual(updated);
    expect(await repo().update('c-missing', { campaignName: 'x' })).toBeNull();
  });

  it('soft-deletes: the campaign is marked deleted, and the answer says whether it existed', async () => {
    await repo().create(campaign('c-1'));
    expect(await repo().softDelete('c-1')).toBe(true);
    expect(await repo().findById('c-1')).toMatchObject({ isDeleted: true });
    expect(await repo().softDelete('c-missing')).toBe(false);
  });

  it('counts a donation: raised grows by the amount, donators counts a missing value as 0', async () => {
    await repo().create(campaign('c-1', { campaignRaised: 1_000 }));
    expect(await repo().countDonation('c-1', 2_500)).toMatchObject({ campaignRaised: 3_500, donators: 1 });
    expect(await repo().countDonation('c-1', 500)).toMatchObject({ campaignRaised: 4_000, donators: 2 });
    expect(await repo().findById('c-1')).toMatchObject({ campaignRaised: 4_000, donators: 2 });
    expect(await repo().countDonation('c-missing', 100)).toBeNull();
  });

  it('loses no donation when many are counted at once', async () => {
    await repo().create(campaign('c-1', { donators: 3, campaignRaised: 700 }));
    await Promise.all(Array.from({ length: 50 }, (_, n) => repo().countDonation('c-1', 100 + n)));
    // 50 gifts of 100..149 cents: 50 * 100 + (0 + ... + 49) = 6225.
    expect(await repo().findById('c-1')).toMatchObject({ campaignRaised: 700 + 6_225, donators: 53 });
  });

  it('counts several donations in one call: raised grows by their amount, donators by their number', async () => {
    await repo().create(campaign('c-1', { campaignRaised: 1_000 }));
    expect(await repo().countDonations('c-1', 2_500, 3)).toMatchObject({ campaignRaised: 3_500, donators: 3 });
    expect(await repo().countDonations('c-1', 0, 1)).toMatchObject({ campaignRaised: 3_500, donators: 4 });
    await Promise.all([
      ...Array.from({ length: 10 }, () => repo().countDonations('c-1', 1_000, 2)),
      ...Array.from({ length: 10 }, () => repo().countDonation('c-1', 100)),
    ]);
    expect(await repo().findById('c-1')).toMatchObject({ campaignRaised: 3_500 + 10_000 + 1_000, donators: 34 });
    expect(await repo().countDonations('c-missing', 100, 1)).toBeNull();
    await expect(repo().countDonations('c-1', -1, 1)).rejects.toMatchObject({ code: 'invalid' });
    await expect(repo().countDonations('c-1', 100, 1.5)).rejects.toMatchObject({ code: 'invalid' });
  });

  it('takes a refund off the totals, the donor too when they left, never below zero', async () => {
    await repo().create(campaign('c-1', { campaignRaised: 5_000, donators: 2 }));
    expect(await repo().uncountDonation('c-1', 1_000, { donorLeft: false })).toMatchObject({
      campaignRaised: 4_000,
      donators: 2,
    });
    expect(await repo().uncountDonation('c-1', 1_500, { donorLeft: true })).toMatchObject({
      campaignRaised: 2_500,
      donators: 1,
    });
    expect(await repo().uncountDonation('c-1', 9_000, { donorLeft: true })).toMatchObject({
      campaignRaised: 0,
      donators: 0,
    });
    expect(await repo().uncountDonation('c-1', 100, { donorLeft: true })).toMatchObject({
      campaignRaised: 0,
      donators: 0,
    });
    await repo().create(campaign('c-2'));
    expect(await repo().uncountDonation('c-2', 100, { donorLeft: false })).toMatchObject({ donators: null });
    expect(await repo().uncountDonation('c-missing', 100, { donorLeft: true })).toBeNull();
    await expect(repo().uncountDonation('c-1', -5, { donorLeft: false })).rejects.toMatchObject({ code: 'invalid' });
  });

  it('sets the totals an update supplies, counting later donations from them', async () => {
    await repo().create(campaign('c-1', { campaignRaised: 1_000, donators: 1 }));
    await repo().countDonation('c-1', 500);
    await repo().uncountDonation('c-1', 200, { donorLeft: false });
    expect(await repo().update('c-1', { campaignRaised: 300, donators: 4 })).toMatchObject({
      campaignRaised: 300,
      donators: 4,
    });
    expect(await repo().findById('c-1')).toMatchObject({ campaignRaised: 300, donators: 4 });
    expect(await repo().countDonation('c-1', 50)).toMatchObject({ campaignRaised: 350, donators: 5 });
    await repo().update('c-1', { campaignName: 'Renamed' });
    expect(await repo().findById('c-1')).toMatchObject({ campaignRaised: 350, donators: 5 });
    expect(await repo().list()).toMatchObject([{ campaignUUID: 'c-1', campaignRaised: 350, donators: 5 }]);
  });

  it('writes its domain event with each change, none for reads or unknown campaigns', async () => {
    const { store } = subject();
    await repo().create(campaign('c-1'));
    await repo().update('c-1', { campaignName: 'Renamed' });
    await repo().countDonation('c-1', 1_000);
    await repo().softDelete('c-1');
    await repo().findById('c-1');
    await repo().list();
    await repo().update('c-missing', { campaignName: 'x' });
    await repo().softDelete('c-missing');
    await repo().countDonation('c-missing', 100);
    const events = await store.outbox.pending(100);
    expect(events.map((event) => [event.type, event.aggregateId])).toEqual([
      ['campaign.created', 'c-1'],
      ['campaign.updated', 'c-1'],
      ['campaign.donationCounted', 'c-1'],
      ['campaign.deleted', 'c-1'],
    ]);
    expect(events[2]?.payload).toMatchObject({ campaignUUID: 'c-1', amountCents: 1_000 });
  });
});
