// `npm run reporting:rebuild`: empties the reporting mirror and reads every record of the configured
// store into it again, then exits. Events written meanwhile stay in the outbox for the projector.
// With the embedded PGlite, stop `npm start` first (one process opens it), or ask a running server:
// POST /api/reporting/rebuild as platform staff.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { rebuildMirror } from '@causeway/core/reporting/projector.service';
import { ConfigError, loadConfig } from '../config';
import { compose } from '../container';
import { REPORTING_MIRROR } from '../modules/reporting-mirror.module';
import { createLogger } from '../server';
import { TYPES } from '../types';

const envFile = resolve(process.cwd(), '.env');
if (existsSync(envFile)) process.loadEnvFile(envFile);

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
const logger = createLogger({ ...config, LOG_LEVEL: 'warn' });
const composition = await compose(config, logger);
try {
  const { container } = composition;
  const source = container.get(TYPES.DataStore).reportingSource;
  if (!source) throw new Error('This data store does not feed the reporting mirror.');
  const result = await rebuildMirror({
    source,
    mirror: container.get(REPORTING_MIRROR),
    clock: container.get(TYPES.Clock),
    holder: `rebuild-${process.pid}`,
    leaseMs: 5 * 60_000,
  });
  const rows = Object.entries(result.rows)
    .map(([kind, count]) => `${kind} ${count}`)
    .join(', ');
  console.log(`Reporting mirror rebuilt in ${result.durationMs} ms: ${rows}.`);
} finally {
  await composition.close();
}
