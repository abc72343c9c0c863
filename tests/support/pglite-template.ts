import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openPostgres, type PostgresConnection } from '@causeway/adapters/postgres/connection';
import { migrate } from '@causeway/adapters/postgres/migrator';

/**
 * A PGlite database with every migration applied (the data store's and the reporting mirror's), made once
 * per set of migrations and kept under .tmp: a test's PGlite starts from a copy of it instead of running
 * initdb and the migrations again, most of a PGlite's start (about 5 s of 6 on a busy 2-core machine).
 * What the app does with it is unchanged: its migrator finds every migration recorded and applies none.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MIGRATIONS = join(ROOT, 'migrations');
const REPORTING_MIGRATIONS = join(MIGRATIONS, 'reporting');

function templateKey(): string {
  const hash = createHash('sha256');
  hash.update(readFileSync(join(ROOT, 'node_modules/@electric-sql/pglite/package.json')));
  for (const dir of [MIGRATIONS, REPORTING_MIGRATIONS]) {
    for (const name of readdirSync(dir)
      .filter((file) => file.endsWith('.sql'))
      .sort()) {
      hash.update(name).update(readFileSync(join(dir, name)));
    }
  }
  return hash.digest('hex').slice(0, 16);
}

export interface PgliteTemplate {
  /** The database's folder, to copy into an app's DATA_DIR/pglite. */
  dir: string;
  /** The same database as a tarball, for a PGlite kept in memory. */
  tarball: string;
}

let made: Promise<PgliteTemplate> | undefined;

/** The template for these migrations, made now when no earlier run (or test worker) has made it. */
export function pgliteTemplate(): Promise<PgliteTemplate> {
  return (made ??= (async () => {
    const base = join(ROOT, '.tmp/pglite-template', templateKey());
    const template = { dir: join(base, 'pglite'), tarball: join(base, 'pglite.tar') };
    if (existsSync(template.tarball)) return template;
    // Made beside its final place and renamed into it: a worker racing this one keeps whichever lands first.
    const building = `${base}.${process.pid}.${Date.now()}`;
    mkdirSync(building, { recursive: true });
    const connection = await openPostgres({ kind: 'embedded', dataDir: join(building, 'pglite') });
    try {
      await migrate(connection, MIGRATIONS);
      await migrate(connection, REPORTING_MIGRATIONS, { table: 'reporting_migrations', lockKey: 7_301_995 });
      const dump = await connection.dumpDataDir!();
      writeFileSync(join(building, 'pglite.tar'), Buffer.from(await dump.arrayBuffer()));
    } finally {
      await connection.close();
    }
    try {
      renameSync(building, base);
    } catch {
      rmSync(building, { recursive: true, force: true });
    }
    return template;
  })());
}

/** Puts a copy of the template where an app's embedded database lives (`dataDir`, which must not exist). */
export async function seedPgliteDir(dataDir: string): Promise<void> {
  cpSync((await pgliteTemplate()).dir, dataDir, { recursive: true });
}

/** A PGlite in memory holding the template's schema. */
export async function openTemplatePglite(): Promise<PostgresConnection> {
  const tarball = readFileSync((await pgliteTemplate()).tarball);
  return openPostgres({ kind: 'embedded', from: new Blob([tarball]) });
}
