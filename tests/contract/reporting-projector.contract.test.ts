import { expect, it } from 'vitest';
import type { StoredDomainEvent } from '@causeway/core/events/domain-event';
import type { ReportingMirror } from '@causeway/core/ports/reporting.port';
import type { Outbox } from '@causeway/core/ports/unit-of-work.port';
import { rebuildMirror, reportingProjector } from '@causeway/core/reporting/projector.service';
import { emptyMirrorFacts, emptyMirrorKeys } from '@causeway/core/reporting/mirror.entity';
import { monthlyGift, writeMonthlyGift } from '@causeway/tests/support/monthly-gifts';
import { describeMirror, mirrorSnapshot, resetMirror, type MirrorSubject } from '@causeway/tests/support/reporting';

const at = (day: number, hour = 10) =>
  `2026-03-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00.000Z`;

/** Everything the reports read, written through the store's repositories (each with its event). */
async function activity({ store }: MirrorSubject): Promise<void> {
  const r = store.repositories;
  await r.organizations.create({ organizationId: 'org-1', name: 'Harbor Light', created_date: at(1) });
  await r.users.create({
    UserId: 'donor-1',
    uid: 'donor-1',
    Email: 'Dana@Example.org',
    FirstName: 'Dana',
    AccountType: 'donor',
    createdAt: at(1),
  });
  await r.users.create({
    UserId: 'p-1',
    uid: 'p-1',
    Email: 'p1@example.org',
    AccountType: 'promoter',
    createdAt: at(1),
  });
  await r.campaigns.create({
    campaignUUID: 'c-1',
    userId: 'owner-1',
    organizationId: 'org-1',
    campaignName: 'Warm Winter',
    campaignRaiseGoal: 100_000,
    createdAt: at(1),
    isPaid: true,
  });
  await r.campaigns.create({
    campaignUUID: 'c-2',
    userId: 'owner-1',
    organizationId: 'org-1',
    createdAt: at(2),
    isPaid: true,
  });
  await r.promotions.promote({
    id: 'pr-1',
    creatorId: 'p-1',
    rootCompanyId: 'org-1',
    campaignId: 'c-1',
    createdAt: at(2),
  });
  await r.shareTracking.recordClick({
    id: 'k-1',
    campaignId: 'c-1',
    channel: 'x',
    promoterId: 'p-1',
    createdAt: at(3),
  });
  await r.shareTracking.recordClick({
    id: 'k-2',
    campaignId: 'c-1',
    channel: 'facebook',
    promoterId: null,
    createdAt: at(3),
  });
  await r.donations.saveCheckout({
    sessionId: 'cs_1',
    campaignId: 'c-1',
    amount: 2500,
    donorName: 'Dana',
    message: 'Stay warm, kids!',
    promoterId: 'p-1',
    donorId: 'donor-1',
    createdAt: at(3),
    channel: 'x',
  });
  // Two visits of the page on the 3rd, one on the 4th (late in the UTC day), one of the other campaign.
  await r.shareTracking.recordPageVisit('c-1', at(3));
  await r.shareTracking.recordPageVisit('c-1', at(3, 11));
  await r.shareTracking.recordPageVisit('c-1', at(4, 23));
  await r.shareTracking.recordPageVisit('c-2', at(4));
  const gift = (
    id: string,
    amount: number,
    day: number,
    donorId: string | null,
    promoter: string | null,
    channel: 'x' | null = null,
  ) => ({
    donator: { id: `dn-${id}`, campaignId: 'c-1', paymentIntentId: id, amount, createdAt: at(day), updatedAt: at(day) },
    donation: {
      id: `d-${id}`,
      campaign_id: 'c-1',
      user_id: promoter,
      amount,
      date: at(day),
      session_id: `cs_${id}`,
      payment_intent_id: id,
      donor_id: donorId,
      donor_name: 'Dana',
      message: 'Stay warm, kids!',
      donation_percentage: 80,
      organization_share: Math.round(amount * 0.8),
      ad_budget_share: amount - Math.round(amount * 0.8),
      refunded: 0,
      channel,
    },
  });
  await r.donations.recordOnce(gift('pi_1', 2500, 3, 'donor-1', 'p-1', 'x'));
  await r.donations.recordOnce(gift('pi_2', 4000, 4, 'donor-1', null));
  await r.donations.recordOnce(gift('pi_3', 1000, 4, null, 'p-1'));
  await r.donations.recordRefund('pi_2', 1500, at(5));
  await r.donations.recordRefund('pi_3', 1000, at(5));
  await r.campaignDeliveries.saveFigures('c-1', {
    insertionOrderId: 'io-1',
    lineItemId: 'li-1',
    lineItemStatus: 'play',
    flightStart: '2026-03-01',
    flightEnd: '2026-03-31',
    impressions: 3000,
    clicks: 30,
    spendCents: 900,
    daily: [
      { day: '2026-03-03', impressions: 1000, clicks: 10, spendCents: 300 },
      { day: '2026-03-04', impressions: 2000, clicks: 20, spendCents: 600 },
    ],
    refreshedAt: at(5),
  });
  // A monthly gift raised later on, and one that ended after its renewal was declined.
  const monthly = { campaignId: 'c-1', organizationId: 'org-1' };
  await writeMonthlyGift(
    r.monthlyGifts,
    monthlyGift('sub_1', { ...monthly, donorEmail: 'dana@example.org', startedAt: at(2) }),
  );
  await writeMonthlyGift(
    r.monthlyGifts,
    monthlyGift('sub_1', {
      ...monthly,
      donorEmail: 'dana@example.org',
      startedAt: at(2),
      amountCents: 3_000,
      changedAt: at(4),
    }),
  );
  await writeMonthlyGift(r.monthlyGifts, monthlyGift('sub_2', { ...monthly, startedAt: at(3) }));
  await writeMonthlyGift(
    r.monthlyGifts,
    monthlyGift('sub_2', {
      ...monthly,
      startedAt: at(3),
      status: 'ended',
      endedAt: at(5),
      endedReason: 'paymentFailed',
      failedAt: at(4),
      failedAttempts: 3,
      changedAt: at(5),
    }),
  );
  await r.organizations.update('org-1', { name: 'Harbor Light Food Bank' });
  await r.campaigns.softDelete('c-2');
}

