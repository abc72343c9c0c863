/**
 * The reporting projector: drains the outbox into the mirror. Every API instance runs one; the mirror's
 * lease lets one apply a batch while the others wait. A batch is the oldest events not yet published;
 * the records they name are read from the store as it is now and written with the events' ids in one
 * transaction, then the events are pruned from the outbox. An event read again (a crash between the
 * mirror's commit and the pruning, two instances) is known by its id and only pruned.
 */
import type { StoredDomainEvent } from '../events/domain-event';
import type { Clock } from '../ports/clock.port';
import type { MirrorLease, ReportingMirror, ReportingSource } from '../ports/reporting.port';
import type { Outbox } from '../ports/unit-of-work.port';
import { lagMsOf, mirrorKeysOfAll } from './mirror-events';
import { emptyMirrorKeys, MIRROR_KINDS, type MirrorFacts, type MirrorKeys, type MirrorKind } from './mirror.entity';
import type { ReportChange } from './reporting.service';

export interface ProjectorDeps {
  outbox: Outbox;
  source: ReportingSource;
  mirror: ReportingMirror;
  clock: Clock;
  /** This instance's name in the lease. */
  holder: string;
  /** Events per batch. */
  batchSize: number;
  /** How long a lease lasts without being renewed (a batch must be applied within it). */
  leaseMs: number;
  /** Applied event ids are kept this long after applying, then forgotten. */
  keepAppliedMs?: number;
  /** Told what each batch changed once it is applied and its events pruned (the reports read it again). */
  onApplied?: (change: ReportChange) => void;
}

export interface DrainOutcome {
  /** Events read from the outbox. */
  read: number;
  /** Events applied for the first time. */
  applied: number;
  /** True when another instance held the lease. */
  waited: boolean;
}

/** The keys named whose records the store no longer holds. */
export function missingKeys(keys: MirrorKeys, facts: MirrorFacts): MirrorKeys {
  const present: { [K in MirrorKind]: (facts: MirrorFacts) => string[] } = {
    organizations: (f) => f.organizations.map((item) => item.organizationId),
    people: (f) => f.people.map((item) => item.userId),
    campaigns: (f) => f.campaigns.map((item) => item.campaignId),
    gifts: (f) => f.gifts.map((item) => item.paymentIntentId),
    checkouts: (f) => f.checkouts.map((item) => item.sessionId),
    shareClicks: (f) => f.shareClicks.map((item) => item.clickId),
    pageVisits: (f) => f.pageVisits.map((item) => `${item.campaignId}/${item.day}`),
    adDays: (f) => f.adDays.map((item) => item.campaignId),
    promotions: (f) => f.promotions.map((item) => item.promotionId),
    monthlyGifts: (f) => f.monthlyGifts.map((item) => item.subscriptionId),
  };
  const gone = emptyMirrorKeys();
  for (const kind of Object.keys(gone) as MirrorKind[]) {
    const found = new Set(present[kind](facts));
    gone[kind] = keys[kind].filter((key) => !found.has(key));
  }
  return gone;
}

/**
 * The organizations whose figures a batch changed: those its records belong to; every organization's
 * when it removed records (their organization is no longer known).
 */
export function reportChangeOf(facts: MirrorFacts, gone: MirrorKeys): ReportChange {
  if (MIRROR_KINDS.some((kind) => gone[kind].length > 0)) return { organizationIds: [], all: true };
  const organizationIds = new Set<string>();
  for (const kind of MIRROR_KINDS) {
    for (const fact of facts[kind]) if (fact.organizationId) organizationIds.add(fact.organizationId);
  }
  return { organizationIds: [...organizationIds], all: false };
}

const DAY_MS = 24 * 3600_000;

