import { mkdirSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import Cursor from 'pg-cursor';
import { to as copyTo } from 'pg-copy-streams';
import type { Database } from './database';
import { PgliteThread } from './pglite-thread';

export type PostgresTarget =
  | { kind: 'server'; url: string; poolSize?: number }
  /**
   * dataDir undefined keeps the database in memory (tests); `from` starts it from a tarball of another
   * PGlite's data (`dumpDataDir`) instead of an empty cluster.
   */
  | { kind: 'embedded'; dataDir?: string; from?: Blob };

/** One open database: the typed query builder plus a raw script runner for migrations. */
export interface PostgresConnection {
  readonly kind: PostgresTarget['kind'];
  readonly db: Kysely<Database>;
  /** Runs a multi-statement SQL script as one simple query. */
  execScript(script: string): Promise<void>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /**
   * A server only: the output of `COPY (…) TO STDOUT` as it arrives, on a connection of its own until
   * the last chunk is read (or the reader stops).
   */
  copyOut?(statement: string): AsyncIterable<Buffer>;
  /** Embedded only: the whole database as a tarball, for `from`. */
  dumpDataDir?(): Promise<Blob>;
}

// int8 (bigint, bigserial, count(*)) comes back as text by default; our values fit in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

export async function openPostgres(target: PostgresTarget): Promise<PostgresConnection> {
  if (target.kind === 'server') {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.poolSize ?? 10,
      // Our queries are short: compiling one (JIT, on for any plan costed over 100,000) takes longer
      // than running it (a report of 100 campaigns over 1,000,000 gifts: 490 ms of JIT for 180 ms of work).
      options: '-c jit=off',
    });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', () => undefined);
    // The cursor lets a query hand its rows over a chunk at a time (report downloads).
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool, cursor: Cursor }) });
    return {
      kind: 'server',
      db,
      async execScript(script) {
        await pool.query(script);
      },
      ping: () => ping(db),
      close: () => db.destroy(),
      async *copyOut(statement) {
        const client = await pool.connect();
        let failed: Error | undefined;
        try {
          const stream = client.query(copyTo(statement));
          try {
            for await (const chunk of stream) yield chunk as Buffer;
          } finally {
            // A reader who stops early leaves the copy running: the connection is not given back.
            if (!stream.readableEnded) {
              failed = new Error('The copy was left before its end.');
              stream.destroy();
            }
          }
        } catch (error) {
          failed = error instanceof Error ? error : new Error(String(error));
          throw error;
        } finally {
          client.release(failed);
        }
      },
    };
  }
  if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
  const lite = await PgliteThread.open({ dataDir: target.dataDir, from: target.from });
  // The dialect calls only `query` and `close`, which the thread answers as PGlite does.
  const db = new Kysely<Database>({ dialect: new PGliteDialect(lite as unknown as PGlite) });
  return {
    kind: 'embedded',
    db,
    async execScript(script) {
      await lite.exec(script);
    },
    dumpDataDir: () => lite.dumpDataDir(),
    ping: () => ping(db),
    async close() {
      await db.destroy();
      if (!lite.closed) await lite.close();
    },
  };
}

async function ping(db: Kysely<Database>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
