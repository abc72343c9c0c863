import type { Container } from 'inversify';
import type { Logger } from 'pino';
import { STRIPE_SANDBOX } from '../container';
import { TYPES } from '../types';

/** One demo gift: how much, from whom, and whether the demo promoter's link brought it. */
interface DemoGift {
  amountCents: number;
  donorName: string;
  email: string;
  message?: string;
  viaPromoter?: boolean;
}

/** Gifts by campaign name: the first campaign is the one the demo promoter promotes. */
const DEMO_GIFTS: Record<string, readonly DemoGift[]> = {
  'Winter meals': [
    { amountCents: 25_00, donorName: 'Maya', email: 'maya@example.org', message: 'For a family of four.' },
    { amountCents: 100_00, donorName: 'Dev', email: 'dev@example.org', viaPromoter: true },
    { amountCents: 50_00, donorName: 'Ruth', email: 'ruth@example.org', message: 'Keep warm, Portland!' },
    { amountCents: 250_00, donorName: 'The Okafor family', email: 'okafor@example.org', viaPromoter: true },
    { amountCents: 10_00, donorName: 'Sam', email: 'sam@example.org' },
  ],
  'Saturday pantry van': [
    { amountCents: 40_00, donorName: 'Lena', email: 'lena@example.org', message: 'Fresh food for the islands.' },
    { amountCents: 75_00, donorName: 'Theo', email: 'theo@example.org' },
  ],
};

/**
 * Gives the demo organization's live campaigns a few donations the way donors give: a checkout opened
 * by the donation use case, paid on the embedded payment sandbox with its test card, and recorded from
 * the sandbox's signed webhooks like any other payment. Only on the embedded sandbox, only for campaigns
 * that have no donation yet (a second start gives nothing more); a failure is only logged.
 */
export async function giveDemoDonations(container: Container, logger: Logger): Promise<void> {
  if (!container.isBound(STRIPE_SANDBOX)) return;
  try {
    const repositories = container.get(TYPES.Repositories);
    const checkout = container.get(TYPES.DonationCheckoutService);
    const sandbox = container.get(STRIPE_SANDBOX);
    const promoter = await repositories.users.findByEmail('promoter@demo.local');
    const live = await repositories.campaigns.list({ paidOnly: true });
    let given = 0;
    for (const campaign of live) {
      const gifts = DEMO_GIFTS[campaign.campaignName];
      if (!gifts) continue;
      if ((await repositories.donations.campaignStats(campaign.campaignUUID)).count > 0) continue;
      for (const gift of gifts) {
        const { url } = await checkout.open(null, campaign.campaignUUID, {
          amount: gift.amountCents,
          donorName: gift.donorName,
          ...(gift.message ? { message: gift.message } : {}),
          ...(gift.viaPromoter && promoter ? { ref: promoter.uid } : {}),
        });
        const sessionId = new URL(url).pathname.split('/').pop()!;
        const paid = sandbox.pay(sessionId, { email: gift.email, name: gift.donorName });
        if (paid.status !== 'succeeded') throw new Error(`The demo gift of ${gift.donorName} was not paid`);
        given += 1;
      }
    }
    // Recorded from the webhooks before the app says it is ready, so the first page shows them.
    if (given > 0) {
      await sandbox.webhooks.drain();
      logger.info({ donations: given }, 'Demo: donations given to the live demo campaigns');
    }
  } catch (error) {
    logger.warn({ err: error }, 'Demo: the live campaigns could not be given their donations');
  }
}