/** An outbox holding a fixed list of events (repeats and any order), as a crash or a race leaves it. */
function scriptedOutbox(events: StoredDomainEvent[]): Outbox {
  let left = [...events];
  return {
    pending: async (limit) => left.slice(0, limit),
    after: async (position, limit) => left.filter((event) => event.position > position).slice(0, limit),
    markPublished: async () => undefined,
    async prune(ids) {
      const gone = new Set(ids);
      left = left.filter((event) => !gone.has(event.id));
    },
    backlog: async () => ({ count: left.length, oldestAt: left[0]?.occurredAt ?? null }),
  };
}

function shuffled<T>(items: T[], seed: number): T[] {
  const out = [...items];
  let state = seed;
  for (let index = out.length - 1; index > 0; index -= 1) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    const other = state % (index + 1);
    [out[index], out[other]] = [out[other]!, out[index]!];
  }
  return out;
}

describeMirror('The reporting projector', (subject) => {
  const projector = (
    overrides: { outbox?: Outbox; mirror?: ReportingMirror; holder?: string; batchSize?: number } = {},
  ) => {
    const s = subject();
    return reportingProjector({
      outbox: overrides.outbox ?? s.store.outbox,
      source: s.store.reportingSource!,
      mirror: overrides.mirror ?? s.mirror,
      clock: s.clock,
      holder: overrides.holder ?? 'instance-a',
      batchSize: overrides.batchSize ?? 7,
      leaseMs: 30_000,
    });
  };

  it('drains the outbox into the mirror, prunes it, and the mirror equals one rebuilt from the store', async () => {
    const s = subject();
    await activity(s);
    const written = (await s.store.outbox.pending(1000)).length;
    const outcome = await projector().drain();
    expect(outcome).toMatchObject({ read: written, applied: written, waited: false });
    expect(await s.store.outbox.after(0, 1000)).toEqual([]);
    const status = await projector().status();
    expect(status).toMatchObject({ backlog: 0, lagMs: 0, eventsApplied: written });

    const live = await mirrorSnapshot(s.mirrorDb);
    expect(live.gifts).toHaveLength(3);
    expect(live.campaigns).toEqual(
      expect.arrayContaining([expect.objectContaining({ campaign_id: 'c-2', is_deleted: true })]),
    );
    expect(live.organizations).toEqual([expect.objectContaining({ name: 'Harbor Light Food Bank' })]);
    expect(live.ad_days).toHaveLength(2);
    expect(live.page_visits).toEqual([
      expect.objectContaining({ campaign_id: 'c-1', day: expect.stringMatching(/^2026-03-03/), visits: 2 }),
      expect.objectContaining({ campaign_id: 'c-1', day: expect.stringMatching(/^2026-03-04/), visits: 1 }),
      expect.objectContaining({ campaign_id: 'c-2', day: expect.stringMatching(/^2026-03-04/), visits: 1 }),
    ]);
    expect(live.gifts).toEqual(
      expect.arrayContaining([expect.objectContaining({ payment_intent_id: 'pi_1', channel: 'x' })]),
    );
    expect(live.checkouts).toEqual([expect.objectContaining({ session_id: 'cs_1', channel: 'x' })]);
    expect(live.campaign_days).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          campaign_id: 'c-1',
          day: expect.stringMatching(/^2026-03-03/),
          page_visits: 2,
          checkouts: 1,
          gifts_x: 1,
          raised_x: 2500,
        }),
      ]),
    );
    expect(live.donors).toEqual([
      expect.objectContaining({ donor_key: 'email:dana@example.org', gifts: 2, total_cents: 2500 + 2500 }),
    ]);
    expect(live.monthly_gifts).toEqual([
      expect.objectContaining({
        subscription_id: 'sub_1',
        organization_id: 'org-1',
        donor_key: 'email:dana@example.org',
        amount_cents: 3000,
        status: 'active',
        ended_at: null,
      }),
      expect.objectContaining({
        subscription_id: 'sub_2',
        donor_key: 'subscription:sub_2',
        amount_cents: 2500,
        status: 'ended',
        ended_reason: 'paymentFailed',
        failed_attempts: 3,
      }),
    ]);

    const rebuilt = await rebuildMirror({
      source: s.store.reportingSource!,
      mirror: s.mirror,
      clock: s.clock,
      holder: 'cli',
      leaseMs: 30_000,
    });
    expect(rebuilt.rows).toMatchObject({
      gifts: 3,
      campaigns: 2,
      shareClicks: 2,
      checkouts: 1,
      adDays: 2,
      promotions: 1,
      pageVisits: 3,
      monthlyGifts: 2,
    });
    expect(await mirrorSnapshot(s.mirrorDb)).toEqual(live);
  });

  it('gives the same mirror with every event twice, shuffled, and replayed again', async () => {
    const s = subject();
    await activity(s);
    const events = await s.store.outbox.pending(1000);
    await projector().drain();
    const live = await mirrorSnapshot(s.mirrorDb);

    await resetMirror(s.mirrorDb);
    const doubled = shuffled([...events, ...events], 42);
    const first = await projector({ outbox: scriptedOutbox(doubled) }).drain();
    expect(first.applied).toBe(events.length);
    const replay = await projector({ outbox: scriptedOutbox(shuffled(events, 7)) }).drain();
    expect(replay.applied).toBe(0);
    expect(await mirrorSnapshot(s.mirrorDb)).toEqual(live);
    expect((await s.mirror.status()).eventsApplied).toBe(events.length);
  });

  it('survives a kill between applying a batch and pruning it, and one before the batch commits', async () => {
    const s = subject();
    await activity(s);
    const events = await s.store.outbox.pending(1000);
    let applies = 0;
    const killAfterCommit: ReportingMirror = {
      ...s.mirror,
      async apply(lease, batch, now) {
        const done = await s.mirror.apply(lease, batch, now);
        applies += 1;
        if (applies === 2) throw new Error('killed after the commit');
        return done;
      },
    };
    await expect(projector({ mirror: killAfterCommit }).drain()).rejects.toThrow('killed');
    const killBeforeCommit: ReportingMirror = {
      ...s.mirror,
      apply: async () => {
        throw new Error('killed before the commit');
      },
    };
    await expect(projector({ mirror: killBeforeCommit, holder: 'instance-b' }).drain()).rejects.toThrow('killed');
    // The killed instances' leases are released by their `finally`; a fresh instance finishes the work.
    const outcome = await projector({ holder: 'instance-c' }).drain();
    expect(outcome.applied).toBe(events.length - 2 * 7);
    expect(await s.store.outbox.after(0, 1000)).toEqual([]);
    expect((await s.mirror.status()).eventsApplied).toBe(events.length);
    const live = await mirrorSnapshot(s.mirrorDb);
    await rebuildMirror({
      source: s.store.reportingSource!,
      mirror: s.mirror,
      clock: s.clock,
      holder: 'cli',
      leaseMs: 30_000,
    });
    expect(await mirrorSnapshot(s.mirrorDb)).toEqual(live);
  });

  it('counts each event once when instances drain at the same time', async () => {
    const s = subject();
    await activity(s);
    const events = await s.store.outbox.pending(1000);
    const outcomes = await Promise.all(['a', 'b', 'c'].map((holder) => projector({ holder, batchSize: 5 }).drain()));
    let left = await s.store.outbox.pending(1000);
    while (left.length > 0) {
      await projector({ holder: 'a', batchSize: 5 }).drain();
      left = await s.store.outbox.pending(1000);
    }
    expect(outcomes.filter((outcome) => outcome.waited).length).toBeGreaterThanOrEqual(1);
    expect((await s.mirror.status()).eventsApplied).toBe(events.length);
  });

  it('never lets a late or replayed monthly gift change undo a newer one', async () => {
    const s = subject();
    const repository = s.store.repositories.monthlyGifts;
    const base = { campaignId: 'c-1', organizationId: 'org-1', startedAt: at(2) };
    await writeMonthlyGift(repository, monthlyGift('sub_9', base));
    const older = await s.source.read({ ...emptyMirrorKeys(), monthlyGifts: ['sub_9'] });
    const started = await s.store.outbox.pending(1000);
    await writeMonthlyGift(
      repository,
      monthlyGift('sub_9', { ...base, status: 'ended', endedAt: at(6), endedReason: 'requested', changedAt: at(6) }),
    );
    const events = await s.store.outbox.pending(1000);
    const ended = events.filter((event) => !started.some((first) => first.id === event.id));
    expect(ended).toHaveLength(1);
    const row = async () =>
      s.mirrorDb.selectFrom('reporting.monthly_gifts').selectAll().where('subscription_id', '=', 'sub_9').execute();

    // The newer event first, then the older one: the mirror holds the ended gift.
    await projector({ outbox: scriptedOutbox([...ended, ...started]) }).drain();
    expect(await row()).toEqual([expect.objectContaining({ status: 'ended', ended_reason: 'requested' })]);
    // Replayed, in any order: applied once, the same gift.
    const replay = await projector({ outbox: scriptedOutbox(shuffled([...events, ...events], 3)) }).drain();
    expect(replay.applied).toBe(0);
    expect(await row()).toEqual([expect.objectContaining({ status: 'ended', ended_reason: 'requested' })]);

    // A batch that read the gift before it ended (an instance that lost the race) leaves it ended.
    const lease = (await s.mirror.claim('late-instance', 30_000, s.clock.now()))!;
    const late = await s.mirror.apply(
      lease,
      {
        events: [{ id: 'late-event', position: 1, occurredAt: at(2) }],
        facts: { ...emptyMirrorFacts(), monthlyGifts: older.monthlyGifts },
        gone: emptyMirrorKeys(),
      },
      s.clock.now(),
    );
    await s.mirror.release(lease);
    expect(late.applied).toBe(1);
    expect(older.monthlyGifts).toEqual([expect.objectContaining({ status: 'active', changedAt: at(2) })]);
    expect(await row()).toEqual([
      expect.objectContaining({ status: 'ended', ended_reason: 'requested', amount_cents: 2500 }),
    ]);
  });
});
