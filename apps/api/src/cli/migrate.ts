// `npm run migrate`: applies the pending migrations to the configured Postgres and exits.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { openPostgres } from '@causeway/adapters/postgres/connection';
import { migrate } from '@causeway/adapters/postgres/migrator';
import { loadConfig } from '../config';
import { MIGRATIONS_DIR } from '../runtime/data-store';

const envFile = resolve(process.cwd(), '.env');
if (existsSync(envFile)) process.loadEnvFile(envFile);

const config = loadConfig();
if (config.DATA_STORE !== 'postgres') {
  console.log('DATA_STORE is not postgres: Firestore needs no migrations.');
  process.exit(0);
}
const connection = config.DATABASE_URL
  ? await openPostgres({ kind: 'server', url: config.DATABASE_URL })
  : await openPostgres({ kind: 'embedded', dataDir: resolve(config.DATA_DIR, 'pglite') });
try {
  const applied = await migrate(connection, MIGRATIONS_DIR);
  console.log(applied.length ? `Applied ${applied.join(', ')}` : 'The database is up to date.');
} finally {
  await connection.close();
}
