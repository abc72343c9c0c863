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

  it('uses a Postgres server when DATABASE_URL is set, and secure cookies in production', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u@db:5432/app',
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://give.example/',
      SMTP_URL: 'smtp://mailer:secret@mail.give.example:587',
    });
    expect(config).toMatchObject({ embedded: false, cookieSecure: true, publicUrl: 'https://give.example' });
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
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
