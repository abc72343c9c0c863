import type { Actor } from '../auth/authorization';
import type { Campaign } from '../campaigns/campaign.entity';
import { CAMPAIGN_PATHS } from '../contracts/campaigns.contract';
import {
  PAYMENT_PATHS,
  type DonationCheckoutBody,
  type DonationCheckoutResponse,
} from '../contracts/payments.contract';
import type { CampaignRepository } from '../ports/campaign.repository';
import type { CardTestingGuard } from './card-testing.guard';
import { donationDescription } from './receipt-facts';
import type { Clock } from '../ports/clock.port';
import type { DonationRepository } from '../ports/donation.repository';
import type { IdGenerator } from '../ports/id-generator.port';
import type { OrganizationRepository } from '../ports/organization.repository';
import { returnAddressOf } from '../organizations/embed-origins.rules';
import type { PaymentGateway, RecurringPayments } from '../ports/payment-gateway.port';
import type { SettingsRepository } from '../ports/settings.repository';
import type { ShareTrackingRepository } from '../ports/share-tracking.repository';
import { cardFeeRuleOf } from '../settings/settings.service';
import { coveredFee, type CardFeeRule } from './card-fee.rules';
import type { UserRepository } from '../ports/user.repository';
import type { ShareChannel } from '../campaigns/targeting.entity';
import { ShareCode } from '../promotion/promotion.entity';
import { shareChannelOf } from '../promotion/share-landing.rules';
import { conflict, invalid, notFound } from '../shared/errors';
import { Id } from '../shared/primitives';

/** Why a campaign takes no donation now, in words for the donor; null when it takes them. */
export function donationsClosedReason(
  campaign: Pick<Campaign, 'isDeleted' | 'allowDonations' | 'campaignRaiseGoalDeadline'>,
  now: Date,
): string | null {
  if (campaign.isDeleted) return 'This campaign has ended and been removed.';
  if (!campaign.allowDonations) return 'This campaign is not taking donations.';
  const deadline = campaign.campaignRaiseGoalDeadline;
  if (deadline !== null && Date.parse(deadline) <= now.getTime()) {
    return 'This campaign has ended and no longer takes donations.';
  }
  return null;
}

/** Why a campaign takes no monthly gift, naming the field the donor chose it with; null when it takes them. */
export function monthlyGiftsClosedReason(campaign: Pick<Campaign, 'allowMonthlyGifts'>): string | null {
  return campaign.allowMonthlyGifts
    ? null
    : 'This campaign takes one-time gifts only: choose once as frequency, not monthly.';
}

export type PromoterResolverDeps = {
  shareLinks: Pick<ShareTrackingRepository, 'findShareLink'>;
  users: Pick<UserRepository, 'findById'>;
};

/** Who brought a gift: the promoter whose link it was, and the network the link was shared on. */
export interface Attribution {
  promoterId: string | null;
  channel: ShareChannel | null;
}

/**
 * The promoter a shared link names (`ref`): a share code of a link to this campaign, or a user's id.
 * Anything else (a mistyped or made-up ref, a deleted account) names nobody: the gift still goes through.
 * The channel is the share code's network, else the one the landing link named (`utm_source`).
 */
export function promoterResolver({ shareLinks, users }: PromoterResolverDeps) {
  return async (ref: string | undefined, campaignId: string, source?: string): Promise<Attribution> => {
    const channel = shareChannelOf(source);
    if (!ref) return { promoterId: null, channel };
    if (ShareCode.safeParse(ref).success) {
      const link = await shareLinks.findShareLink(ref);
      if (link && link.campaignId === campaignId) return { promoterId: link.promoterId, channel: link.channel };
    }
    if (!Id.safeParse(ref).success) return { promoterId: null, channel };
    const user = await users.findById(ref);
    return { promoterId: user && !user.isDeleted ? user.uid : null, channel };
  };
}

export type DonationCheckoutServiceDeps = {
  campaigns: Pick<CampaignRepository, 'findById'>;
  /** The platform's card fee rule, read when a donor covers the fee. */
  settings: Pick<SettingsRepository, 'get'>;
  organizations: Pick<OrganizationRepository, 'findById'>;
  donations: Pick<DonationRepository, 'saveCheckout'>;
  payments: Pick<PaymentGateway, 'createCheckout'>;
  /** Monthly gifts: a checkout that starts a subscription (its first month paid on the same page). */
  recurring: Pick<RecurringPayments, 'createSubscriptionCheckout'>;
  resolvePromoter: (ref: string | undefined, campaignId: string, source?: string) => Promise<Attribution>;
  clock: Clock;
  ids: IdGenerator;
  publicUrl: string;
  /** The card-testing defence; without it every checkout goes on (tests of the flow alone). */
  guard?: Pick<CardTestingGuard, 'admit'>;
};

/** Who opens a checkout, as far as the platform can tell: a hash of the address, and the address itself. */
export interface CheckoutClient {
  key: string;
  ip?: string;
}

