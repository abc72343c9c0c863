import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, ConfigSchema, loadConfig } from './config';

describe('configuration', () => {
  it('defaults to the embedded mode on port 3000', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      DATA_STORE: 'postgres',
      DATA_DIR: './data',
      IDENTITY: 'local',
      embedded: true,
      production: false,
      cookieSecure: false,
      publicUrl: 'http://localhost:3000',
    });
  });

  it('listens on this computer only in development, on every interface in production, or where HOST says', () => {
    expect(loadConfig({})).toMatchObject({ HOST: '127.0.0.1', localOnly: true });
    expect(loadConfig({ HOST: '' })).toMatchObject({ HOST: '127.0.0.1', localOnly: true });
    expect(
      loadConfig({ NODE_ENV: 'production', SANDBOXES: 'true', SMTP_URL: 'smtp://mail.example:587' }),
    ).toMatchObject({
      HOST: '0.0.0.0',
      localOnly: false,
    });
    expect(loadConfig({ HOST: '0.0.0.0' })).toMatchObject({ HOST: '0.0.0.0', localOnly: false });
    expect(loadConfig({ HOST: '::1' })).toMatchObject({ HOST: '::1', localOnly: true });
    expect(loadConfig({ HOST: '192.168.1.20' })).toMatchObject({ localOnly: false });
  });

  describe('in production', () => {
    const production = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example:587' };
    const vendors = {
      AMOBEE_BASE_URL: 'https://services.amobee.com',
      AMOBEE_CLIENT_ID: 'id',
      AMOBEE_CLIENT_SECRET: 'secret',
      AMOBEE_MANAGER_ACCOUNT_ID: '1234',
      STRIPE_SECRET_KEY: 'sk_live_123',
      STRIPE_WEBHOOK_SECRET: 'whsec_123',
    };
    const problemsOf = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return [];
      } catch (error) {
        return (error as ConfigError).problems;
      }
    };

    it('refuses to start without the vendor keys, naming each and how to run the sandboxes instead', () => {
      expect(problemsOf(production)).toEqual([
        'AMOBEE_BASE_URL is required when NODE_ENV=production (with AMOBEE_CLIENT_ID, AMOBEE_CLIENT_SECRET and ' +
          'AMOBEE_MANAGER_ACCOUNT_ID); set SANDBOXES=true to run the built-in DSP sandbox instead (no ads are bought)',
        'STRIPE_SECRET_KEY is required when NODE_ENV=production (with STRIPE_WEBHOOK_SECRET); set SANDBOXES=true ' +
          'to run the embedded Stripe sandbox instead (test cards only, nothing is charged)',
      ]);
      const { STRIPE_SECRET_KEY: _key, STRIPE_WEBHOOK_SECRET: _secret, ...adsOnly } = vendors;
      expect(problemsOf({ ...production, ...adsOnly })).toEqual([
        expect.stringMatching(/^STRIPE_SECRET_KEY is required/),
      ]);
    });

    it('starts with the vendor keys, or with the sandboxes asked for by name', () => {
      expect(problemsOf({ ...production, ...vendors })).toEqual([]);
      expect(problemsOf({ ...production, SANDBOXES: 'true' })).toEqual([]);
      expect(problemsOf({ ...production, SANDBOXES: 'false' })).toHaveLength(2);
    });

    it('needs no keys outside production', () => {
      expect(problemsOf({})).toEqual([]);
      expect(problemsOf({ NODE_ENV: 'test' })).toEqual([]);
    });
  });

  it('uses a Postgres server when DATABASE_URL is set, and secure cookies in production', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u@db:5432/app',
      NODE_ENV: 'production',
      SANDBOXES: 'true',
      PUBLIC_URL: 'https://give.example/',
      SMTP_URL: 'smtp://mailer:secret@mail.give.example:587',
    });
    expect(config).toMatchObject({ embedded: false, cookieSecure: true, publicUrl: 'https://give.example' });
  });

  it('addresses stored files by same-origin paths unless they have a host of their own', () => {
    expect(loadConfig({ PORT: '3456' })).toMatchObject({
      filesUrl: '/files',
      formerFilesUrls: ['http://localhost:3456/files'],
    });
    expect(
      loadConfig({ PUBLIC_URL: 'https://give.example', FILES_PUBLIC_URL: 'https://cdn.example.org/files/' }),
    ).toMatchObject({
      filesUrl: 'https://cdn.example.org/files',
      formerFilesUrls: ['https://give.example/files', '/files'],
    });
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ FILES_PUBLIC_URL: 'ftp://files.example' }, 'FILES_PUBLIC_URL'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ DATA_STORE: 'mongo' }, 'DATA_STORE'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO'],
    [{ DEMO_PASSWORD: 'short' }, 'DEMO_PASSWORD'],
    [{ DATA_STORE: 'firestore' }, 'FIREBASE_PROJECT_ID'],
    [{ IDENTITY: 'firebase', FIREBASE_PROJECT_ID: 'p' }, 'FIREBASE_API_KEY'],
    [{ NODE_ENV: 'production' }, 'SMTP_URL'],
    [{ SMTP_URL: 'mail.example.org:587' }, 'SMTP_URL'],
    [{ BOT_CHECK_DIFFICULTY: '40' }, 'BOT_CHECK_DIFFICULTY'],
    [{ BOT_CHECK_SECRET: 'short' }, 'BOT_CHECK_SECRET'],
    [{ CAPTCHA_SECRET: 'secret' }, 'CAPTCHA_SITE_KEY'],
    [{ CAPTCHA_SITE_KEY: 'site-key' }, 'CAPTCHA_SECRET'],
  ])('stops on %j with a message naming %s', (env, variable) => {
    let error: unknown;
    try {
      loadConfig(env);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems.some((problem) => problem.startsWith(`${variable} `))).toBe(true);
  });

  it('defaults the mail sender, the proof-of-work difficulty and the captcha verify URL', () => {
    const config = loadConfig({});
    expect(config.SMTP_URL).toBeUndefined();
    expect(config).toMatchObject({
      MAIL_FROM: 'Causeway <no-reply@causeway.local>',
      BOT_CHECK_DIFFICULTY: 16,
      CAPTCHA_VERIFY_URL: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
    });
  });

  it('is documented variable by variable in .env.example', () => {
    const example = readFileSync(new URL('../../../.env.example', import.meta.url), 'utf8');
    const documented = [...example.matchAll(/^([A-Z_]+)=/gm)].map((match) => match[1]).sort();
    const read = Object.keys(ConfigSchema.shape).sort();
    expect(documented).toEqual(read);
  });
});
