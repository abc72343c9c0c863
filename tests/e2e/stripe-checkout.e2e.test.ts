import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiBaseHttpClient } from '@causeway/adapters/stripe/stripe-api-base.http-client';
import { createStripePaymentGateway } from '@causeway/adapters/stripe/stripe.payment-gateway';
import { startStripeSandbox, type RunningStripeSandbox } from '@causeway/adapters/stripe/stripe.sandbox';
import { systemClock } from '@causeway/adapters/system/system-clock';
import type { PaymentGateway } from '@causeway/core/ports/payment-gateway.port';
import { openBrowser, type BrowserSession } from '@causeway/tests/support/browser';
import { sandboxControl } from '@causeway/tests/stripe/sandbox-control';
import { startWebhookReceiver, type WebhookReceiver } from '@causeway/tests/stripe/webhook-receiver';

const SECRET_KEY = 'sk_test_browser';
const WEBHOOK_SECRET = 'whsec_browser';

// No axe check in this file: every page it visits is the payment sandbox's (its card form, its
// receipt) or this test's own return page. The card form stands in for Stripe's hosted checkout, which
// is Stripe's page, not the product's; the product's pages around a payment are checked in
// money-and-reach-journey, publish and donation.
describe("the Stripe sandbox's hosted checkout in a browser", () => {
  let receiver: WebhookReceiver;
  let sandbox: RunningStripeSandbox;
  let gateway: PaymentGateway;
  let browser: BrowserSession;

  beforeAll(async () => {
    // The page the payer comes back to is on another origin, as the app is from the sandbox.
    receiver = await startWebhookReceiver();
    sandbox = await startStripeSandbox({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      basePath: '/sandbox/stripe',
      webhooks: { url: receiver.url },
    });
    gateway = createStripePaymentGateway({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      clock: systemClock,
      apiBase: new URL(sandbox.url),
    });
    browser = await openBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await sandbox?.close();
    await receiver?.close();
  });

  const fillCard = async (number: string, expiry = '12 / 34', cvc = '123') => {
    const { page } = browser;
    await page.getByLabel('Card number').fill(number);
    await page.getByLabel('Expiration (MM / YY)').fill(expiry);
    await page.getByLabel('Security code (CVC)').fill(cvc);
  };

  it('declines 4000 0000 0000 0002 with Stripe’s message, refuses a bad number, then takes 4242 and returns', async () => {
    const { page } = browser;
    const origin = new URL(receiver.url).origin;
    const session = await gateway.createCheckout({
      purpose: 'donation',
      campaignId: 'campaign-1',
      amountCents: 2_500,
      description: 'Donation to Clean water',
      successUrl: `${origin}/donated?session={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${origin}/campaign/campaign-1/details/`,
      promoterId: 'promoter-1',
      idempotencyKey: 'browser-donation-1',
    });
    await page.goto(session.url);
    await expect.poll(() => page.getByTestId('amount').textContent()).toBe('$25.00');
    expect(await page.getByText('Donation to Clean water').isVisible()).toBe(true);
    const pay = page.getByRole('button', { name: 'Pay $25.00' });

    await page.getByLabel('Email').fill('dana@example.org');
    await page.getByLabel('Name on card').fill('Dana Donor');
    await fillCard('4000 0000 0000 0002');
    await pay.click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Your card was declined.');
    expect(await gateway.getPaymentDetail(session.id)).toBeNull();

    await fillCard('4242 4242 4242 4241');
    await pay.click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Your card number is invalid.');
    expect(await page.getByLabel('Card number').getAttribute('aria-invalid')).toBe('true');

    await fillCard('4242 4242 4242 4242', '01 / 20');
    await pay.click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe("Your card's expiration year is in the past.");

    await fillCard('4242 4242 4242 4242');
    await pay.click();
    await page.waitForURL(`${origin}/donated?session=${session.id}`);
    expect(await page.getByRole('heading').textContent()).toBe(`Back at /donated?session=${session.id}`);

    const detail = await gateway.getPaymentDetail(session.id);
    expect(detail).toMatchObject({ amount: 2_500, card: { brand: 'visa', last4: '4242' } });
    await page.goto(detail!.link!);
    expect(await page.getByText('VISA – 4242').isVisible()).toBe(true);
    expect(await page.getByText('$25.00').isVisible()).toBe(true);

    // Back on the paid session's page: nothing more to pay.
    await page.goto(session.url);
    expect(await page.getByRole('heading').textContent()).toBe('Payment complete');

    await sandboxControl(sandbox.url, SECRET_KEY).drain();
    const completed = receiver.last('checkout.session.completed', (object) => object.id === session.id);
    expect(await gateway.parseWebhook(completed.body, completed.signature)).toMatchObject({
      type: 'paymentSucceeded',
      campaignId: 'campaign-1',
      promoterId: 'promoter-1',
      amountCents: 2_500,
    });
    expect(browser.errors).toEqual([]);
  });

  it('pays through a payment link and lands on its redirect', async () => {
    const { page } = browser;
    const origin = new URL(receiver.url).origin;
    // Products are made in the dashboard, not through the port.
    const dashboard = new Stripe(SECRET_KEY, { httpClient: createApiBaseHttpClient(() => new URL(sandbox.url)) });
    const product = await dashboard.products.create({ name: 'Donation' });
    const price = await gateway.createPrice({ productId: product.id, unitAmount: 1_000, idempotencyKey: 'price-10' });
    const link = await gateway.createPaymentLink({
      priceId: price.id,
      campaignId: 'campaign-1',
      userId: 'promoter-1',
      redirectUrl: `${origin}/thanks?session={CHECKOUT_SESSION_ID}`,
      idempotencyKey: 'link-10',
    });
    await page.goto(link.url);
    await expect.poll(() => page.getByTestId('amount').textContent()).toBe('$10.00');
    await fillCard('5555 5555 5555 4444');
    await page.getByRole('button', { name: 'Pay $10.00' }).click();
    await page.waitForURL(new RegExp(`^${origin}/thanks\\?session=cs_test_`));
    const sessionId = new URL(page.url()).searchParams.get('session')!;
    expect(await gateway.getPaymentDetail(sessionId)).toMatchObject({
      amount: 1_000,
      card: { brand: 'mastercard', last4: '4444' },
    });
    expect(browser.errors).toEqual([]);
  });
});
