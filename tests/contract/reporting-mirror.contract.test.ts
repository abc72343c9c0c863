import { sql } from 'kysely';
import { expect, it } from 'vitest';
import type { MirrorBatch } from '@causeway/core/ports/reporting.port';
import {
  emptyMirrorFacts,
  emptyMirrorKeys,
  type MirrorFacts,
  type MirrorGift,
} from '@causeway/core/reporting/mirror.entity';
import { describeMirror, mirrorSnapshot } from '@causeway/tests/support/reporting';
import { recomputeRollups } from '@causeway/tests/support/reporting-fixtures';

const now = new Date('2026-03-10T12:00:00.000Z');
const later = (ms: number) => new Date(now.getTime() + ms);

const facts = (partial: Partial<MirrorFacts>): MirrorFacts => ({ ...emptyMirrorFacts(), ...partial });

const gift = (id: string, overrides: Partial<MirrorGift> = {}): MirrorGift => ({
  paymentIntentId: id,
  campaignId: 'c-1',
  organizationId: 'org-1',
  occurredAt: '2026-03-09T10:00:00.000Z',
  amountCents: 2500,
  refundedCents: 0,
  donorId: null,
  donorName: 'Ada',
  donorEmail: 'Ada@Example.org',
  message: 'Stay warm, kids!',
  promoterId: 'p-1',
  channel: 'x',
  givenOn: null,
  cardBrand: null,
  cardLast4: null,
  receiptUrl: null,
  coveredFeeCents: 0,
  coveredFeeRefundedCents: 0,
  ...overrides,
});

const events = (...ids: string[]): MirrorBatch['events'] =>
  ids.map((id, index) => ({ id, position: index + 1, occurredAt: '2026-03-09T10:00:00.000Z' }));

const batch = (eventIds: string[], written: Partial<MirrorFacts>, gone = emptyMirrorKeys()): MirrorBatch => ({
  events: events(...eventIds),
  facts: facts(written),
  gone,
});