export type DonationCheckoutService = ReturnType<typeof donationCheckoutServiceFactory>;

/** Opening a donation: anyone, signed in or not, may give to a live campaign that takes donations. */
export function donationCheckoutServiceFactory(deps: DonationCheckoutServiceDeps) {
  const {
    campaigns,
    settings,
    organizations,
    donations,
    payments,
    recurring,
    resolvePromoter,
    clock,
    ids,
    publicUrl,
    guard,
  } = deps;

  return {
    /** The card fee rule in force, for the donate panel to show what covering it adds (anyone may read it). */
    async cardFee(): Promise<CardFeeRule> {
      return cardFeeRuleOf(await settings.get());
    },

    /**
     * A checkout on the payment provider's page for the amount; paying sends the donor to the receipt
     * page, canceling back to the campaign. What the donor wrote waits with the checkout for the payment.
     * A gift from the donate form on the organization's own site (`returnUrl`, a page of a site the
     * organization lists) returns there instead: the receipt page carries it (`return`) to link back,
     * and canceling goes straight back to it. Any other address is ignored.
     */
    async open(
      actor: Actor | null,
      campaignId: string,
      body: DonationCheckoutBody,
      client?: CheckoutClient,
      /** Where the donor's browser comes back to (the address the page was opened at); the public one by default. */
      returnOrigin: string = publicUrl,
    ): Promise<DonationCheckoutResponse> {
      const campaign = await campaigns.findById(campaignId);
      if (!campaign || campaign.isDeleted) {
        throw notFound('That campaign does not exist, or it has ended and been removed.');
      }
      const closed = donationsClosedReason(campaign, clock.now());
      if (closed) throw conflict(closed);
      const frequency = body.frequency ?? 'once';
      const monthlyClosed = frequency === 'monthly' ? monthlyGiftsClosedReason(campaign) : null;
      if (monthlyClosed) throw invalid(monthlyClosed, { frequency: monthlyClosed });
      if (guard && client) {
        await guard.admit({
          client: client.key,
          campaignId: campaign.campaignUUID,
          ...(body.botCheck ? { botCheck: body.botCheck } : {}),
          ...(client.ip ? { remoteIp: client.ip } : {}),
        });
      }
      const { promoterId, channel } = await resolvePromoter(body.ref, campaign.campaignUUID, body.channel);
      // A fundraising page's gift is its promoter's: without one it names no page, and is kept as not said.
      const givenOn = body.givenOn === 'fundraiser_page' && !promoterId ? null : (body.givenOn ?? null);
      // The donor pays on the processor's page: it names the campaign as donors know it, never its internal name.
      const organization = campaign.organizationId ? await organizations.findById(campaign.organizationId) : null;
      // The fee is worked out here from the rule in force, never taken from the client.
      const fee = body.coverFee ? coveredFee(body.amount, cardFeeRuleOf(await settings.get())) : 0;
      // Checked here against the sites listed now, never taken from the form as it is.
      const back =
        organization && !organization.isDeleted ? returnAddressOf(body.returnUrl, organization.embedOrigins) : null;
      const receiptUrl = `${returnOrigin}${PAYMENT_PATHS.receipt(campaign.campaignUUID)}?session_id={CHECKOUT_SESSION_ID}`;
      const request = {
        campaignId: campaign.campaignUUID,
        amountCents: body.amount + fee,
        description: donationDescription(
          body.amount,
          campaign,
          organization?.name ?? null,
          fee,
          frequency === 'monthly',
        ),
        successUrl: back ? `${receiptUrl}&return=${encodeURIComponent(back)}` : receiptUrl,
        cancelUrl: back ?? `${returnOrigin}${CAMPAIGN_PATHS.page(campaign.campaignUUID)}`,
        promoterId,
        payerUserId: actor?.uid ?? null,
        clientKey: client?.key ?? null,
      };
      // Each gift is its own payment: two clicks may open two checkouts, and only a paid one counts. A
      // monthly gift keeps its covered fee with it, so each month's invoice is booked as gift and fee apart.
      const checkout =
        frequency === 'monthly'
          ? await recurring.createSubscriptionCheckout({
              ...request,
              coveredFeeCents: fee,
              idempotencyKey: `monthly-donation-${ids.newId()}`,
            })
          : await payments.createCheckout({
              ...request,
              purpose: 'donation',
              idempotencyKey: `donation-${ids.newId()}`,
            });
      await donations.saveCheckout({
        sessionId: checkout.id,
        campaignId: campaign.campaignUUID,
        amount: body.amount,
        donorName: body.donorName ?? null,
        message: body.message ?? null,
        promoterId,
        channel,
        givenOn,
        donorId: actor?.uid ?? null,
        createdAt: clock.now().toISOString(),
        coveredFee: fee,
      });
      return {
        url: checkout.url,
        sessionId: checkout.id,
        amount: body.amount,
        coveredFee: fee,
        total: body.amount + fee,
        frequency,
      };
    },
  };
}
