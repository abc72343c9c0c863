// p95 of a list's first page and of a deep page (90% of the way down), at 1,000, 10,000 and 100,000
// rows, through the repositories the API pages with (limit 50, a cursor): drafts, live campaigns, a
// donor's donations, people, the audit log and notifications. Into embedded PGlite and, when
// BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a Postgres server, into a fresh database there. Each
// list's rows belong to the one reader the bench asks for (the worst case: the whole table is the list).
// Run: npx tsx bench/lists.ts [reads per figure] [largest size]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { openPostgres, type PostgresConnection } from '@causeway/adapters/postgres/connection';
import { migrate } from '@causeway/adapters/postgres/migrator';
import { createPostgresDataStore } from '@causeway/adapters/postgres/postgres.data-store';
import type { Repositories } from '@causeway/core/ports/unit-of-work.port';
import type { PageKey, PageRequest } from '@causeway/core/shared/paging';
import { freshServerDatabase, MIGRATIONS_DIR } from '@causeway/tests/support/test-stores';

const reads = Number(process.argv[2] ?? 30);
const largest = Number(process.argv[3] ?? 100_000);
const SIZES = [1_000, 10_000, 100_000].filter((size) => size <= largest);
const LIMIT = 50;
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1]!;

interface ListBench {
  name: string;
  /** Adds rows numbered [from, to) to the list's table. */
  fill(db: PostgresConnection['db'], from: number, to: number): Promise<void>;
  /** The key of the row `depth` rows down the list, where a deep page starts. */
  keyAt(db: PostgresConnection['db'], depth: number): Promise<PageKey>;
  read(repositories: Repositories, page: PageRequest): Promise<unknown[]>;
}

/** Row n's instant (SQL): one a second back from a fixed day, three rows to each, so ties are paged too. */
const instant = (n: string) => `timestamptz '2026-06-01T00:00:00Z' - (${n} / 3) * interval '1 second'`;

const keyOf = async (db: PostgresConnection['db'], query: string): Promise<PageKey> => {
  const { rows } = await sql<{ at: Date; id: string }>`${sql.raw(query)}`.execute(db);
  const row = rows[0]!;
  return { at: new Date(row.at).toISOString(), id: row.id };
};

const LISTS: ListBench[] = [
  {
    name: 'drafts',
    async fill(db, from, to) {
      await sql`insert into pre_campaigns (id, campaign_uuid, user_id, organization_id, created_at)
        select 'd-' || n, 'u-d-' || n, 'bench-user', 'bench-org', ${sql.raw(instant('n'))}
        from generate_series(${from}::int, ${to - 1}::int) as n`.execute(db);
    },
    keyAt: (db, depth) =>
      keyOf(
        db,
        `select created_at as at, id from pre_campaigns where user_id = 'bench-user' and not is_deleted
         order by created_at desc, id desc offset ${depth} limit 1`,
      ),
    read: (repositories, page) => repositories.preCampaigns.findDrafts({ userId: 'bench-user' }, page),
  },
  {
    name: 'live campaigns',
    async fill(db, from, to) {
      await sql`insert into campaigns (campaign_uuid, user_id, organization_id, created_at, is_paid)
        select 'c-' || n, 'bench-user', 'bench-org', now() - (n / 3) * interval '1 second', true
        from generate_series(${from}::int, ${to - 1}::int) as n`.execute(db);
    },
    keyAt: (db, depth) =>
      keyOf(
        db,
        `select created_at as at, campaign_uuid as id from campaigns where not is_deleted
         order by created_at desc, campaign_uuid desc offset ${depth} limit 1`,
      ),
    read: (repositories, page) =>
      repositories.campaigns.list({ createdSince: new Date(Date.now() - 180 * 86_400_000).toISOString() }, page),
  },
  {
    name: "a donor's donations",
    async fill(db, from, to) {
      await sql`insert into donations (id, campaign_id, amount, date, donor_id, payment_intent_id, session_id)
        select 'g-' || n, 'c-0', 1000, ${sql.raw(instant('n'))}, 'bench-donor', 'pi_' || n, 'cs_' || n
        from generate_series(${from}::int, ${to - 1}::int) as n`.execute(db);
    },
    keyAt: (db, depth) =>
      keyOf(
        db,
        `select date as at, id from donations where donor_id = 'bench-donor'
         order by date desc, id desc offset ${depth} limit 1`,
      ),
    read: (repositories, page) => repositories.donations.listDonationsByDonor('bench-donor', page),
  },
  {
    name: 'people',
    async fill(db, from, to) {
      await sql`insert into users (uid, user_id, email, account_type, organization_id, created_at)
        select 'p-' || n, 'p-' || n, 'p-' || n || '@example.org', 'promoter', 'bench-org',
          ${sql.raw(instant('n'))}
        from generate_series(${from}::int, ${to - 1}::int) as n`.execute(db);
    },
    keyAt: (db, depth) =>
      keyOf(
        db,
        `select created_at as at, uid as id from users where organization_id = 'bench-org' and not is_deleted
         order by created_at desc, uid desc offset ${depth} limit 1`,
      ),
    read: (repositories, page) => repositories.users.list({ organizationId: 'bench-org' }, page),
  },
  {
    name: 'audit log',
    async fill(db, from, to) {
      await sql`insert into logs (id, created_by, created_date, document, event, action)
        select 'l-' || n, 'bench-user', ${sql.raw(instant('n'))}, 'users', 'update', 'Edited'
        from generate_series(${from}::int, ${to - 1}::int) as n`.execute(db);
    },
    keyAt: (db, depth) =>
      keyOf(
        db,
        `select created_date as at, id from logs where document = 'users'
         order by created_date desc, id desc offset ${depth} limit 1`,
      ),
    read: (repositories, page) =>
      repositories.auditLogs.list({
        document: 'users',
        limit: page.limit,
        ...(page.after ? { after: page.after } : {}),
      }),
  },
  {
    name: 'notifications',
    async fill(db, from, to) {
      await sql`insert into notifications (notification_id, type, message, notification_date, user_to)
        select 'n-' || n, 'system', 'Hello', ${sql.raw(instant('n'))}, 'bench-user'
        from generate_series(${from}::int, ${to - 1}::int) as n`.execute(db);
    },
    keyAt: (db, depth) =>
      keyOf(
        db,
        `select notification_date as at, notification_id as id from notifications where user_to = 'bench-user'
         order by notification_date desc, notification_id desc offset ${depth} limit 1`,
      ),
    read: (repositories, page) =>
      repositories.notifications.listForUser('bench-user', {
        limit: page.limit,
        ...(page.after ? { after: page.after } : {}),
      }),
  },
];

