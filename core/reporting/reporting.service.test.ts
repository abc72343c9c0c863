import { beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '@causeway/adapters/memory/manual-clock';
import type { Actor } from '../auth/authorization';
import type { OverviewQuery, ReportTotals } from '../contracts/reporting.contract';
import type { ReportingQueries, ReportWindow } from '../ports/reporting-queries.port';
import { reportingServiceFactory } from './reporting.service';

const actor = (organizationId: string | null, role: Actor['role'] = 'campaigner'): Actor => ({
  uid: `u-${organizationId ?? 'staff'}`,
  role,
  organizationId,
  demoUser: false,
  displayName: 'Reader',
});
const HARBOR = actor('org-harbor');
const RIVERSIDE = actor('org-riverside');
const STAFF = actor(null, 'superUser');

/** The mirror's figures: raised cents by organization, read through queries that count their reads. */
function mirror() {
  const raised = new Map<string, number>([
    ['org-harbor', 100],
    ['org-riverside', 200],
  ]);
  const reads: string[] = [];
  let lastChangeAt: string | null = '2026-07-15T11:00:00.000Z';
  let backlog = { count: 0, oldestAt: null as string | null };
  const scopeRaised = (window: ReportWindow) =>
    window.organizationId === null
      ? [...raised.values()].reduce((sum, cents) => sum + cents, 0)
      : (raised.get(window.organizationId) ?? 0);
  const queries = {
    firstDay: async () => '2026-06-01',
    organizationName: async (organizationId: string) => organizationId,
    lastChangeAt: async () => {
      reads.push('lastChangeAt');
      return lastChangeAt;
    },
    totals: async (window: ReportWindow) => {
      reads.push(`totals ${window.organizationId ?? '/'} ${window.from}..${window.to}`);
      return { raisedCents: scopeRaised(window) } as ReportTotals;
    },
    series: async (window: ReportWindow) => {
      reads.push(`series ${window.organizationId ?? '/'}`);
      return [];
    },
  } as unknown as ReportingQueries;
  return {
    queries,
    reads,
    give: (organizationId: string, cents: number) =>
      raised.set(organizationId, (raised.get(organizationId) ?? 0) + cents),
    setLastChange: (at: string) => (lastChangeAt = at),
    setBacklog: (count: number, oldestAt: string | null) => (backlog = { count, oldestAt }),
    backlog: async () => {
      reads.push('backlog');
      return backlog;
    },
  };
}

let clock: ManualClock;
let store: ReturnType<typeof mirror>;
const service = (options: { overviewCacheMs?: number; freshnessMs?: number } = {}) =>
  reportingServiceFactory({
    queries: store.queries,
    clock,
    backlog: store.backlog,
    overviewCacheMs: options.overviewCacheMs ?? 60_000,
    freshnessMs: options.freshnessMs ?? 60_000,
  });
const overview = (query: Partial<OverviewQuery> = {}) => ({ interval: 'day' as const, ...query });
const totalsRead = () => store.reads.filter((read) => read.startsWith('totals')).length;

beforeEach(() => {
  clock = new ManualClock('2026-07-15T12:00:00.000Z');
  store = mirror();
});

describe('the reports overview kept in memory', () => {
  it('reads each organization’s overview of a range once, whoever asks and however the range is named', async () => {
    const reports = service();
    const first = await reports.overview(HARBOR, overview({ from: '2026-07-01' }));
    expect(first.totals.raisedCents).toBe(100);
    // The range's last day is today unless named: the same overview.
    await reports.overview(actor('org-harbor', 'admin'), overview({ from: '2026-07-01', to: '2026-07-15' }));
    await reports.overview(STAFF, overview({ from: '2026-07-01', organizationId: 'org-harbor' }));
    expect(totalsRead()).toBe(2);
    // Another organization, range, interval or the whole platform: overviews of their own.
    await reports.overview(RIVERSIDE, overview({ from: '2026-07-01' }));
    await reports.overview(HARBOR, overview({ from: '2026-07-02' }));
    await reports.overview(HARBOR, overview({ from: '2026-07-01', interval: 'week' }));
    expect((await reports.overview(STAFF, overview({ from: '2026-07-01' }))).totals.raisedCents).toBe(300);
    expect(totalsRead()).toBe(10);
  });

  it('still refuses another organization’s overview before anything is read or answered', async () => {
    const reports = service();
    await reports.overview(HARBOR, overview());
    await expect(reports.overview(RIVERSIDE, overview({ organizationId: 'org-harbor' }))).rejects.toMatchObject({
      code: 'forbidden',
    });
  });

  it('reads again the overviews of the organizations the mirror changed, and every organization’s', async () => {
    const reports = service();
    const read = async (who: Actor) => (await reports.overview(who, overview())).totals.raisedCents;
    expect([await read(HARBOR), await read(RIVERSIDE), await read(STAFF)]).toEqual([100, 200, 300]);
    store.give('org-harbor', 25);
    store.give('org-riverside', 25);
    // Until the mirror says so, the kept figures are answered.
    expect([await read(HARBOR), await read(RIVERSIDE), await read(STAFF)]).toEqual([100, 200, 300]);
    reports.mirrorChanged({ organizationIds: ['org-harbor'], all: false });
    expect([await read(HARBOR), await read(RIVERSIDE), await read(STAFF)]).toEqual([125, 200, 350]);
    reports.mirrorChanged({ organizationIds: [], all: true });
    expect(await read(RIVERSIDE)).toBe(225);
  });

  it('shares one read of the freshness among the reports, dropped with a change, its lag counted when answered', async () => {
    const reports = service();
    store.setBacklog(2, '2026-07-15T11:59:59.000Z');
    expect((await reports.overview(HARBOR, overview())).freshness).toEqual({
      asOf: '2026-07-15T11:00:00.000Z',
      backlog: 2,
      lagMs: 1_000,
    });
    clock.advance(500);
    expect((await reports.overview(RIVERSIDE, overview())).freshness.lagMs).toBe(1_500);
    expect(store.reads.filter((read) => read === 'backlog')).toHaveLength(1);
    store.setBacklog(0, null);
    store.setLastChange('2026-07-15T12:00:00.000Z');
    reports.mirrorChanged({ organizationIds: ['org-riverside'], all: false });
    expect((await reports.overview(HARBOR, overview())).freshness).toEqual({
      asOf: '2026-07-15T12:00:00.000Z',
      backlog: 0,
      lagMs: 0,
    });
  });

  it('reads every time when kept for 0 ms', async () => {
    const reports = service({ overviewCacheMs: 0, freshnessMs: 0 });
    await reports.overview(HARBOR, overview());
    store.give('org-harbor', 1);
    expect((await reports.overview(HARBOR, overview())).totals.raisedCents).toBe(101);
    expect(store.reads.filter((read) => read === 'backlog')).toHaveLength(2);
  });
});
