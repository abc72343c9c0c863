// Donation webhooks per second through the whole HTTP path (signature check, event mapping, the raw
// event kept, the donation recorded once with its split, the campaign's totals counted in the same
// transaction, the owner told), into embedded PGlite and, when BENCH_DATABASE_URL (or
// TEST_DATABASE_URL) names a Postgres server, into a fresh database there. Beside each: the raw rate of
// the same kind of Postgres for the bare bookkeeping (insert the donator and the donation, update the
// campaign's totals in place, one transaction per payment), measured in the same run. Median of runs.
// Run: npx tsx bench/donation-ingest.ts [runs] [payments per run]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { openPostgres, type PostgresConnection } from '@causeway/adapters/postgres/connection';
import { migrate } from '@causeway/adapters/postgres/migrator';
import { TYPES } from '@causeway/api/types';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';
import { freshServerDatabase, MIGRATIONS_DIR } from '@causeway/tests/support/test-stores';
import { donationStorm, sendStorm } from '@causeway/tests/payments/webhook-storm';

const runs = Number(process.argv[2] ?? 5);
const payments = Number(process.argv[3] ?? 400);
const SENDERS = 16;
const POOL = 10;
const SECRET = 'whsec_benchDonationIngest';
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
// The app helper below would make a database of its own on TEST_DATABASE_URL: the benchmark says which.
delete process.env.TEST_DATABASE_URL;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** One run's rate of signed webhooks through the app, each a new payment to a new campaign. */
async function webhookRate(app: TestApp, run: number): Promise<number> {
  const repositories = app.server.container.get(TYPES.Repositories);
  const owner = (await repositories.users.findByEmail('campaigner@demo.local'))!;
  const campaignId = `c-bench-${run}`;
  await repositories.campaigns.create({
    campaignUUID: campaignId,
    userId: owner.uid,
    organizationId: owner.organizationId,
    campaignName: 'Benchmark',
    createdAt: new Date().toISOString(),
    isPaid: true,
  });
  // Payments only (no duplicates, no refunds): the recording path, each event new.
  const plan = donationStorm(campaignId, payments, 1_000 + run);
  const events = plan.events.filter((event) => event.type === 'checkout.session.completed');
  const sent = await sendStorm(`${app.url}/api/stripe/webhook`, SECRET, events, SENDERS);
  if (sent.failures.length > 0) throw new Error(`${sent.failures.length} webhooks failed`);
  const campaign = await repositories.campaigns.findById(campaignId);
  const expected = events.reduce((sum, event) => sum + Number(event.object.amount_total), 0);
  if (campaign?.campaignRaised !== expected || campaign.donators !== events.length) {
    throw new Error(
      `Run ${run} counted ${campaign?.campaignRaised}/${campaign?.donators}, not ${expected}/${events.length}`,
    );
  }
  return (events.length * 1000) / sent.ms;
}

/** One run's rate of the bare bookkeeping straight into Postgres, from as many concurrent callers. */
async function rawRate(connection: PostgresConnection, run: number): Promise<number> {
  const campaignId = `c-raw-${run}`;
  await sql`insert into campaigns (campaign_uuid, user_id, created_at, is_paid)
            values (${campaignId}, 'bench', now(), true)`.execute(connection.db);
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    for (let n = next++; n < payments; n = next++) {
      const id = `raw-${run}-${n}`;
      const amount = 100 + (n % 500);
      await connection.db.transaction().execute(async (trx) => {
        await sql`insert into donator (id, campaign_id, payment_intent_id, amount, created_at, updated_at)
                  values (${id}, ${campaignId}, ${`pi_${id}`}, ${amount}, now(), now())
                  on conflict do nothing`.execute(trx);
        await sql`insert into donations (id, campaign_id, amount, date, session_id, payment_intent_id)
                  values (${id}, ${campaignId}, ${amount}, now(), ${`cs_${id}`}, ${`pi_${id}`})`.execute(trx);
        await sql`update campaigns set campaign_raised = campaign_raised + ${amount},
                  donators = coalesce(donators, 0) + 1 where campaign_uuid = ${campaignId}`.execute(trx);
      });
    }
  };
  await Promise.all(Array.from({ length: SENDERS }, worker));
  return (payments * 1000) / (performance.now() - started);
}

async function measure(
  name: string,
  startApp: () => Promise<TestApp>,
  openRaw: () => Promise<{ connection: PostgresConnection; close(): Promise<void> }>,
) {
  const app = await startApp();
  const raw = await openRaw();
  try {
    await migrate(raw.connection, MIGRATIONS_DIR);
    // One unmeasured round each, so both are warm.
    await webhookRate(app, -1);
    await rawRate(raw.connection, -1);
    const webhooks: number[] = [];
    const bare: number[] = [];
    for (let run = 0; run < runs; run++) {
      webhooks.push(await webhookRate(app, run));
      bare.push(await rawRate(raw.connection, run));
    }
    const [w, b] = [median(webhooks), median(bare)];
    console.log(`${name}: ${payments} payments per run, ${SENDERS} concurrent senders, median of ${runs}`);
    console.log(
      `  signed webhooks through HTTP into the store: ${w.toFixed(0)}/s  (runs: ${webhooks.map((r) => r.toFixed(0)).join(', ')})`,
    );
    console.log(
      `  raw insert + update of the same Postgres:    ${b.toFixed(0)}/s  (runs: ${bare.map((r) => r.toFixed(0)).join(', ')})`,
    );
    console.log(`  ratio webhooks / raw: ${(w / b).toFixed(2)}`);
  } finally {
    await raw.close();
    await app.close();
  }
}

const rawDir = mkdtempSync(join(tmpdir(), 'causeway-bench-raw-'));
try {
  await measure(
    'embedded PGlite',
    () => startTestApp({ env: { STRIPE_WEBHOOK_SECRET: SECRET, DATABASE_URL: '' } }),
    async () => {
      const connection = await openPostgres({ kind: 'embedded', dataDir: join(rawDir, 'pglite') });
      return { connection, close: () => connection.close() };
    },
  );
  if (serverUrl) {
    const appDatabase = await freshServerDatabase(serverUrl);
    await appDatabase.connection.close();
    const rawDatabase = await freshServerDatabase(serverUrl);
    await rawDatabase.connection.close();
    try {
      await measure(
        'Postgres server',
        () =>
          startTestApp({
            env: { STRIPE_WEBHOOK_SECRET: SECRET, DATABASE_URL: appDatabase.url, DATABASE_POOL_SIZE: String(POOL) },
          }),
        async () => {
          const connection = await openPostgres({ kind: 'server', url: rawDatabase.url, poolSize: POOL });
          return { connection, close: () => connection.close() };
        },
      );
    } finally {
      await appDatabase.drop();
      await rawDatabase.drop();
    }
  } else {
    console.log('Postgres server: not measured (set BENCH_DATABASE_URL to a server to include it).');
  }
} finally {
  rmSync(rawDir, { recursive: true, force: true });
}
