import { STRIPE_SANDBOX } from '@causeway/api/container';
import { DONOR_GIFTS_SERVICE } from '@causeway/api/modules/donor-gifts.module';
import { linkTokenOf } from '@causeway/core/contracts/donor-gifts.contract';
import { cookieHeaderOf } from './api-client';
import type { TestApp } from './start-app';

/**
 * Moves the embedded Stripe sandbox's clock on by whole days, as the README's tour does (renewals and
 * retries fall due), and waits until the webhooks that made are delivered.
 */
export async function moveStripeClock(app: TestApp, days: number): Promise<void> {
  const moved = await fetch(`${app.url}/sandbox/stripe/_sandbox/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advance_days: days }),
  });
  if (moved.status !== 200) throw new Error(`The sandbox's clock did not move: ${moved.status} ${await moved.text()}`);
  await app.server.container.get(STRIPE_SANDBOX).webhooks.drain();
}

/** A visit of an address's gifts page, as opening a receipt's link gives one: the cookie a browser would hold. */
export async function giftsVisitCookie(app: TestApp, email: string): Promise<string> {
  const { link } = await app.server.container.get(DONOR_GIFTS_SERVICE).receiptLink(email);
  const response = await fetch(`${app.url}/api/my-gifts/visit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: linkTokenOf(new URL(link).hash) }),
  });
  if (response.status !== 200) throw new Error(`The gifts link did not open a visit: ${response.status}`);
  return cookieHeaderOf(response);
}
