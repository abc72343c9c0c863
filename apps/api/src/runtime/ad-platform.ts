import type { ServiceIdentifier } from 'inversify';
import type { Logger } from 'pino';
import { createAmobeeClient } from '@causeway/adapters/amobee/amobee.client';
import type { AmobeeSandbox } from '@causeway/adapters/amobee/amobee.sandbox';
import { savedRouter } from '@causeway/adapters/system/answer-when-saved';
import { keepSnapshot } from '@causeway/adapters/system/json-snapshot';
import type { AdPlatform } from '@causeway/core/ports/ad-platform.port';
import type { Clock } from '@causeway/core/ports/clock.port';
import type { IdGenerator } from '@causeway/core/ports/id-generator.port';
import type { Config } from '../config';
import { sandboxStatePath, type SandboxModules } from './sandboxes';

/** The embedded DSP sandbox, bound only when AMOBEE_BASE_URL is empty; the app mounts it at this path. */
export const AMOBEE_SANDBOX: ServiceIdentifier<AmobeeSandbox> = Symbol.for('causeway.AmobeeSandbox');
export const AMOBEE_SANDBOX_PATH = '/sandbox/amobee';

/**
 * The ad platform: the Nexxen API at AMOBEE_BASE_URL, else the built-in sandbox of it, mounted in this
 * app and called over HTTP like the real one (the client learns the app's address once it listens).
 */
export function openAdPlatform(
  config: Config,
  logger: Logger,
  clock: Clock,
  ids: IdGenerator,
  sandboxes: SandboxModules,
): { adPlatform: AdPlatform; sandbox: AmobeeSandbox | null; listening(url: string): void; close(): Promise<void> } {
  const adapterLogger = logger.child({ component: 'amobee' });
  if (config.AMOBEE_BASE_URL) {
    logger.info({ baseUrl: config.AMOBEE_BASE_URL, marketId: config.AMOBEE_MARKET_ID }, 'Ad platform: Nexxen DSP API');
    const adPlatform = createAmobeeClient({
      baseUrl: config.AMOBEE_BASE_URL,
      clientId: config.AMOBEE_CLIENT_ID ?? '',
      clientSecret: config.AMOBEE_CLIENT_SECRET ?? '',
      marketId: config.AMOBEE_MARKET_ID,
      managerAccountId: config.AMOBEE_MANAGER_ACCOUNT_ID ?? '',
      accountId: config.AMOBEE_ACCOUNT_ID,
      advertiserPrimaryUrl: config.publicUrl,
      logger: adapterLogger,
      clock,
    });
    return { adPlatform, sandbox: null, listening: () => undefined, close: async () => undefined };
  }
  if (!sandboxes.amobee) throw new Error('The built-in DSP sandbox was not loaded');
  const { createAmobeeSandbox, firstIdAt } = sandboxes.amobee;
  // Credentials of this process only: nothing outside it needs them.
  const credentials = { clientId: 'causeway-embedded', clientSecret: ids.newSecret() };
  const sandbox = createAmobeeSandbox({
    ...credentials,
    marketId: config.AMOBEE_MARKET_ID,
    clock,
    delivery: { ctr: config.AMOBEE_SANDBOX_CTR, cpm: config.AMOBEE_SANDBOX_CPM },
    // Nobody may move the clock or inject faults of a production server.
    controlApi: !config.production,
    // Started empty (a first start, or a state set aside), its ids cannot be ones the database still names.
    firstId: firstIdAt(clock.now()),
  });
  if (!config.production) {
    for (const fault of config.AMOBEE_SANDBOX_FAULTS) {
      try {
        sandbox.addFault(fault as Parameters<AmobeeSandbox['addFault']>[0]);
      } catch (error) {
        throw new Error(`AMOBEE_SANDBOX_FAULTS: a fault the DSP sandbox cannot take: ${(error as Error).message}`);
      }
    }
  }
  // Its objects outlive a restart, as the campaigns pointing at them do.
  const snapshot = keepSnapshot({
    path: sandboxStatePath(config, 'amobee'),
    subject: sandbox,
    name: 'DSP sandbox',
    log: adapterLogger,
  });
  // As the vendor answers only once it has committed: an order the app was told of is kept across a crash.
  const router = savedRouter(sandbox.router, snapshot.writer, 'DSP sandbox', adapterLogger);
  let ownUrl = '';
  const adPlatform = createAmobeeClient({
    ...credentials,
    baseUrl: () => {
      if (!ownUrl) throw new Error('The embedded DSP sandbox is not listening yet');
      return `${ownUrl}${AMOBEE_SANDBOX_PATH}`;
    },
    marketId: config.AMOBEE_MARKET_ID,
    managerAccountId: config.AMOBEE_MANAGER_ACCOUNT_ID ?? '1001',
    accountId: config.AMOBEE_ACCOUNT_ID ?? '1000001',
    advertiserPrimaryUrl: config.publicUrl,
    logger: adapterLogger,
    clock,
  });
  const where = `${config.publicUrl}${AMOBEE_SANDBOX_PATH}`;
  if (config.production) {
    logger.warn(
      { sandbox: where },
      'Ad platform: the built-in DSP sandbox; no ads are bought. Set AMOBEE_BASE_URL for the real one',
    );
  } else {
    logger.info({ sandbox: where, control: `${where}/_sandbox` }, 'Ad platform: the built-in DSP sandbox');
  }
  return {
    adPlatform,
    sandbox: { ...sandbox, router },
    listening: (url) => {
      ownUrl = url.replace(/\/$/, '');
    },
    close: () => snapshot.close(),
  };
}
