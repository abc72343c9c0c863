import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '@causeway/api/config';

const problemsOf = (env: Record<string, string>): string[] => {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
};

describe('the Stripe settings', () => {
  it('default to the embedded sandbox: no key, no webhook secret, no API base', () => {
    for (const env of [{}, { STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '', STRIPE_API_BASE: '' }]) {
      const config = loadConfig(env);
      expect([config.STRIPE_SECRET_KEY, config.STRIPE_WEBHOOK_SECRET, config.STRIPE_API_BASE]).toEqual([
        undefined,
        undefined,
        undefined,
      ]);
    }
  });

  it.each([
    [{ STRIPE_SECRET_KEY: 'sk_live_51Habc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' }],
    [{ STRIPE_SECRET_KEY: 'rk_test_51Habc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' }],
    [
      {
        STRIPE_SECRET_KEY: 'sk_test_51Habc',
        STRIPE_WEBHOOK_SECRET: 'whsec_abc',
        STRIPE_API_BASE: 'http://127.0.0.1:4100/sandbox/stripe',
      },
    ],
    [{ STRIPE_WEBHOOK_SECRET: 'whsec_abc' }],
  ])('accept %j', (env) => {
    expect(problemsOf(env)).toEqual([]);
  });

  it.each([
    [{ STRIPE_SECRET_KEY: 'pk_test_51Habc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' }, 'STRIPE_SECRET_KEY'],
    [{ STRIPE_SECRET_KEY: 'sk_test_51Habc' }, 'STRIPE_WEBHOOK_SECRET'],
    [{ STRIPE_SECRET_KEY: 'sk_test_51Habc', STRIPE_WEBHOOK_SECRET: 'secret' }, 'STRIPE_WEBHOOK_SECRET'],
    [{ STRIPE_API_BASE: 'http://127.0.0.1:4100' }, 'STRIPE_SECRET_KEY'],
    [
      { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1', STRIPE_API_BASE: 'ftp://x' },
      'STRIPE_API_BASE',
    ],
  ])('stop on %j with a message naming %s', (env, variable) => {
    expect(problemsOf(env).some((problem) => problem.startsWith(`${variable} `))).toBe(true);
  });
});
