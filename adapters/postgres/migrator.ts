import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { PostgresConnection } from './connection';

export interface MigrationFile {
  name: string;
  checksum: string;
  script: string;
}

// Any constant works; it only has to be the same for every instance of the product.
const MIGRATION_LOCK_KEY = 7_301_994;

export async function readMigrations(directory: string): Promise<MigrationFile[]> {
  const names = (await readdir(directory)).filter((name) => /^\d{4}_[a-z0-9_]+\.sql$/.test(name)).sort();
  return Promise.all(
    names.map(async (name) => {
      const script = await readFile(join(directory, name), 'utf8');
      return { name, script, checksum: createHash('sha256').update(script).digest('hex') };
    }),
  );
}

/**
 * Applies the plain-SQL migrations not yet applied, each in its own transaction, in name order.
 * Migrations are append-only: one whose text changed after it was applied stops start-up.
 * Plain SQL (not a migration library) because PGlite and pg must run the very same scripts, and
 * only a simple-query script runner does multi-statement files on both.
 */
export async function migrate(
  connection: PostgresConnection,
  directory: string,
  /** Where applied migrations are recorded: the reporting mirror keeps its own list beside the store's. */
  options: { table?: string; lockKey?: number } = {},
): Promise<string[]> {
  const table = options.table ?? 'schema_migrations';
  const lockKey = options.lockKey ?? MIGRATION_LOCK_KEY;
  const files = await readMigrations(directory);
  await connection.execScript(`
    create table if not exists ${table} (
      name text primary key,
      checksum text not null,
      applied_at timestamptz not null default now()
    );`);
  const apply = async () => {
    const applied = await sql<{ name: string; checksum: string }>`select name, checksum from ${sql.table(table)}`
      .execute(connection.db)
      .then((result) => new Map(result.rows.map((row) => [row.name, row.checksum])));
    const ran: string[] = [];
    for (const file of files) {
      const known = applied.get(file.name);
      if (known !== undefined) {
        if (known !== file.checksum) {
          throw new Error(
            `Migration ${file.name} was changed after it was applied. Migrations are append-only: add a new one instead.`,
          );
        }
        continue;
      }
      // A multi-statement simple query runs as one implicit transaction on Postgres and PGlite alike.
      await connection.execScript(
        `${file.script}\n;insert into ${table} (name, checksum) values ('${file.name}', '${file.checksum}');`,
      );
      ran.push(file.name);
    }
    return ran;
  };
  if (connection.kind !== 'server') return apply();
  // Several instances may start at once: one migrates, the others wait on the lock and find nothing left.
  return connection.db.connection().execute(async (pinned) => {
    await sql`select pg_advisory_lock(${lockKey})`.execute(pinned);
    try {
      return await apply();
    } finally {
      await sql`select pg_advisory_unlock(${lockKey})`.execute(pinned);
    }
  });
}
