// Reporting mirror lag: donations recorded at a steady rate (each its transaction with its outbox event),
// to 50 campaigns, drained by two projector instances sharing the lease, as two API instances would. Lag is the time from
// a donation's commit to the commit of the mirror batch holding it; beside it, the donation's own commit
// time in the same run. On the Postgres server of BENCH_DATABASE_URL (or TEST_DATABASE_URL), in a fresh
// database, woken by the outbox's notices; else on an in-memory PGlite, woken by polling.
// Donations are written as the app books paid webhooks: those due together in one transaction
// (recordMany, up to 200, two batches at once); `--one-by-one` writes each in its own transaction.
// Run: npx tsx bench/mirror-lag.ts [--seconds 60] [--rate 1000] [--one-by-one]
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { openPostgres, type PostgresConnection } from '@causeway/adapters/postgres/connection';
import { migrate } from '@causeway/adapters/postgres/migrator';
import { createPgNotifyEventBus } from '@causeway/adapters/postgres/pg-notify.event-bus';
import { createPostgresDataStore } from '@causeway/adapters/postgres/postgres.data-store';
import { createPostgresReportingMirror } from '@causeway/adapters/postgres/reporting/reporting.mirror';
import type { ReportingDatabase } from '@causeway/adapters/postgres/reporting/reporting.tables';
import { randomIds } from '@causeway/adapters/system/random-ids';
import { systemClock } from '@causeway/adapters/system/system-clock';
import {
  createProjectorRunner,
  OUTBOX_WRITTEN_TOPIC,
  PROJECTOR_DEFAULTS,
} from '@causeway/api/modules/reporting-mirror.module';
import type { DonationRecord } from '@causeway/core/ports/donation.repository';
import type { ReportingMirror } from '@causeway/core/ports/reporting.port';
import { reportingProjector } from '@causeway/core/reporting/projector.service';
import { migrateMirror } from '@causeway/tests/support/reporting';
import { freshServerDatabase, MIGRATIONS_DIR } from '@causeway/tests/support/test-stores';
import type { Kysely } from 'kysely';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    rate: { type: 'string', default: '1000' },
    'one-by-one': { type: 'boolean', default: false },
  },
});
const seconds = Number(values.seconds);
const rate = Number(values.rate);
const oneByOne = values['one-by-one'];
/** As the app's donation ingest: the most payments in one batch, and batches booked at once. */
const BATCH = 200;
const BATCHES_AT_ONCE = 2;
const IN_FLIGHT = 32;
/** Gifts go to this many live campaigns of five organizations. */
const CAMPAIGNS = 50;
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function main() {
  let connection: PostgresConnection;
  let drop: (() => Promise<void>) | undefined;
  let url = '';
  if (serverUrl) {
    const fresh = await freshServerDatabase(serverUrl);
    connection = fresh.connection;
    drop = fresh.drop;
    url = fresh.url;
  } else {
    connection = await openPostgres({ kind: 'embedded' });
  }
  await migrate(connection, MIGRATIONS_DIR);
  await migrateMirror(connection);
  // The writers are one API instance's requests; the projectors run on a pool of their own, as in
  // another instance (on PGlite everything shares its one connection).
  const projecting = url ? await openPostgres({ kind: 'server', url, poolSize: 4 }) : connection;
  const writers = url ? await openPostgres({ kind: 'server', url, poolSize: IN_FLIGHT }) : connection;
  const store = createPostgresDataStore(writers, { clock: systemClock, ids: randomIds });
  const projectorStore = createPostgresDataStore(projecting, { clock: systemClock, ids: randomIds });
  const mirrorDb = projecting.db as unknown as Kysely<ReportingDatabase>;
  const realMirror = createPostgresReportingMirror(mirrorDb);

  const writtenAt = new Map<string, number>();
  const lags: number[] = [];
  // Notes when each donation's batch committed.
  const mirror: ReportingMirror = {
    ...realMirror,
    async apply(lease, batch, now) {
      const done = await realMirror.apply(lease, batch, now);
      const committed = performance.now();
      for (const gift of batch.facts.gifts) {
        const written = writtenAt.get(gift.paymentIntentId);
        if (written === undefined) continue;
        writtenAt.delete(gift.paymentIntentId);
        lags.push(Math.max(0, committed - written));
      }
      return done;
    },
  };

  for (let campaign = 0; campaign < CAMPAIGNS; campaign += 1) {
    await store.repositories.campaigns.create({
      campaignUUID: `c-bench-${campaign}`,
      userId: 'owner-bench',
      organizationId: `org-bench-${campaign % 5}`,
      campaignName: `Benchmark ${campaign}`,
      createdAt: new Date().toISOString(),
      isPaid: true,
    });
  }

  const bus = url ? await createPgNotifyEventBus({ connectionString: url }) : null;
  const runners = ['instance-a', 'instance-b'].map((holder) =>
    createProjectorRunner({
      projector: reportingProjector({
        outbox: projectorStore.outbox,
        source: projectorStore.reportingSource!,
        mirror,
        clock: systemClock,
        holder,
        batchSize: 500,
        leaseMs: 30_000,
      }),
      pollMs: bus ? PROJECTOR_DEFAULTS.pollMs : 50,
      gapMs: PROJECTOR_DEFAULTS.gapMs,
      ...(bus ? { subscribe: (wake: () => void) => bus.subscribe(OUTBOX_WRITTEN_TOPIC, wake) } : {}),
      onError: (error) => console.error('projector:', error),
    }),
  );
  // Events of the set-up first, so the run starts from an empty outbox.
  for (const runner of runners) await runner.start();
  while ((await store.outbox.backlog()).count > 0) await new Promise((resolve) => setTimeout(resolve, 50));

  /** One donation as the app records one, with its outbox event. */
  const recordOf = (id: string, index: number): DonationRecord => {
    const campaignId = `c-bench-${index % CAMPAIGNS}`;
    const at = new Date().toISOString();
    return {
      donator: {
        id: `dn-${id}`,
        campaignId,
        paymentIntentId: id,
        amount: 2500,
        createdAt: at,
        updatedAt: at,
      },
      donation: {
        id: `d-${id}`,
        campaign_id: campaignId,
        user_id: null,
        amount: 2500,
        date: at,
        session_id: null,
        payment_intent_id: id,
        donor_id: null,
        donor_name: `Donor ${index % 5000}`,
        message: null,
        donation_percentage: 80,
        organization_share: 2000,
        ad_budget_share: 500,
        refunded: 0,
      },
    };
  };
  const record = async (id: string, index: number) => {
    await store.repositories.donations.recordOnce(recordOf(id, index));
  };

  // The donations due together, booked in one transaction as the app's ingest books webhooks.
  let queued: { id: string; index: number; done: () => void; failed: (error: unknown) => void }[] = [];
  let booking = 0;
  const book = () => {
    while (booking < BATCHES_AT_ONCE && queued.length > 0) {
      const batch = queued.slice(0, BATCH);
      queued = queued.slice(batch.length);
      booking += 1;
      void store.unitOfWork
        .run((repositories) => repositories.donations.recordMany(batch.map((item) => recordOf(item.id, item.index))))
        .then(
          () => batch.forEach((item) => item.done()),
          (error: unknown) => batch.forEach((item) => item.failed(error)),
        )
        .finally(() => {
          booking -= 1;
          book();
        });
    }
  };
  const recordTogether = (id: string, index: number) =>
    new Promise<void>((resolve, reject) => {
      queued.push({ id, index, done: resolve, failed: reject });
      if (queued.length === 1) setImmediate(book);
    });

  const total = Math.round(seconds * rate);
  const commitTimes: number[] = [];
  const started = performance.now();
  let next = 0;
  let behind = 0;
  const worker = async () => {
    for (;;) {
      const index = next++;
      if (index >= total) return;
      const due = started + (index * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      else if (wait < -100) behind += 1;
      const id = `pi_bench_${index}`;
      const t0 = performance.now();
      await (oneByOne ? record(id, index) : recordTogether(id, index));
      const t1 = performance.now();
      writtenAt.set(id, t1);
      commitTimes.push(t1 - t0);
    }
  };
  // Webhooks come concurrently: booked together, a caller waits for its batch, so more wait at once.
  await Promise.all(Array.from({ length: oneByOne ? IN_FLIGHT : 4 * IN_FLIGHT }, worker));
  const writingMs = performance.now() - started;
  const deadline = performance.now() + 60_000;
  while (lags.length < total && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  const drainedMs = performance.now() - started;
  for (const runner of runners) await runner.stop();
  await bus?.close();

  const status = await realMirror.status();
  const outboxLeft = (await store.outbox.after(0, 1_000_000)).length;
  lags.sort((a, b) => a - b);
  commitTimes.sort((a, b) => a - b);
  console.log(
    `Store: ${serverUrl ? 'Postgres server' : 'PGlite (in memory)'}; 2 projector instances; donations ${oneByOne ? 'one transaction each' : 'booked together as the app books webhooks'}`,
  );
  console.log(
    `Wrote ${total} donations in ${(writingMs / 1000).toFixed(1)} s (${((total * 1000) / writingMs).toFixed(0)}/s, target ${rate}/s; ${behind} started >100 ms late)`,
  );
  console.log(
    `Mirrored ${lags.length} of them; all applied after ${(drainedMs / 1000).toFixed(1)} s; events applied ${status.eventsApplied}; outbox left ${outboxLeft}`,
  );
  console.log(
    `Lag (commit → mirror commit): p50 ${ms(percentile(lags, 50))}, p95 ${ms(percentile(lags, 95))}, p99 ${ms(percentile(lags, 99))}, max ${ms(lags.at(-1) ?? NaN)}`,
  );
  console.log(
    `Baseline, a donation's own commit: p50 ${ms(percentile(commitTimes, 50))}, p99 ${ms(percentile(commitTimes, 99))}`,
  );

  // The projector alone: donations written with no projector running (the writers' own pace), then
  // drained by one instance a batch at a time, so its apply throughput is seen apart from the writers.
  const backlog = Math.min(total, 20_000);
  let written = 0;
  const writeStarted = performance.now();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      for (;;) {
        const index = written++;
        if (index >= backlog) return;
        await record(`pi_backlog_${index}`, index);
      }
    }),
  );
  const writeMs = performance.now() - writeStarted;
  const alone = reportingProjector({
    outbox: projectorStore.outbox,
    source: projectorStore.reportingSource!,
    mirror: realMirror,
    clock: systemClock,
    holder: 'instance-alone',
    batchSize: 500,
    leaseMs: 30_000,
  });
  const drainStarted = performance.now();
  let applied = 0;
  let batches = 0;
  for (;;) {
    const outcome = await alone.drain(1);
    if (outcome.read === 0) break;
    applied += outcome.applied;
    batches += 1;
  }
  const drainMs = performance.now() - drainStarted;
  console.log(
    `Writers alone, one transaction each (no projector): ${backlog} donations in ${(writeMs / 1000).toFixed(1)} s (${((backlog * 1000) / writeMs).toFixed(0)}/s)`,
  );
  console.log(
    `Projector alone: ${applied} events applied in ${batches} batches of up to 500 in ${(drainMs / 1000).toFixed(1)} s (${((applied * 1000) / drainMs).toFixed(0)} events/s)`,
  );
  if (projecting !== connection) await projecting.close();
  if (writers !== connection) await writers.close();
  await connection.close();
  await drop?.();
}

await main();
