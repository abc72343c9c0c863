import { z } from 'zod';

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const numericId = z
  .string()
  .trim()
  .regex(/^\d*$/, 'must be a numeric id')
  .transform((value) => (value === '' ? undefined : value))
  .optional();

/**
 * Every setting the platform reads, from the environment. `.env.example` documents each one.
 * A bad value stops start-up with a message naming the variable.
 */
export const ConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /** Empty: 127.0.0.1 (this computer only) outside production, every interface (0.0.0.0) in production. */
    HOST: optionalText,
    PUBLIC_URL: z.url().optional(),
    /**
     * Where browsers load the stored files (covers, logos, avatars) when they have a host of their own, a
     * CDN or a public bucket holding the same paths (e.g. https://cdn.example.org/files). Empty: the app
     * serves them itself, by same-origin paths (/files/...), whatever name the site is opened by.
     */
    FILES_PUBLIC_URL: z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
      .optional()
      .or(z.literal('').transform(() => undefined)),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: flag.default(false),

    DATA_STORE: z.enum(['postgres', 'firestore']).default('postgres'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection URL')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /**
     * The reporting mirror's own Postgres server (e.g. a replica for analysts). Empty: the operational
     * database's `reporting` schema with a Postgres store, an embedded PGlite under DATA_DIR with Firestore.
     */
    REPORTING_DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
    /** A public campaign page is answered from memory this long after a read (0: read every time). */
    CAMPAIGN_PAGE_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
    /** A page of the live campaign list (`GET /api/campaigns`) is answered from memory this long after a read (0: read every time). */
    CAMPAIGN_LIST_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
    /** A report overview is answered from memory this long after a read unless the mirror changes its figures first (0: read every time). */
    REPORT_OVERVIEW_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
    DATA_DIR: z.string().min(1).default('./data'),

    IDENTITY: z.enum(['local', 'firebase']).default('local'),
    SESSION_TTL_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 90)
      .default(24 * 14),
    COOKIE_SECURE: flag.optional(),
    SIGN_IN_MAX_FAILURES: z.coerce.number().int().min(1).max(1000).default(10),
    SIGN_IN_WINDOW_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(15),

    FIREBASE_PROJECT_ID: optionalText,
    FIREBASE_API_KEY: optionalText,
    FIREBASE_AUTH_EMULATOR_HOST: optionalText,
    FIRESTORE_EMULATOR_HOST: optionalText,
    /** A Cloud Storage bucket for uploaded files (firebase mode); empty keeps them on disk under DATA_DIR. */
    FIREBASE_STORAGE_BUCKET: optionalText,
    FIREBASE_STORAGE_EMULATOR_HOST: optionalText,
    GOOGLE_APPLICATION_CREDENTIALS: optionalText,

    SMTP_URL: z
      .string()
      .trim()
      .regex(
        /^smtps?:\/\/[^/\s]+/,
        'must be an smtp:// or smtps:// URL, like smtp://user:password@mail.example.org:587',
      )
      .optional()
      .or(z.literal('').transform(() => undefined)),
    MAIL_FROM: z.string().trim().min(3).max(300).default('Causeway <no-reply@causeway.local>'),

    BOT_CHECK_DIFFICULTY: z.coerce.number().int().min(1).max(32).default(16),
    BOT_CHECK_SECRET: z
      .string()
      .min(32, 'must be at least 32 characters')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    CAPTCHA_SECRET: optionalText,
    CAPTCHA_SITE_KEY: optionalText,
    CAPTCHA_VERIFY_URL: z.url().default('https://challenges.cloudflare.com/turnstile/v0/siteverify'),

    AMOBEE_BASE_URL: z
      .url()
      .optional()
      .or(z.literal('').transform(() => undefined)),
    AMOBEE_CLIENT_ID: optionalText,
    AMOBEE_CLIENT_SECRET: optionalText,
    AMOBEE_MARKET_ID: z.coerce.number().int().positive().default(2011),
    AMOBEE_MANAGER_ACCOUNT_ID: numericId,
    AMOBEE_ACCOUNT_ID: numericId,
    AMOBEE_SANDBOX_CTR: z.coerce.number().min(0).max(1).default(0.001),
    AMOBEE_SANDBOX_CPM: z.coerce.number().positive().max(1000).default(2.5),
    /** Faults the built-in DSP sandbox starts with, as its control API takes them (outside production only). */
    AMOBEE_SANDBOX_FAULTS: z
      .string()
      .trim()
      .default('')
      .transform((text, context) => {
        if (text === '') return [];
        try {
          const faults: unknown = JSON.parse(text);
          if (Array.isArray(faults) && faults.every((fault) => typeof fault === 'object' && fault !== null)) {
            return faults as Record<string, unknown>[];
          }
        } catch {
          // Reported below.
        }
        context.addIssue({ code: 'custom', message: 'must be a JSON list of faults, as POST /_sandbox/faults takes' });
        return z.NEVER;
      }),
    /** How long a deployment's worker holds it without news before another instance may take it up. */
    DEPLOYMENT_LEASE_SECONDS: z.coerce.number().int().min(2).max(3600).default(120),
    DELIVERY_SYNC_MINUTES: z.coerce
      .number()
      .int()
      .min(0)
      .max(24 * 60)
      .default(15),

    STRIPE_SECRET_KEY: z
      .string()
      .trim()
      .regex(
        /^(sk|rk)_(test|live)_\w+$/,
        'must be a Stripe secret key: sk_live_…, sk_test_… (or a restricted rk_… key)',
      )
      .optional()
      .or(z.literal('').transform(() => undefined)),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .trim()
      .regex(/^whsec_\S+$/, 'must be a webhook signing secret: whsec_…')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    STRIPE_API_BASE: z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
      .optional()
      .or(z.literal('').transform(() => undefined)),

    /** Production runs the built-in DSP and Stripe sandboxes only when this says so (a demo stack). */
    SANDBOXES: flag.optional(),
    SEED_DEMO: flag.default(true),
    /** Give the live demo campaigns a few donations through the embedded payment sandbox. */
    SEED_DEMO_DONATIONS: flag.default(true),
    /** Give the demo organization ninety days of history (gifts, refunds, clicks, ad delivery) for its reports. */
    SEED_DEMO_HISTORY: flag.default(true),
    DEMO_PASSWORD: z
      .string()
      .min(10, 'must be at least 10 characters')
      .optional()
      .or(z.literal('').transform(() => undefined)),
  })
  .superRefine((config, context) => {
    if (config.DATA_STORE === 'firestore' && !config.FIREBASE_PROJECT_ID) {
      context.addIssue({
        code: 'custom',
        path: ['FIREBASE_PROJECT_ID'],
        message: 'is required when DATA_STORE=firestore',
      });
    }
    if (config.FIREBASE_STORAGE_BUCKET && !config.FIREBASE_PROJECT_ID) {
      context.addIssue({
        code: 'custom',
        path: ['FIREBASE_PROJECT_ID'],
        message: 'is required when FIREBASE_STORAGE_BUCKET is set',
      });
    }
    if (config.NODE_ENV === 'production' && !config.SMTP_URL) {
      context.addIssue({
        code: 'custom',
        path: ['SMTP_URL'],
        message: 'is required when NODE_ENV=production: invitations and receipts are sent through it',
      });
    }
    if (config.CAPTCHA_SECRET && !config.CAPTCHA_SITE_KEY) {
      context.addIssue({ code: 'custom', path: ['CAPTCHA_SITE_KEY'], message: 'is required with CAPTCHA_SECRET' });
    }
    if (config.CAPTCHA_SITE_KEY && !config.CAPTCHA_SECRET) {
      context.addIssue({ code: 'custom', path: ['CAPTCHA_SECRET'], message: 'is required with CAPTCHA_SITE_KEY' });
    }
    // A production server runs no fake vendor unless asked for by name: a forgotten key is an error.
    if (config.NODE_ENV === 'production' && config.SANDBOXES !== true) {
      if (!config.AMOBEE_BASE_URL) {
        context.addIssue({
          code: 'custom',
          path: ['AMOBEE_BASE_URL'],
          message:
            'is required when NODE_ENV=production (with AMOBEE_CLIENT_ID, AMOBEE_CLIENT_SECRET and ' +
            'AMOBEE_MANAGER_ACCOUNT_ID); set SANDBOXES=true to run the built-in DSP sandbox instead (no ads are bought)',
        });
      }
      if (!config.STRIPE_SECRET_KEY) {
        context.addIssue({
          code: 'custom',
          path: ['STRIPE_SECRET_KEY'],
          message:
            'is required when NODE_ENV=production (with STRIPE_WEBHOOK_SECRET); set SANDBOXES=true to run the ' +
            'embedded Stripe sandbox instead (test cards only, nothing is charged)',
        });
      }
    }
    // Without AMOBEE_BASE_URL the built-in DSP sandbox serves, in production too when SANDBOXES=true: production mode is
    // also how the demo stack runs (docker compose), and the start-up log says loudly that no ads are
    // bought. Credentials without an address, though, mean the real API was meant: refuse those.
    if (config.AMOBEE_BASE_URL) {
      for (const variable of ['AMOBEE_CLIENT_ID', 'AMOBEE_CLIENT_SECRET', 'AMOBEE_MANAGER_ACCOUNT_ID'] as const) {
        if (!config[variable]) {
          context.addIssue({ code: 'custom', path: [variable], message: 'is required with AMOBEE_BASE_URL' });
        }
      }
    } else if (config.AMOBEE_CLIENT_ID || config.AMOBEE_CLIENT_SECRET) {
      context.addIssue({
        code: 'custom',
        path: ['AMOBEE_BASE_URL'],
        message:
          'is required with AMOBEE_CLIENT_ID and AMOBEE_CLIENT_SECRET (leave all three empty for the built-in sandbox)',
      });
    }
    // Without STRIPE_SECRET_KEY the embedded Stripe sandbox takes the payments (test cards only).
    if (config.STRIPE_SECRET_KEY && !config.STRIPE_WEBHOOK_SECRET) {
      context.addIssue({
        code: 'custom',
        path: ['STRIPE_WEBHOOK_SECRET'],
        message: "is required with STRIPE_SECRET_KEY: payment webhooks are verified with the endpoint's signing secret",
      });
    }
    if (config.STRIPE_API_BASE && !config.STRIPE_SECRET_KEY) {
      context.addIssue({
        code: 'custom',
        path: ['STRIPE_SECRET_KEY'],
        message:
          'is required with STRIPE_API_BASE (the key that API accepts); leave both empty for the embedded sandbox',
      });
    }
    if (config.IDENTITY === 'firebase') {
      if (!config.FIREBASE_PROJECT_ID) {
        context.addIssue({
          code: 'custom',
          path: ['FIREBASE_PROJECT_ID'],
          message: 'is required when IDENTITY=firebase',
        });
      }
      if (!config.FIREBASE_API_KEY) {
        context.addIssue({ code: 'custom', path: ['FIREBASE_API_KEY'], message: 'is required when IDENTITY=firebase' });
      }
    }
  });