describeMirror(
  'ReportingMirror',
  (subject) => {
    const campaignDay = async (campaignId: string, day: string) => {
      const { mirrorDb } = subject();
      const row = await mirrorDb
        .selectFrom('reporting.campaign_days')
        .selectAll()
        .where('campaign_id', '=', campaignId)
        .where(sql`day::text`, '=', day)
        .executeTakeFirst();
      return row ?? null;
    };

    it('lets one holder at a time apply, until its lease ends or is released', async () => {
      const { mirror } = subject();
      const first = await mirror.claim('a', 10_000, now);
      expect(first?.holder).toBe('a');
      expect(await mirror.claim('b', 10_000, now)).toBeNull();
      const again = await mirror.claim('a', 10_000, later(1000));
      expect(again?.token).toBe(first!.token);
      const taken = await mirror.claim('b', 10_000, later(20_000));
      expect(taken?.holder).toBe('b');
      await expect(mirror.apply(first!, batch(['e-1'], {}), later(20_000))).rejects.toThrow(/lease/);
      await mirror.release(first!);
      expect(await mirror.claim('a', 10_000, later(21_000))).toBeNull();
      await mirror.release(taken!);
      expect((await mirror.claim('a', 10_000, later(21_000)))?.holder).toBe('a');
    });

    it('writes facts with their rollups and applies each event once', async () => {
      const { mirror } = subject();
      const lease = (await mirror.claim('a', 60_000, now))!;
      const written = {
        gifts: [gift('pi-1'), gift('pi-2', { donorEmail: 'ada@example.org', amountCents: 1000, channel: null })],
        shareClicks: [
          {
            clickId: 'k-1',
            campaignId: 'c-1',
            organizationId: 'org-1',
            promoterId: 'p-1',
            channel: 'x' as const,
            occurredAt: '2026-03-09T08:00:00.000Z',
          },
        ],
        adDays: [
          {
            campaignId: 'c-1',
            organizationId: 'org-1',
            day: '2026-03-09',
            impressions: 900,
            clicks: 9,
            spendCents: 300,
          },
        ],
      };
      expect(await mirror.apply(lease, batch(['e-1', 'e-2', 'e-3'], written), now)).toEqual({ applied: 3 });
      expect(await mirror.apply(lease, batch(['e-1', 'e-2', 'e-3'], written), now)).toEqual({ applied: 0 });
      expect(await mirror.applied(['e-1', 'e-9'])).toEqual(new Set(['e-1']));
      const day = await campaignDay('c-1', '2026-03-09');
      expect(day).toMatchObject({
        gifts: 2,
        gross_cents: 3500,
        raised_cents: 3500,
        donors: 1,
        impressions: 900,
        ad_clicks: 9,
        spend_cents: 300,
        share_clicks_x: 1,
        gifts_x: 1,
        raised_x: 2500,
      });
      const promoter = await subject()
        .mirrorDb.selectFrom('reporting.promoter_days')
        .selectAll()
        .where('promoter_id', '=', 'p-1')
        .executeTakeFirstOrThrow();
      expect(promoter).toMatchObject({ clicks_x: 1, gifts: 2, raised_cents: 3500 });
      const donors = await subject().mirrorDb.selectFrom('reporting.donors').selectAll().execute();
      expect(donors).toHaveLength(1);
      expect(donors[0]).toMatchObject({ donor_key: 'email:ada@example.org', gifts: 2, total_cents: 3500 });
      const status = await mirror.status();
      expect(status.eventsApplied).toBe(3);
      expect(status.lastEvent).toMatchObject({ id: 'e-3', position: 3, appliedAt: now.toISOString() });
    });

    it('recomputes what a refund and a deletion change, and nothing else remains', async () => {
      const { mirror, mirrorDb } = subject();
      const lease = (await mirror.claim('a', 60_000, now))!;
      await mirror.apply(
        lease,
        batch(['e-1'], { gifts: [gift('pi-1'), gift('pi-2', { donorEmail: 'b@example.org' })] }),
        now,
      );
      await mirror.apply(lease, batch(['e-2'], { gifts: [gift('pi-1', { refundedCents: 2500 })] }), now);
      expect(await campaignDay('c-1', '2026-03-09')).toMatchObject({
        gifts: 1,
        gross_cents: 5000,
        refunded_cents: 2500,
        refunds: 1,
        raised_cents: 2500,
        donors: 1,
      });
      expect(
        (await mirrorDb.selectFrom('reporting.donors').select('donor_key').execute()).map((r) => r.donor_key),
      ).toEqual(['email:b@example.org']);
      const gone = { ...emptyMirrorKeys(), gifts: ['pi-1', 'pi-2'] };
      await mirror.apply(lease, batch(['e-3'], {}, gone), now);
      expect(await campaignDay('c-1', '2026-03-09')).toBeNull();
      expect(await mirrorDb.selectFrom('reporting.donors').selectAll().execute()).toEqual([]);
      expect(await mirrorDb.selectFrom('reporting.promoter_days').selectAll().execute()).toEqual([]);
    });

    it('counts the gifts that covered the card fee and the fees covered, net of refunds, by day and scope', async () => {
      const { mirror, mirrorDb } = subject();
      const lease = (await mirror.claim('a', 60_000, now))!;
      await mirror.apply(
        lease,
        batch(['e-1'], {
          gifts: [gift('pi-1', { coveredFeeCents: 87 }), gift('pi-2', { donorEmail: 'b@example.org' })],
        }),
        now,
      );
      expect(await campaignDay('c-1', '2026-03-09')).toMatchObject({ gifts: 2, fee_gifts: 1, covered_fee_cents: 87 });
      // Refunded in full with its fee: the gift no longer counts, nor does its fee.
      await mirror.apply(
        lease,
        batch(['e-2'], {
          gifts: [gift('pi-1', { refundedCents: 2500, coveredFeeCents: 87, coveredFeeRefundedCents: 87 })],
        }),
        now,
      );
      expect(await campaignDay('c-1', '2026-03-09')).toMatchObject({ gifts: 1, fee_gifts: 0, covered_fee_cents: 0 });
      const scopes = await mirrorDb
        .selectFrom('reporting.scope_days')
        .select(['scope', 'fee_gifts', 'covered_fee_cents'])
        .orderBy('scope')
        .execute();
      expect(scopes.map((row) => [row.scope, Number(row.fee_gifts), Number(row.covered_fee_cents)])).toEqual([
        ['/', 0, 0],
        ['org-1', 0, 0],
      ]);
      await mirror.apply(lease, batch(['e-3'], { gifts: [gift('pi-3', { coveredFeeCents: 53 })] }), now);
      expect(await campaignDay('c-1', '2026-03-09')).toMatchObject({ gifts: 2, fee_gifts: 1, covered_fee_cents: 53 });
    });

    it('counts the gifts made on fundraising pages and on donate forms apart, net of refunds, by day, scope and promoter', async () => {
      const { mirror, mirrorDb } = subject();
      const lease = (await mirror.claim('a', 60_000, now))!;
      await mirror.apply(
        lease,
        batch(['e-1'], {
          gifts: [
            gift('pi-1', { givenOn: 'fundraiser_page' }),
            gift('pi-2', { givenOn: 'fundraiser_page', amountCents: 1000, donorEmail: 'b@example.org' }),
            gift('pi-3', { givenOn: 'donate_form', amountCents: 4000, promoterId: null, channel: null }),
            gift('pi-4', { givenOn: 'campaign_page', amountCents: 700 }),
            gift('pi-5', { amountCents: 300 }),
          ],
        }),
        now,
      );
      expect(await campaignDay('c-1', '2026-03-09')).toMatchObject({
        gifts: 5,
        gifts_on_fundraiser_page: 2,
        raised_on_fundraiser_page: 3500,
        gifts_on_donate_form: 1,
        raised_on_donate_form: 4000,
      });
      const promoterDay = () =>
        mirrorDb
          .selectFrom('reporting.promoter_days')
          .select(['gifts', 'raised_cents', 'page_gifts', 'page_raised_cents'])
          .where('promoter_id', '=', 'p-1')
          .executeTakeFirstOrThrow();
      expect(await promoterDay()).toEqual({ gifts: 4, raised_cents: 4500, page_gifts: 2, page_raised_cents: 3500 });
      // A page's gift refunded in part, another in full: the refunded one no longer counts, nor its amount.
      await mirror.apply(
        lease,
        batch(['e-2'], {
          gifts: [
            gift('pi-1', { givenOn: 'fundraiser_page', refundedCents: 500 }),
            gift('pi-2', {
              givenOn: 'fundraiser_page',
              amountCents: 1000,
              refundedCents: 1000,
              donorEmail: 'b@example.org',
            }),
          ],
        }),
        now,
      );
      expect(await campaignDay('c-1', '2026-03-09')).toMatchObject({
        gifts_on_fundraiser_page: 1,
        raised_on_fundraiser_page: 2000,
        gifts_on_donate_form: 1,
      });
      expect(await promoterDay()).toEqual({ gifts: 3, raised_cents: 3000, page_gifts: 1, page_raised_cents: 2000 });
      const scopes = await mirrorDb
        .selectFrom('reporting.scope_days')
        .select(['scope', 'gifts_on_fundraiser_page', 'raised_on_fundraiser_page', 'raised_on_donate_form'])
        .orderBy('scope')
        .execute();
      expect(scopes.map((row) => Object.values(row).map(String))).toEqual([
        ['/', '1', '2000', '4000'],
        ['org-1', '1', '2000', '4000'],
      ]);
      const gone = { ...emptyMirrorKeys(), gifts: ['pi-3'] };
      await mirror.apply(lease, batch(['e-3'], {}, gone), now);
      expect(await campaignDay('c-1', '2026-03-09')).toMatchObject({
        gifts_on_donate_form: 0,
        raised_on_donate_form: 0,
      });
    });

    it("replaces a campaign's ad days together", async () => {
      const { mirror } = subject();
      const lease = (await mirror.claim('a', 60_000, now))!;
      const adDay = (day: string, impressions: number) => ({
        campaignId: 'c-1',
        organizationId: 'org-1',
        day,
        impressions,
        clicks: 1,
        spendCents: 10,
      });
      await mirror.apply(lease, batch(['e-1'], { adDays: [adDay('2026-03-08', 10), adDay('2026-03-09', 20)] }), now);
      await mirror.apply(lease, batch(['e-2'], { adDays: [adDay('2026-03-09', 25)] }), now);
      expect(await campaignDay('c-1', '2026-03-08')).toBeNull();
      expect(await campaignDay('c-1', '2026-03-09')).toMatchObject({ impressions: 25 });
    });

    it('equals, once cleared, loaded and finished, the mirror built by batches', async () => {
      const { mirror, mirrorDb } = subject();
      const lease = (await mirror.claim('a', 60_000, now))!;
      const all = {
        organizations: [{ organizationId: 'org-1', name: 'Warm Kids', isDeleted: false }],
        gifts: [
          gift('pi-1', { coveredFeeCents: 87, givenOn: 'fundraiser_page' }),
          gift('pi-2', {
            occurredAt: '2026-03-10T01:00:00.000Z',
            refundedCents: 500,
            coveredFeeCents: 30,
            givenOn: 'donate_form',
          }),
        ],
        checkouts: [
          {
            sessionId: 's-1',
            campaignId: 'c-1',
            organizationId: 'org-1',
            occurredAt: '2026-03-09T09:59:00.000Z',
            amountCents: 2500,
            promoterId: 'p-1',
            channel: null,
          },
        ],
      };
      await mirror.apply(lease, batch(['e-1'], { gifts: all.gifts.slice(0, 1) }), now);
      await mirror.apply(lease, batch(['e-2'], { gifts: all.gifts.slice(1), organizations: all.organizations }), now);
      await mirror.apply(lease, batch(['e-3'], { checkouts: all.checkouts }), now);
      const live = await mirrorSnapshot(mirrorDb);
      await mirror.clear(lease);
      expect((await mirrorSnapshot(mirrorDb)).gifts).toEqual([]);
      expect((await mirror.status()).eventsApplied).toBe(0);
      await mirror.load(lease, { gifts: all.gifts });
      await mirror.load(lease, { organizations: all.organizations, checkouts: all.checkouts });
      await mirror.finishRebuild(lease, later(5000));
      expect(await mirrorSnapshot(mirrorDb)).toEqual(live);
      expect((await mirror.status()).lastRebuildAt).toBe(later(5000).toISOString());
    });

    it('keeps the rollups read whole exact: scope days, donors’ days, campaign and promoter totals', async () => {
      const { mirror, mirrorDb } = subject();
      const lease = (await mirror.claim('a', 60_000, now))!;
      const campaign = (campaignId: string, organizationId: string) => ({
        campaignId,
        organizationId,
        ownerId: 'u-1',
        name: campaignId,
        title: campaignId,
        goalCents: 0,
        deadline: null,
        budgetLifetimeCents: 0,
        targetCpcCents: 0,
        createdAt: '2026-03-01T00:00:00.000Z',
        isDeleted: false,
        coverImage: null,
      });
      const counts = async (scope: string) =>
        (
          await sql<{ day: string; since: string; donors: number }>`
            select day::text as day, since::text as since, donors from reporting.donor_day_counts
            where scope = ${scope} order by day, since`.execute(mirrorDb)
        ).rows;
      await mirror.apply(
        lease,
        batch(['e-1'], {
          campaigns: [campaign('c-1', 'org-1'), campaign('c-2', 'org-2')],
          gifts: [
            gift('pi-1'),
            gift('pi-2', { campaignId: 'c-2', organizationId: 'org-2', occurredAt: '2026-03-05T10:00:00.000Z' }),
          ],
        }),
        now,
      );
      // A gift between the two: the later day's donor now gave the day before it.
      await mirror.apply(
        lease,
        batch(['e-2'], {
          gifts: [gift('pi-3', { occurredAt: '2026-03-07T10:00:00.000Z', promoterId: 'p-2' })],
          promotions: [
            {
              promotionId: 'pr-1',
              promoterId: 'p-2',
              campaignId: 'c-1',
              organizationId: 'org-1',
              createdAt: now.toISOString(),
            },
          ],
        }),
        now,
      );
      expect(await counts('/')).toEqual([
        { day: '2026-03-05', since: '2026-03-05', donors: 1 },
        { day: '2026-03-07', since: '2026-03-05', donors: 1 },
        { day: '2026-03-09', since: '2026-03-07', donors: 1 },
      ]);
      expect(await counts('org-1')).toEqual([
        { day: '2026-03-07', since: '2026-03-07', donors: 1 },
        { day: '2026-03-09', since: '2026-03-07', donors: 1 },
      ]);
      // Refunded in full, the gift between leaves its day.
      await mirror.apply(
        lease,
        batch(['e-3'], {
          gifts: [gift('pi-3', { occurredAt: '2026-03-07T10:00:00.000Z', refundedCents: 2500, promoterId: 'p-2' })],
        }),
        now,
      );
      // The same event again changes nothing.
      await mirror.apply(
        lease,
        batch(['e-3'], {
          gifts: [gift('pi-3', { occurredAt: '2026-03-07T10:00:00.000Z', refundedCents: 2500, promoterId: 'p-2' })],
        }),
        now,
      );
      expect(await counts('/')).toEqual([
        { day: '2026-03-05', since: '2026-03-05', donors: 1 },
        { day: '2026-03-09', since: '2026-03-05', donors: 1 },
      ]);
      expect(await counts('org-1')).toEqual([{ day: '2026-03-09', since: '2026-03-09', donors: 1 }]);
      const scopeDays = await sql<{ scope: string; day: string; gifts: number; raised: number }>`
        select scope, day::text as day, gifts, raised_cents as raised from reporting.scope_days order by scope, day`.execute(
        mirrorDb,
      );
      expect(scopeDays.rows.map((row) => [row.scope, row.day, Number(row.gifts), Number(row.raised)])).toEqual([
        ['/', '2026-03-05', 1, 2500],
        ['/', '2026-03-07', 0, 0],
        ['/', '2026-03-09', 1, 2500],
        ['org-1', '2026-03-07', 0, 0],
        ['org-1', '2026-03-09', 1, 2500],
        ['org-2', '2026-03-05', 1, 2500],
      ]);
      const totals = await mirrorDb
        .selectFrom('reporting.campaign_totals')
        .selectAll()
        .orderBy('campaign_id')
        .execute();
      expect(
        totals.map((row) => [row.campaign_id, Number(row.gifts), Number(row.donors), Number(row.promoters)]),
      ).toEqual([
        ['c-1', 1, 1, 1],
        ['c-2', 1, 1, 0],
      ]);
      const promoters = await mirrorDb
        .selectFrom('reporting.promoter_totals')
        .select(['scope', 'promoter_id', 'gifts', 'raised_cents'])
        .orderBy('scope')
        .orderBy('promoter_id')
        .execute();
      expect(promoters.map((row) => [row.scope, row.promoter_id, Number(row.gifts), Number(row.raised_cents)])).toEqual(
        [
          ['/', 'p-1', 2, 5000],
          ['/', 'p-2', 0, 0],
          ['org-1', 'p-1', 1, 2500],
          ['org-1', 'p-2', 0, 0],
          ['org-2', 'p-1', 1, 2500],
        ],
      );
      // Gone from the store: what it added leaves every rollup, and they equal ones computed afresh.
      await mirror.apply(lease, batch(['e-4'], {}, { ...emptyMirrorKeys(), gifts: ['pi-2'] }), now);
      const live = await mirrorSnapshot(mirrorDb);
      expect(live.scope_days?.some((row) => (row as { scope: string }).scope === 'org-2')).toBe(false);
      await recomputeRollups(mirrorDb);
      const afresh = await mirrorSnapshot(mirrorDb);
      for (const table of ['scope_days', 'donor_days', 'donor_day_counts', 'campaign_totals', 'promoter_totals']) {
        expect(afresh[table], table).toEqual(live[table]);
      }
    });

    it('forgets applied events older than an instant', async () => {
      const { mirror } = subject();
      const lease = (await mirror.claim('a', 600_000, now))!;
      await mirror.apply(lease, batch(['e-1'], {}), now);
      await mirror.apply(lease, batch(['e-2'], {}), later(60_000));
      expect(await mirror.forgetAppliedBefore(later(1000).toISOString())).toBe(1);
      expect(await mirror.applied(['e-1', 'e-2'])).toEqual(new Set(['e-2']));
    });
  },
  { firestore: false },
);
