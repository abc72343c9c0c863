import { describe, expect, it } from 'vitest';
import { parseStripeForm } from './stripe-sandbox.form';

describe('reading form-encoded parameters as the Stripe API does', () => {
  it.each([
    ['name=Donation&active=true', { name: 'Donation', active: 'true' }],
    ['metadata[campaignId]=c-1&metadata[userId]=u-1', { metadata: { campaignId: 'c-1', userId: 'u-1' } }],
    [
      'line_items[0][price]=price_1&line_items[0][quantity]=1&line_items[1][price]=price_2',
      { line_items: [{ price: 'price_1', quantity: '1' }, { price: 'price_2' }] },
    ],
    ['expand[0]=latest_charge&expand[1]=customer', { expand: ['latest_charge', 'customer'] }],
    ['expand[]=latest_charge&expand[]=customer', { expand: ['latest_charge', 'customer'] }],
    [
      'line_items[0][price_data][product_data][name]=Gift%20%26%20thanks',
      { line_items: [{ price_data: { product_data: { name: 'Gift & thanks' } } }] },
    ],
    [
      'success_url=https%3A%2F%2Fa.test%2Fok%3Fs%3D%7BCHECKOUT_SESSION_ID%7D',
      { success_url: 'https://a.test/ok?s={CHECKOUT_SESSION_ID}' },
    ],
    ['', {}],
  ])('%s', (encoded, expected) => {
    expect(parseStripeForm(encoded)).toEqual(expected);
  });

  it.each([['metadata=x&metadata[a]=b'], ['metadata[a]=b&metadata=x'], ['a]b=1']])('refuses %s', (encoded) => {
    expect(() => parseStripeForm(encoded)).toThrow(/Invalid parameter/);
  });
});
