import { expect, it } from 'vitest';
import type { NewCampaign, NewPreCampaign } from '@causeway/core/campaigns/campaign.entity';
import type { DonationRecord } from '@causeway/core/ports/donation.repository';
import { decodeCursor, pageOf, type PageKey, type PageRequest } from '@causeway/core/shared/paging';
import { describeContract } from '@causeway/tests/support/contract';

/** Seven instants, three of them shared: ties are ordered by id, and a page boundary falls inside them. */
const INSTANTS = [
  '2026-01-01T00:00:00.000Z',
  '2026-01-02T00:00:00.000Z',
  '2026-01-03T00:00:00.000Z',
  '2026-01-03T00:00:00.000Z',
  '2026-01-03T00:00:00.000Z',
  '2026-01-04T00:00:00.000Z',
  '2026-01-05T12:30:00.123Z',
];

/** Reads every page of a list, `limit` rows at a time, as the API does: one row more, a cursor from the last. */
async function everyPage<T>(
  read: (page: PageRequest) => Promise<T[]>,
  keyOf: (row: T) => PageKey,
  limit: number,
): Promise<T[][]> {
  const pages: T[][] = [];
  let after: PageKey | undefined;
  for (let turn = 0; turn < 20; turn++) {
    const page = pageOf(await read({ limit: limit + 1, ...(after ? { after } : {}) }), limit, keyOf);
    pages.push(page.items);
    if (page.nextCursor === null) return pages;
    after = decodeCursor(page.nextCursor);
  }
  throw new Error('The list never ended.');
}

/** The pages hold the whole list, in its order, each row once, `limit` at a time. */
async function expectPagesOf<T>(
  whole: T[],
  read: (page: PageRequest) => Promise<T[]>,
  keyOf: (row: T) => PageKey,
  id: (row: T) => string,
  limit = 3,
): Promise<void> {
  const pages = await everyPage(read, keyOf, limit);
  expect(pages.flat().map(id)).toEqual(whole.map(id));
  expect(pages.map((page) => page.length)).toEqual(
    Array.from({ length: Math.max(1, Math.ceil(whole.length / limit)) }, (_, index) =>
      Math.min(limit, whole.length - index * limit),
    ),
  );
}

const draft = (id: string, createdAt: string, overrides: Partial<NewPreCampaign> = {}): NewPreCampaign => ({
  id,
  campaignUUID: `uuid-${id}`,
  userId: 'user-1',
  organizationId: 'org-1',
  createdAt,
  ...overrides,
});

const campaign = (campaignUUID: string, createdAt: string, overrides: Partial<NewCampaign> = {}): NewCampaign => ({
  campaignUUID,
  userId: 'user-1',
  organizationId: 'org-1',
  createdAt,
  isPaid: true,
  ...overrides,
});

const donation = (n: number, donorId: string, at: string): DonationRecord => ({
  donator: { id: `dn-${n}`, campaignId: 'c-1', paymentIntentId: `pi_${n}`, amount: 1000, createdAt: at, updatedAt: at },
  donation: {
    id: `d-${n}`,
    campaign_id: 'c-1',
    user_id: null,
    amount: 1000,
    date: at,
    session_id: `cs_${n}`,
    payment_intent_id: `pi_${n}`,
    donor_id: donorId,
    donor_name: null,
    message: null,
    donation_percentage: 80,
    organization_share: 800,
    ad_budget_share: 200,
    refunded: 0,
  },
});

