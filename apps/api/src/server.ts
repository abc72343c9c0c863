import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import { DEMO_ACCOUNTS, type DemoSeedService } from '@causeway/core/demo/demo-seed.service';
import { createApp } from './app';
import type { Config } from './config';
import { compose, type ContainerOverrides } from './container';
import { giveDemoDonations } from './demo/demo-donations';
import { REPORTING_PROJECTOR } from './modules/reporting-mirror.module';
import { TYPES } from './types';

export interface RunningServer {
  url: string;
  port: number;
  /** What the start banner shows about the demo accounts. */
  demo: { seeded: boolean; password: string | null; accounts: typeof DEMO_ACCOUNTS } | null;
  close(): Promise<void>;
  container: Awaited<ReturnType<typeof compose>>['container'];
}

/** The app's logger; `destination` (default stdout) lets a test read what is written. */
export function createLogger(config: Config, destination?: DestinationStream): Logger {
  const pretty = !destination && process.stdout.isTTY && !config.production && config.NODE_ENV !== 'test';
  const options: LoggerOptions = {
    level: config.LOG_LEVEL,
    // Credentials never reach the log, whichever request or answer is logged.
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["stripe-signature"]',
        'res.headers["set-cookie"]',
      ],
      censor: '[hidden]',
    },
    // In a developer's terminal a request is one line (its message says method, path, status and
    // time); the JSON log keeps the whole request and answer.
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname,req,res,responseTime' },
          },
        }
      : {}),
  };
  return destination ? pino(options, destination) : pino(options);
}

/**
 * The demo password: DEMO_PASSWORD, else (embedded) the one generated at first start and kept in
 * DATA_DIR so every start can print it, else a fresh one (only useful when seeding now).
 */
function demoPassword(config: Config): { password: string; remembered: boolean } {
  if (config.DEMO_PASSWORD) return { password: config.DEMO_PASSWORD, remembered: true };
  const file = join(resolve(config.DATA_DIR), 'demo-password.txt');
  if (config.embedded && existsSync(file)) return { password: readFileSync(file, 'utf8').trim(), remembered: true };
  const generated = randomBytes(9).toString('base64url');
  if (config.embedded) {
    mkdirSync(resolve(config.DATA_DIR), { recursive: true });
    writeFileSync(file, `${generated}\n`, { mode: 0o600 });
    return { password: generated, remembered: true };
  }
  return { password: generated, remembered: false };
}

/**
 * The demo organization on the embedded DSP sandbox (which answers only once the app listens): its
 * advertiser, so its campaigns can be published, and its live campaigns' ads. A failure is only logged.
 */
async function readyDemoOnAdPlatform(seeder: DemoSeedService, logger: Logger): Promise<void> {
  try {
    const report = await seeder.readyOnAdPlatform();
    if (!report) return;
    const { advertiser, organizationName } = report;
    if (advertiser.outcome !== 'kept') {
      logger.info(
        { organizationId: report.organizationId, advertiserId: advertiser.id, replaced: advertiser.replaced },
        `Demo: ${organizationName} ${advertiser.outcome === 'created' ? 'got its advertiser' : 'was linked to its advertiser'} ${advertiser.id} on the ad platform`,
      );
    }
    for (const campaign of report.campaigns) {
      logger.info(campaign, `Demo: the live campaign ${campaign.name} plays on the ad platform`);
    }
  } catch (error) {
    logger.warn(
      { err: error },
      'Demo: the demo organization could not be readied on the ad platform; an admin can create its advertiser',
    );
  }
}

/** How long a first start waits for Reports to take in the demo history before it says it is ready anyway. */
export const DEMO_HISTORY_REPORTS_WAIT_MS = 60_000;

/**
 * The demo organization's ninety days of history (a few seconds on a first start), then the reports'
 * mirror caught up with it. A failure is only logged: the platform works without the history.
 */
async function writeDemoHistory(container: RunningServer['container'], logger: Logger): Promise<void> {
  try {
    await container.get(TYPES.DemoSeedService).seedHistory();
  } catch (error) {
    logger.warn({ err: error }, 'Demo: the history could not be written');
    return;
  }
  const projector = container.get(REPORTING_PROJECTOR);
  const deadline = Date.now() + DEMO_HISTORY_REPORTS_WAIT_MS;
  for (;;) {
    const { backlog } = await projector.status();
    if (backlog === 0) return;
    if (Date.now() > deadline) {
      logger.warn(
        { backlog },
        'Demo: Reports are still taking in the demo history; they fill in over the next moments',
      );
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function startServer(
  config: Config,
  options: { logger?: Logger; overrides?: ContainerOverrides } = {},
): Promise<RunningServer> {
  const logger = options.logger ?? createLogger(config);
  const composition = await compose(config, logger, options.overrides);
  const { container } = composition;

  let demo: RunningServer['demo'] = null;
  if (config.SEED_DEMO) {
    const seeder = container.get(TYPES.DemoSeedService);
    const { password, remembered } = demoPassword(config);
    const seeded = await seeder.seedIfEmpty(password);
    demo = { seeded, password: seeded || remembered ? password : null, accounts: DEMO_ACCOUNTS };
    if (seeded) logger.info('Seeded the demo organization and accounts');
  }

  const app = createApp(container);
  const server: Server = await new Promise((resolvePromise, reject) => {
    const listening = createServer(app).listen(config.PORT, config.HOST, () => resolvePromise(listening));
    listening.once('error', reject);
  });
  server.keepAliveTimeout = 65_000;
  const port = (server.address() as AddressInfo).port;
  const url = config.PUBLIC_URL ? config.publicUrl : `http://localhost:${port}`;
  // The app calls its embedded sandboxes over loopback, at the port it really got (PORT=0 picks one).
  const wildcard = config.HOST === '0.0.0.0' || config.HOST === '::';
  const host = wildcard ? '127.0.0.1' : config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST;
  composition.listening(`http://${host}:${port}`);
  if (config.SEED_DEMO) {
    await readyDemoOnAdPlatform(container.get(TYPES.DemoSeedService), logger);
    if (config.SEED_DEMO_DONATIONS) await giveDemoDonations(container, logger);
  }
  // A first start writes the demo's history before it says it is ready: Reports never opens on part of it.
  if (demo?.seeded && config.SEED_DEMO_HISTORY) await writeDemoHistory(container, logger);

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      // Stop taking connections, end the live streams (they would never finish on their own) and the
      // receipt reads' waits, let requests in flight finish, then drop idle keep-alives.
      const closed = new Promise<void>((done) => server.close(() => done()));
      const timer = setTimeout(() => server.closeAllConnections(), 10_000);
      await container.get(TYPES.EventStreams).closeAll();
      // Receipt reads waiting for a donation answer now, without it: the page asks again elsewhere.
      container.get(TYPES.RecordingWaiters).releaseAll();
      server.closeIdleConnections();
      await closed;
      clearTimeout(timer);
      await composition.close();
    })());

  return { url, port, demo, close, container };
}