export type RawConfig = z.infer<typeof ConfigSchema>;

export interface Config extends Omit<RawConfig, 'HOST'> {
  /** The interface listened on (HOST, else 127.0.0.1 outside production and 0.0.0.0 in production). */
  HOST: string;
  /** True when only this computer can connect (a loopback HOST). */
  localOnly: boolean;
  publicUrl: string;
  /** Where browsers load the stored files: FILES_PUBLIC_URL, else the same-origin path /files. */
  filesUrl: string;
  /**
   * Where the stored files were addressed before, still read as theirs: the absolute address on the public
   * URL (as every file was stored until same-origin paths), and /files when they have a host of their own.
   */
  formerFilesUrls: string[];
  cookieSecure: boolean;
  production: boolean;
  /** Embedded mode: PGlite under DATA_DIR, and the dev-only conveniences (dev mailbox). */
  embedded: boolean;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'} ${issue.message}`));
  }
  const raw = parsed.data;
  const production = raw.NODE_ENV === 'production';
  // A laptop's server is private by default; a deployment (a container) listens on every interface.
  const host = raw.HOST ?? (production ? '0.0.0.0' : '127.0.0.1');
  const publicUrl = (raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/$/, '');
  const filesUrl = raw.FILES_PUBLIC_URL?.replace(/\/+$/, '') ?? '/files';
  return {
    ...raw,
    HOST: host,
    localOnly: /^(127\.\d+\.\d+\.\d+|::1|localhost)$/.test(host),
    production,
    publicUrl,
    filesUrl,
    formerFilesUrls: [`${publicUrl}/files`, '/files'].filter((url) => url !== filesUrl),
    cookieSecure: raw.COOKIE_SECURE ?? production,
    embedded: raw.DATA_STORE === 'postgres' && !raw.DATABASE_URL,
  };
}