describeContract('Paging of every list', (subject) => {
  const repositories = () => subject().store.repositories;

  it('pages drafts, pending, pending-publish and publishing lists by their key, leaving the others out', async () => {
    const { preCampaigns } = repositories();
    const statuses = [null, 'New', 'Canceled', 'Pending', 'Approved'] as const;
    for (const [index, at] of INSTANTS.entries()) {
      for (const status of statuses) {
        await preCampaigns.create(draft(`${status ?? 'none'}-${index}`, at, { workflowstatus: status }));
      }
      await preCampaigns.create(draft(`paid-${index}`, at, { workflowstatus: 'Approved', isPaid: true }));
      await preCampaigns.create(draft(`other-${index}`, at, { organizationId: 'org-2', userId: 'user-2' }));
      await preCampaigns.create(draft(`gone-${index}`, at));
      await preCampaigns.softDelete(`gone-${index}`);
    }
    const key = (row: { createdAt: string; id: string }) => ({ at: row.createdAt, id: row.id });
    const id = (row: { id: string }) => row.id;
    const scope = { organizationId: 'org-1' };
    const drafts = await preCampaigns.findDrafts(scope);
    expect(drafts).toHaveLength(INSTANTS.length * 3);
    expect(drafts.some((row) => row.id.startsWith('gone-') || row.id.startsWith('other-'))).toBe(false);
    await expectPagesOf(drafts, (page) => preCampaigns.findDrafts(scope, page), key, id, 5);
    const pending = await preCampaigns.findPending({ userId: 'user-1' });
    expect(pending).toHaveLength(INSTANTS.length);
    await expectPagesOf(pending, (page) => preCampaigns.findPending({ userId: 'user-1' }, page), key, id);
    const pendingPublish = await preCampaigns.findPendingPublish();
    expect(pendingPublish.map(id).every((value) => value.startsWith('Approved-'))).toBe(true);
    await expectPagesOf(pendingPublish, (page) => preCampaigns.findPendingPublish(undefined, page), key, id);
    const publishing = await preCampaigns.findPublishing(scope);
    expect(publishing.map(id).every((value) => value.startsWith('paid-'))).toBe(true);
    await expectPagesOf(publishing, (page) => preCampaigns.findPublishing(scope, page), key, id, 2);
  });

  it('pages campaigns created since an instant, deleted ones left out', async () => {
    const { campaigns } = repositories();
    for (const [index, at] of INSTANTS.entries()) {
      await campaigns.create(campaign(`c-${index}`, at));
      await campaigns.create(campaign(`gone-${index}`, at));
      await campaigns.softDelete(`gone-${index}`);
    }
    const filter = { createdSince: INSTANTS[1]! };
    const whole = await campaigns.list(filter);
    expect(whole.map((row) => row.campaignUUID)).toEqual(['c-6', 'c-5', 'c-4', 'c-3', 'c-2', 'c-1']);
    await expectPagesOf(
      whole,
      (page) => campaigns.list(filter, page),
      (row) => ({ at: row.createdAt, id: row.campaignUUID }),
      (row) => row.campaignUUID,
      4,
    );
  });

  it('pages people by organization and account type, deleted ones only when asked for', async () => {
    const { users, organizations } = repositories();
    await organizations.create({ organizationId: 'org-1', name: 'Org 1', created_date: INSTANTS[0]! });
    for (const [index, at] of INSTANTS.entries()) {
      for (const kind of ['campaigner', 'promoter'] as const) {
        await users.create({
          UserId: `${kind}-${index}`,
          uid: `${kind}-${index}`,
          Email: `${kind}-${index}@example.org`,
          AccountType: kind,
          organizationId: 'org-1',
          createdAt: at,
        });
      }
    }
    await users.softDelete('promoter-3');
    const key = (row: { createdAt: string; uid: string }) => ({ at: row.createdAt, id: row.uid });
    const uid = (row: { uid: string }) => row.uid;
    const all = await users.list({ organizationId: 'org-1' });
    expect(all).toHaveLength(INSTANTS.length * 2 - 1);
    await expectPagesOf(all, (page) => users.list({ organizationId: 'org-1' }, page), key, uid, 4);
    const promoters = await users.list({ accountType: 'promoter', includeDeleted: true });
    expect(promoters).toHaveLength(INSTANTS.length);
    await expectPagesOf(
      promoters,
      (page) => users.list({ accountType: 'promoter', includeDeleted: true }, page),
      key,
      uid,
    );
  });

  it('pages the audit log, filtered or not', async () => {
    const { auditLogs } = repositories();
    for (const [index, at] of INSTANTS.entries()) {
      for (const event of ['update', 'delete']) {
        await auditLogs.append({
          id: `l-${event}-${index}`,
          created_by: 'u-admin',
          created_date: at,
          document: 'organizations',
          event,
          action: `Action ${index}`,
          trigger_id: null,
          trigger_name: null,
        });
      }
    }
    const key = (row: { created_date: string; id: string }) => ({ at: row.created_date, id: row.id });
    const id = (row: { id: string }) => row.id;
    const all = await auditLogs.list({ limit: 100 });
    expect(all).toHaveLength(INSTANTS.length * 2);
    await expectPagesOf(
      all,
      (page) => auditLogs.list({ limit: page.limit, ...(page.after ? { after: page.after } : {}) }),
      key,
      id,
      5,
    );
    const deletes = await auditLogs.list({ event: 'delete', limit: 100 });
    await expectPagesOf(
      deletes,
      (page) => auditLogs.list({ event: 'delete', limit: page.limit, ...(page.after ? { after: page.after } : {}) }),
      key,
      id,
    );
  });

  it("pages a person's notifications, all or unread", async () => {
    const { notifications } = repositories();
    for (const [index, at] of INSTANTS.entries()) {
      for (const userTo of ['casey', 'dana']) {
        await notifications.create({
          notification_id: `n-${userTo}-${index}`,
          notification_type: 'workflow',
          notification_message: `Message ${index}`,
          notification_date: at,
          notification_userTo: userTo,
          userId: userTo,
        });
      }
    }
    await notifications.markRead('n-casey-2', INSTANTS[6]!);
    const key = (row: { notification_date: string; notification_id: string }) => ({
      at: row.notification_date,
      id: row.notification_id,
    });
    const id = (row: { notification_id: string }) => row.notification_id;
    for (const unreadOnly of [false, true]) {
      const whole = await notifications.listForUser('casey', { unreadOnly });
      expect(whole).toHaveLength(INSTANTS.length - (unreadOnly ? 1 : 0));
      await expectPagesOf(
        whole,
        (page) =>
          notifications.listForUser('casey', {
            unreadOnly,
            limit: page.limit,
            ...(page.after ? { after: page.after } : {}),
          }),
        key,
        id,
      );
    }
  });

  it("pages a donor's own donations", async () => {
    const { donations } = repositories();
    for (const [index, at] of INSTANTS.entries()) {
      await donations.recordOnce(donation(index, 'donor-1', at));
      await donations.recordOnce(donation(100 + index, 'donor-2', at));
    }
    const whole = await donations.listDonationsByDonor('donor-1');
    expect(whole.map((row) => row.id)).toEqual(['d-6', 'd-5', 'd-4', 'd-3', 'd-2', 'd-1', 'd-0']);
    await expectPagesOf(
      whole,
      (page) => donations.listDonationsByDonor('donor-1', page),
      (row) => ({ at: row.date, id: row.id }),
      (row) => row.id,
      2,
    );
  });

  it('answers an empty page, without a cursor, for an empty list', async () => {
    const { users } = repositories();
    const page = pageOf(await users.list({ organizationId: 'nobody' }, { limit: 11 }), 10, (row) => ({
      at: row.createdAt,
      id: row.uid,
    }));
    expect(page).toEqual({ items: [], nextCursor: null });
  });
});