async function timeReads(read: () => Promise<unknown[]>): Promise<number> {
  await read();
  const times: number[] = [];
  for (let n = 0; n < reads; n++) {
    const started = performance.now();
    const rows = await read();
    times.push(performance.now() - started);
    if (rows.length !== LIMIT + 1) throw new Error(`A page answered ${rows.length} rows, not ${LIMIT + 1}.`);
  }
  return p95(times);
}

async function measure(name: string, connection: PostgresConnection) {
  await migrate(connection, MIGRATIONS_DIR);
  await sql`insert into organizations (organization_id, name, created_date) values ('bench-org', 'Bench', now())`.execute(
    connection.db,
  );
  const store = createPostgresDataStore(connection, {
    clock: { now: () => new Date() },
    ids: { next: () => crypto.randomUUID() },
  } as never);
  const rows: Record<string, string[]> = {};
  let filled = 0;
  for (const size of SIZES) {
    for (const list of LISTS) await list.fill(connection.db, filled, size);
    await sql`analyze`.execute(connection.db);
    filled = size;
    for (const list of LISTS) {
      const first = await timeReads(() => list.read(store.repositories, { limit: LIMIT + 1 }));
      const after = await list.keyAt(connection.db, Math.floor(size * 0.9));
      const deep = await timeReads(() => list.read(store.repositories, { limit: LIMIT + 1, after }));
      (rows[list.name] ??= []).push(`${first.toFixed(2).padStart(7)} ${deep.toFixed(2).padStart(7)}`);
    }
  }
  console.log(`${name}: p95 ms of ${reads} reads of ${LIMIT} rows, first page / page 90% down`);
  console.log(
    `  ${'list'.padEnd(22)}${SIZES.map((size) => `${size.toLocaleString('en-US')} rows`.padStart(16)).join('')}`,
  );
  for (const list of LISTS)
    console.log(`  ${list.name.padEnd(22)}${rows[list.name]!.map((cell) => cell.padStart(16)).join('')}`);
}

const dir = mkdtempSync(join(tmpdir(), 'causeway-bench-lists-'));
try {
  const embedded = await openPostgres({ kind: 'embedded', dataDir: join(dir, 'pglite') });
  try {
    await measure('embedded PGlite', embedded);
  } finally {
    await embedded.close();
  }
  if (serverUrl) {
    const database = await freshServerDatabase(serverUrl);
    await database.connection.close();
    const server = await openPostgres({ kind: 'server', url: database.url, poolSize: 4 });
    try {
      await measure('Postgres server', server);
    } finally {
      await server.close();
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
