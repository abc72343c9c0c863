import type { StripeSandboxState } from '@causeway/adapters/stripe/stripe.sandbox';

/** A paid month as its donation must read: the invoice's campaign, promoter, amount and refunds. */
export interface BookedMonth {
  campaign_id: string;
  user_id: string | null;
  amount: number;
  refunded: number;
}

/** What a campaign must hold once every event of its monthly gifts is in. */
export interface CampaignBooks {
  /** The ids of its paid invoices: one donation each, keyed by the invoice. */
  invoices: string[];
  raisedCents: number;
  refundedCents: number;
  /** Paid months not refunded in full (the campaign's donor count). */
  donors: number;
}

/** The sandbox's own books of monthly gifts, figured independently of the app: paid invoices minus refunds. */
export interface SandboxBooks {
  campaigns: Map<string, CampaignBooks>;
  promoters: Map<string, { donations: number; raisedCents: number }>;
  invoices: Map<string, BookedMonth>;
  paidInvoices: string[];
  /** Invoices tried and never paid (declined to the end, or still being retried). */
  declinedInvoices: string[];
  /** Invoices paid after at least one declined try. */
  paidAfterDecline: string[];
  /** Paid months refunded at all. */
  refunds: number;
}

/** The books of the subscriptions started for these campaigns, from a sandbox's exported state. */
export function expectedFromSandbox(state: StripeSandboxState, campaignIds: readonly string[]): SandboxBooks {
  const refundedOf = new Map<string, number>();
  for (const charge of state.charges) {
    if (charge.paid)
      refundedOf.set(charge.payment_intent, (refundedOf.get(charge.payment_intent) ?? 0) + charge.amount_refunded);
  }
  const campaigns = new Map<string, CampaignBooks>(
    campaignIds.map((id) => [id, { invoices: [], raisedCents: 0, refundedCents: 0, donors: 0 }]),
  );
  const books: SandboxBooks = {
    campaigns,
    promoters: new Map(),
    invoices: new Map(),
    paidInvoices: [],
    declinedInvoices: [],
    paidAfterDecline: [],
    refunds: 0,
  };
  for (const invoice of state.invoices) {
    const metadata = invoice.parent.subscription_details.metadata;
    const campaign = campaigns.get(metadata.campaignId ?? '');
    if (!campaign) continue;
    if (invoice.status !== 'paid') {
      if (invoice.attempt_count > 0) books.declinedInvoices.push(invoice.id);
      continue;
    }
    const intent = invoice.payments.data[0]!.payment.payment_intent;
    const refunded = refundedOf.get(intent) ?? 0;
    const promoterId = metadata.userId ?? null;
    books.invoices.set(invoice.id, {
      campaign_id: metadata.campaignId!,
      user_id: promoterId,
      amount: invoice.amount_paid,
      refunded,
    });
    books.paidInvoices.push(invoice.id);
    if (invoice.attempt_count > 1) books.paidAfterDecline.push(invoice.id);
    if (refunded > 0) books.refunds += 1;
    campaign.invoices.push(invoice.id);
    campaign.raisedCents += invoice.amount_paid - refunded;
    campaign.refundedCents += refunded;
    if (refunded < invoice.amount_paid) campaign.donors += 1;
    if (promoterId) {
      const promoter = books.promoters.get(promoterId) ?? { donations: 0, raisedCents: 0 };
      books.promoters.set(promoterId, {
        donations: promoter.donations + 1,
        raisedCents: promoter.raisedCents + invoice.amount_paid - refunded,
      });
    }
  }
  return books;
}