export function reportingProjector(deps: ProjectorDeps) {
  const { outbox, source, mirror, clock, holder, batchSize, leaseMs } = deps;
  const keepAppliedMs = deps.keepAppliedMs ?? DAY_MS;
  let lastForget = 0;

  /** Applies one batch under the lease; answers the events read and how many were new. */
  async function applyBatch(lease: MirrorLease, events: StoredDomainEvent[]): Promise<number> {
    const known = await mirror.applied(events.map((event) => event.id));
    // Each event once, even when the outbox hands it over twice.
    const fresh = [...new Map(events.map((event) => [event.id, event])).values()].filter(
      (event) => !known.has(event.id),
    );
    let applied = 0;
    let change: ReportChange | null = null;
    if (fresh.length > 0) {
      const keys = mirrorKeysOfAll(fresh);
      const facts = await source.read(keys);
      const gone = missingKeys(keys, facts);
      const outcome = await mirror.apply(
        lease,
        { events: fresh.map(({ id, position, occurredAt }) => ({ id, position, occurredAt })), facts, gone },
        clock.now(),
      );
      applied = outcome.applied;
      if (applied > 0) change = reportChangeOf(facts, gone);
    }
    await outbox.prune(events.map((event) => event.id));
    // Told after the pruning, so a report read on hearing it finds the backlog without these events.
    if (change) deps.onApplied?.(change);
    return applied;
  }

  return {
    /**
     * Applies batches until the outbox is drained (or `maxBatches` were applied). Answers at once when
     * another instance holds the lease: it is applying them.
     */
    async drain(maxBatches = Number.POSITIVE_INFINITY): Promise<DrainOutcome> {
      const outcome: DrainOutcome = { read: 0, applied: 0, waited: false };
      const lease = await mirror.claim(holder, leaseMs, clock.now());
      if (!lease) return { ...outcome, waited: true };
      try {
        let current = lease;
        for (let batch = 0; batch < maxBatches; batch += 1) {
          const events = await outbox.pending(batchSize);
          if (events.length === 0) break;
          outcome.read += events.length;
          outcome.applied += await applyBatch(current, events);
          if (events.length < batchSize) break;
          // Renews the lease for the next batch (the same token while it runs).
          const renewed = await mirror.claim(holder, leaseMs, clock.now());
          if (!renewed) break;
          current = renewed;
        }
        const now = clock.now().getTime();
        if (now - lastForget > keepAppliedMs / 24) {
          lastForget = now;
          await mirror.forgetAppliedBefore(new Date(now - keepAppliedMs).toISOString());
        }
        return outcome;
      } finally {
        await mirror.release(lease);
      }
    },

    /** The mirror's health: its checkpoint, and what the outbox still holds. */
    async status() {
      const [mirrorStatus, backlog] = await Promise.all([mirror.status(), outbox.backlog()]);
      return { ...mirrorStatus, backlog: backlog.count, lagMs: lagMsOf(backlog.oldestAt, clock.now()) };
    },
  };
}

export type ReportingProjector = ReturnType<typeof reportingProjector>;

/** Rows a rebuild reads per page. */
const REBUILD_PAGE = 500;
/**
 * Empties the mirror and reads every record of the store into it, under the lease (live projection
 * waits meanwhile). Events written during the rebuild stay in the outbox and are applied after it.
 */
export async function rebuildMirror(deps: {
  source: ReportingSource;
  mirror: ReportingMirror;
  clock: Clock;
  holder: string;
  leaseMs: number;
  /** How long to wait for the lease held by a projector applying a batch. */
  waitMs?: number;
}): Promise<{ rebuiltAt: string; rows: Record<string, number>; durationMs: number }> {
  const { source, mirror, clock, holder, leaseMs } = deps;
  const started = Date.now();
  const deadline = started + (deps.waitMs ?? 30_000);
  let lease = await mirror.claim(holder, leaseMs, clock.now());
  while (!lease) {
    if (Date.now() > deadline) throw new Error('The reporting mirror is held by another instance; try again.');
    await new Promise((resolve) => setTimeout(resolve, 100));
    lease = await mirror.claim(holder, leaseMs, clock.now());
  }
  try {
    await mirror.clear(lease);
    const rows: Record<string, number> = {};
    for (const kind of MIRROR_KINDS) {
      rows[kind] = 0;
      let cursor: string | null = null;
      do {
        const page: { items: MirrorFacts[MirrorKind]; cursor: string | null } = await source.scan(
          kind,
          cursor,
          REBUILD_PAGE,
        );
        if (page.items.length > 0) await mirror.load(lease, { [kind]: page.items });
        rows[kind] += page.items.length;
        cursor = page.cursor;
        lease = (await mirror.claim(holder, leaseMs, clock.now())) ?? lease;
      } while (cursor !== null);
    }
    const rebuiltAt = clock.now();
    await mirror.finishRebuild(lease, rebuiltAt);
    return { rebuiltAt: rebuiltAt.toISOString(), rows, durationMs: Date.now() - started };
  } finally {
    await mirror.release(lease);
  }
}
