import { join, resolve } from 'node:path';
import type { Config } from '../config';

/**
 * The sandboxes' code, loaded only when a vendor's key is missing. A production server bundle built
 * without them (scripts/build-server.mjs) defines CAUSEWAY_SANDBOXES_BUNDLED as 'false': esbuild then
 * drops these imports, and the sandboxes are not in it at all.
 */
const SANDBOX_MODULES =
  process.env.CAUSEWAY_SANDBOXES_BUNDLED === 'false'
    ? null
    : {
        amobee: () => import('@causeway/adapters/amobee/amobee.sandbox'),
        stripe: () => import('@causeway/adapters/stripe/stripe.sandbox'),
      };

export interface SandboxModules {
  amobee: Awaited<ReturnType<NonNullable<typeof SANDBOX_MODULES>['amobee']>> | null;
  stripe: Awaited<ReturnType<NonNullable<typeof SANDBOX_MODULES>['stripe']>> | null;
}

/** The sandboxes this configuration runs (none with both vendors' keys); a clear error when not built in. */
export async function loadSandboxes(config: Config): Promise<SandboxModules> {
  const wanted = { amobee: !config.AMOBEE_BASE_URL, stripe: !config.STRIPE_SECRET_KEY };
  if (!wanted.amobee && !wanted.stripe) return { amobee: null, stripe: null };
  if (!SANDBOX_MODULES) {
    throw new Error(
      'This server was built without the built-in sandboxes (a production build): set AMOBEE_BASE_URL and ' +
        'STRIPE_SECRET_KEY with their credentials, or build with SANDBOXES=true (node scripts/build-server.mjs).',
    );
  }
  const [amobee, stripe] = await Promise.all([
    wanted.amobee ? SANDBOX_MODULES.amobee() : null,
    wanted.stripe ? SANDBOX_MODULES.stripe() : null,
  ]);
  return { amobee, stripe };
}

/** Where an embedded sandbox keeps its state between starts. */
export const sandboxStatePath = (config: Config, name: 'amobee' | 'stripe') =>
  join(resolve(config.DATA_DIR), 'sandboxes', `${name}.json`);
