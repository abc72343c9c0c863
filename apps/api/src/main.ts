import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigError, loadConfig } from './config';
import { AMOBEE_SANDBOX, STRIPE_SANDBOX } from './container';
import { createLogger, startServer } from './server';
import { reachLines } from './start-banner';
import { TYPES } from './types';

// A .env file beside package.json is read when present; real environment variables win.
const envFile = resolve(process.cwd(), '.env');
if (existsSync(envFile)) process.loadEnvFile(envFile);

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Causeway cannot start. ${error.message}\nSee .env.example for every setting.`);
      process.exit(78);
    }
    throw error;
  }
  const logger = createLogger(config);
  const started = Date.now();
  const server = await startServer(config, { logger });

  const lines = [
    '',
    `  Causeway is running at ${server.url}`,
    `  API reference: ${server.url}/api/docs`,
    config.embedded ? `  Data: embedded PGlite in ${resolve(config.DATA_DIR)}` : `  Data: ${config.DATA_STORE}`,
    ...reachLines(config, {
      devMailbox: server.container.isBound(TYPES.Mailbox),
      sandboxes: [
        ...(server.container.isBound(AMOBEE_SANDBOX) ? ['DSP'] : []),
        ...(server.container.isBound(STRIPE_SANDBOX) ? ['Stripe'] : []),
      ],
    }),
  ];
  if (server.demo) {
    lines.push('', '  Demo accounts:');
    for (const account of server.demo.accounts) lines.push(`    ${account.role.padEnd(11)} ${account.email}`);
    lines.push(
      server.demo.password
        ? `  Password for all: ${server.demo.password}`
        : '  Password: the one printed when the demo accounts were created (or set DEMO_PASSWORD before the first start).',
    );
  }
  lines.push('', `  Ready in ${Date.now() - started} ms. Press Ctrl+C to stop.`, '');
  console.log(lines.join('\n'));

  const shutdown = (signal: string) => {
    logger.info({ signal }, 'Shutting down');
    server
      .close()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        logger.error({ err: error }, 'Shutdown failed');
        process.exit(1);
      });
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error('Causeway failed to start:', error);
  process.exit(1);
});
