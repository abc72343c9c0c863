import { describe, expect, it } from 'vitest';
import { requestLogLevel } from './request-log-level';

describe('the log level of a finished request', () => {
  it.each([
    ['/api/campaigns', 200, undefined, 'info'],
    ['/api/stripe/webhook', 200, undefined, 'info'],
    ['/api/campaigns', 404, undefined, 'warn'],
    ['/api/campaigns', 500, undefined, 'error'],
    ['/api/campaigns', 200, new Error('aborted'), 'error'],
    ['/sandbox/stripe/v1/checkout/sessions', 200, undefined, 'debug'],
    ['/sandbox/amobee/campaign/v5/api/lineItems/1/ads', 201, undefined, 'debug'],
    ['/sandbox/amobee/campaign/v5/api/lineItems', 400, undefined, 'warn'],
    ['/sandbox/stripe/v1/charges', 502, undefined, 'error'],
    ['/sandbox/stripe/c/pay/cs_test_1', 200, undefined, 'info'],
    ['/sandbox/stripe/b/bps_1', 200, undefined, 'info'],
  ] as const)('%s answered %i (%s) is logged at %s', (path, status, error, level) => {
    expect(requestLogLevel(path, status, error)).toBe(level);
  });
});
