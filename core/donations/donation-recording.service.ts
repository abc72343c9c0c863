import { GENERAL_FUND_PERCENTAGE, isGeneralFund } from '../campaigns/general-fund';
import type { Campaign } from '../campaigns/campaign.entity';
import { CAMPAIGN_PATHS } from '../contracts/campaigns.contract';
import { formatUsd } from '../contracts/payments.contract';
import type { MailService } from '../email/mail.service';
import type { NotifyInput } from '../notifications/notification.service';
import { effectiveDonationPercentage } from '../organizations/donation-percentage';
import type { CampaignRepository } from '../ports/campaign.repository';
import type { Clock } from '../ports/clock.port';
import type { DonationRecord, DonationRepository, RecordOutcome } from '../ports/donation.repository';
import type { IdGenerator } from '../ports/id-generator.port';
import type { OrganizationRepository } from '../ports/organization.repository';
import type { PaymentAction } from '../ports/payment-gateway.port';
import type { SettingsRepository } from '../ports/settings.repository';
import type { UnitOfWork } from '../ports/unit-of-work.port';
import { DomainError } from '../shared/errors';
import type { DonationCheckout, RecordedDonation } from './donation.entity';
import { receiptMail, type GiftsLinkOfReceipt } from './donation-receipt.mail';
import { receiptPartyOf } from './receipt-facts';
import type { Organization } from '../organizations/organization.entity';
import { DONOR_NAME_MAX_LENGTH, giftAndFeeOf, splitDonation } from './donation.rules';

export type DonationPaid = Extract<PaymentAction, { type: 'paymentSucceeded' }>;
export type PaymentRefunded = Extract<PaymentAction, { type: 'paymentRefunded' }>;

/**
 * What runs after a donation is recorded (appreciation e-mails): called once per recorded donation, not
 * awaited by the bookkeeping; a failure is logged.
 */
export type AfterDonation = (recorded: RecordedDonation) => Promise<void>;

/** A step of donor bookkeeping that failed, for the log (SPEC §8: logged, and the payment is not lost). */
export interface DonationBookkeepingFailure {
  stage: 'record' | 'refund' | 'mark' | 'notify' | 'receipt' | 'afterDonation';
  eventId: string;
  paymentIntentId: string;
  campaignId: string | null;
  /** True when the webhook is answered with an error, so the provider delivers the event again. */
  retried: boolean;
}

export type DonationRecordingServiceDeps = {
  unitOfWork: UnitOfWork;
  donations: Pick<
    DonationRepository,
    | 'keepRawEvent'
    | 'keepRawEvents'
    | 'markRawEventProcessed'
    | 'findByPaymentIntent'
    | 'findCheckout'
    | 'findCheckouts'
  >;
  campaigns: Pick<CampaignRepository, 'findById'>;
  organizations: Pick<OrganizationRepository, 'findById'>;
  settings: Pick<SettingsRepository, 'get'>;
  notify: (input: NotifyInput) => Promise<unknown>;
  /** Tells owners of several new donations at once (one write); without it, each is told on its own. */
  notifyMany?: (inputs: NotifyInput[]) => Promise<unknown>;
  mail: Pick<MailService, 'send'>;
  afterDonation: AfterDonation;
  /** afterDonation for the new donations of one batch at once; without it, afterDonation for each. */
  afterDonations?: (recorded: RecordedDonation[]) => Promise<void>;
  clock: Clock;
  ids: IdGenerator;
  publicUrl: string;
  /**
   * A new link to the donor's gifts page for the receipt (`DonorGiftsService.receiptLink`); without it,
   * or when it fails, the receipt goes without one.
   */
  giftsLink?: (email: string) => Promise<GiftsLinkOfReceipt>;
  onFailure: (error: unknown, failure: DonationBookkeepingFailure) => void;
};

export type DonationRecordingService = ReturnType<typeof donationRecordingServiceFactory>;

/**
 * A failure a second delivery cannot mend (our own rules refused the record): logged and swallowed. Any
 * other (the store is down, a race lost) is answered as an error so the provider delivers the event again.
 */
const isLasting = (error: unknown): boolean =>
  error instanceof DomainError && error.code !== 'unavailable' && error.code !== 'rate_limited';

const describe = (error: unknown): string =>
  (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 2000);

const campaignName = (campaign: Pick<Campaign, 'campaignName' | 'campaignTitle'>) =>
  campaign.campaignName.trim() || campaign.campaignTitle.trim() || 'your campaign';

/**
 * Donor bookkeeping from the payment provider's webhooks. Every event is kept as received first (a
 * store that cannot keep it fails the webhook, which the provider delivers again); then a payment is
 * recorded once per payment intent, its totals counted in the same transaction, and refunds taken off
 * by what they newly refund. The owner's notification, the donor's receipt and `afterDonation` follow
 * a new donation without holding the webhook up.
 */

/**
 * The percentage a gift to `campaign` is split by (SPEC §9): all of it to the organization for its
 * general fund (there is no ad budget to feed), else the organization's own or the platform's.
 */
function splitPercentageOf(
  campaign: Campaign | null,
  organization: Organization | null,
  settings: { donationPercentage: number } | null,
): number {
  return campaign && isGeneralFund(campaign)
    ? GENERAL_FUND_PERCENTAGE
    : effectiveDonationPercentage(organization, settings);
}

/** Whether splitting a gift needs the platform settings: only when its organization has no percentage of its own. */
const needsPlatformSettings = (campaign: Campaign | null, organization: Organization | null): boolean =>
  !(campaign && isGeneralFund(campaign)) && (!organization || organization.donationPercentage === 0);

export function donationRecordingServiceFactory(deps: DonationRecordingServiceDeps) {
  const { unitOfWork, donations, campaigns, organizations, settings, clock, ids, onFailure } = deps;

  /** Runs a follow-up without waiting for it; its failure is only logged. */
  const followUp = (
    stage: DonationBookkeepingFailure['stage'],
    failure: Omit<DonationBookkeepingFailure, 'stage' | 'retried'>,
    task: () => Promise<unknown> | undefined,
  ) => {
    void Promise.resolve()
      .then(task)
      .catch((error: unknown) => onFailure(error, { ...failure, stage, retried: false }));
  };

  /**
   * A kept event whose bookkeeping failed: logged, the reason noted on the event (which stays to be
   * done), and rethrown when a later delivery may succeed, so the webhook fails and comes again.
   */
  const failed = async (
    eventId: string,
    failure: Omit<DonationBookkeepingFailure, 'retried'>,
    error: unknown,
  ): Promise<void> => {
    onFailure(error, { ...failure, retried: !isLasting(error) });
    await donations
      .markRawEventProcessed(eventId, { at: clock.now().toISOString(), error: describe(error) })
      .catch((markError: unknown) => onFailure(markError, { ...failure, stage: 'mark', retried: false }));
    if (!isLasting(error)) throw error;
  };

  /** The follow-ups of new donations: the owners told (in one write), the payers' receipts, then `afterDonation`. */
  const announce = (
    announced: {
      outcome: RecordOutcome;
      campaign: Campaign | null;
      organization: Organization | null;
      payerEmail: string | null;
    }[],
  ) => {
    const whereOf = (donation: RecordOutcome['donation']) => ({
      eventId: '',
      paymentIntentId: donation.payment_intent_id ?? '',
      campaignId: donation.campaign_id,
    });
    const told: { input: NotifyInput; where: ReturnType<typeof whereOf> }[] = [];
    const recorded: RecordedDonation[] = [];
    for (const { outcome, campaign, organization, payerEmail } of announced) {
      const { donation } = outcome;
      const where = whereOf(donation);
      const name = campaign ? campaignName(campaign) : null;
      if (campaign && name) {
        const giver = donation.donor_name ?? 'Someone';
        told.push({
          where,
          input: {
            notification_type: 'donation',
            notification_message: `${giver} gave ${formatUsd(donation.amount)} to ${name}.`,
            notification_url: CAMPAIGN_PATHS.page(campaign.campaignUUID),
            notification_user_id: donation.donor_id,
            notification_userTo: campaign.userId,
            notification_campaign_id: campaign.campaignUUID,
            notification_campaign_name: name.slice(0, 200),
            notification_campaign_amount: donation.amount,
            notification_campaign_date: donation.date,
          },
        });
      }
      if (payerEmail) {
        followUp('receipt', where, async () => {
          // The receipt matters more than its link: a link that cannot be made is logged, the receipt sent.
          const giftsLink = deps.giftsLink
            ? await deps.giftsLink(payerEmail).catch((error: unknown) => {
                onFailure(error, { ...where, stage: 'receipt', retried: false });
                return null;
              })
            : null;
          return deps.mail.send(
            receiptMail({
              to: payerEmail,
              donation,
              party: receiptPartyOf(campaign, organization),
              publicUrl: deps.publicUrl,
              giftsLink,
            }),
          );
        });
      }
      recorded.push({
        donation,
        campaign: campaign
          ? {
              campaignUUID: campaign.campaignUUID,
              name: campaignName(campaign),
              ownerId: campaign.userId,
              organizationId: campaign.organizationId,
            }
          : null,
        donorEmail: payerEmail,
      });
    }
    const { notifyMany, afterDonations } = deps;
    if (notifyMany && told.length > 1) {
      void Promise.resolve()
        .then(() => notifyMany(told.map(({ input }) => input)))
        .catch((error: unknown) => {
          for (const { where } of told) onFailure(error, { ...where, stage: 'notify', retried: false });
        });
    } else {
      for (const { input, where } of told) followUp('notify', where, () => deps.notify(input));
    }
    if (afterDonations && recorded.length > 1) {
      void Promise.resolve()
        .then(() => afterDonations(recorded))
        .catch((error: unknown) => {
          for (const { donation } of recorded)
            onFailure(error, { ...whereOf(donation), stage: 'afterDonation', retried: false });
        });
    } else {
      for (const thanked of recorded)
        followUp('afterDonation', whereOf(thanked.donation), () => deps.afterDonation(thanked));
    }
  };

  /** What recording a payment stores: its donator and its donation, split by the percentage that applies. */
  const donationRecord = (
    action: DonationPaid,
    checkout: DonationCheckout | null,
    percentage: number,
    at: string,
  ): DonationRecord => {
    // The payment holds the gift and, when the donor chose to cover it, the card fee on top (a month of a
    // monthly gift says its own; a one-off's is in its checkout).
    const { gift, fee } = giftAndFeeOf(action.amountCents, action.coveredFeeCents ?? checkout?.coveredFee ?? 0);
    const split = splitDonation(gift, percentage);
    return {
      donator: {
        id: ids.newId(),
        campaignId: action.campaignId,
        paymentIntentId: action.paymentIntentId,
        amount: action.amountCents,
        createdAt: action.occurredAt,
        updatedAt: at,
      },
      donation: {
        id: ids.newId(),
        campaign_id: action.campaignId,
        user_id: action.promoterId ?? checkout?.promoterId ?? null,
        amount: gift,
        covered_fee: fee,
        covered_fee_refunded: 0,
        date: action.occurredAt,
        session_id: action.sessionId,
        payment_intent_id: action.paymentIntentId,
        donor_id: checkout?.donorId ?? null,
        // A month after the first has no checkout: the name the donor gave on the card page names it.
        donor_name: checkout?.donorName ?? (action.payerName?.trim().slice(0, DONOR_NAME_MAX_LENGTH) || null),
        donor_email: action.payerEmail?.trim().toLowerCase() || null,
        message: checkout?.message ?? null,
        donation_percentage: percentage,
        organization_share: split.organizationShare,
        ad_budget_share: split.adBudgetShare,
        refunded: 0,
        channel: checkout?.channel ?? null,
        given_on: checkout?.givenOn ?? null,
      },
    };
  };

  /** The event of a payment as kept before its bookkeeping. */
  const rawEventOf = (action: DonationPaid, at: string) => ({
    id: ids.newId(),
    eventId: action.eventId,
    eventType: 'paymentSucceeded' as const,
    campaignId: action.campaignId,
    paymentIntentId: action.paymentIntentId,
    amount: action.amountCents,
    createdAt: at,
    updatedAt: at,
    raw: action.raw,
  });

  /** Records the payment once, with its split, and counts it and marks its event done in the same transaction. */
  const record = async (
    action: DonationPaid,
  ): Promise<{ outcome: RecordOutcome; campaign: Campaign | null; organization: Organization | null }> => {
    const checkout = action.sessionId ? await donations.findCheckout(action.sessionId) : null;
    const campaign = await campaigns.findById(action.campaignId);
    const organization = campaign?.organizationId ? await organizations.findById(campaign.organizationId) : null;
    const saved = needsPlatformSettings(campaign, organization) ? await settings.get() : null;
    const percentage = splitPercentageOf(campaign, organization, saved);
    const at = clock.now().toISOString();
    const outcome = await unitOfWork.run(async (repositories) => {
      const result = await repositories.donations.recordOnce(donationRecord(action, checkout, percentage, at));
      // SPEC §5, in place in the store: raised += amount, donators = (donators or 0) + 1. A refund that
      // came first is taken off right away (one write per campaign: a fully refunded gift counts nothing).
      const counted = result.donation.amount - result.donation.refunded;
      if (result.recorded && (counted > 0 || result.donation.amount === 0)) {
        await repositories.campaigns.countDonation(action.campaignId, counted);
      }
      await repositories.donations.markRawEventProcessed(action.eventId, { at, error: null });
      return result;
    });
    return { outcome, campaign, organization };
  };

  return {
    /** A donation's confirmed payment (any of the events announcing it, any number of times). */
    async onPaid(action: DonationPaid): Promise<void> {
      const at = clock.now().toISOString();
      const { kept } = await donations.keepRawEvent(rawEventOf(action, at));
      const where = {
        stage: 'record' as const,
        eventId: action.eventId,
        paymentIntentId: action.paymentIntentId,
        campaignId: action.campaignId,
      };
      let recorded: Awaited<ReturnType<typeof record>>;
      try {
        // A repeated delivery of an event whose payment is recorded: nothing to do. A new event goes
        // straight to the recording, which stores a payment only once whichever of its events comes first.
        // An earlier delivery of it may have failed after it was kept: it is done now too.
        if (!kept && (await donations.findByPaymentIntent(action.paymentIntentId))) {
          await donations.markRawEventProcessed(action.eventId, { at, error: null });
          return;
        }
        recorded = await record(action);
      } catch (error) {
        await failed(action.eventId, where, error);
        return;
      }
      if (recorded.outcome.recorded) announce([{ ...recorded, payerEmail: action.payerEmail ?? null }]);
    },

    /**
     * The payments of a batch of events (many webhooks at once), as onPaid would record each, with one
     * write of each kind for the whole batch: the events kept together first (on their own, before any
     * bookkeeping), the checkouts, campaigns, organizations and settings read once, then in one
     * transaction every payment recorded once, each campaign's totals counted by one update, and every
     * event marked done. The follow-ups of each new donation come after, as for one. When it throws
     * (the store failed, or one record was refused), nothing of the bookkeeping is kept: the caller
     * takes the events one at a time instead, where each failure is dealt with on its own.
     */
    async onPaidMany(actions: DonationPaid[]): Promise<void> {
      if (actions.length === 0) return;
      const at = clock.now().toISOString();
      // A payment announced by several events of the batch is recorded by its first; the others are done with it.
      const payments = new Map<string, DonationPaid>();
      for (const action of actions)
        if (!payments.has(action.paymentIntentId)) payments.set(action.paymentIntentId, action);
      const paid = [...payments.values()];
      const sessions = paid.flatMap((action) => (action.sessionId ? [action.sessionId] : []));
      const campaignIds = [...new Set(paid.map((action) => action.campaignId))];
      // The events are kept while what the records need is read; the bookkeeping starts once both are done.
      const [, foundCheckouts, foundCampaigns] = await Promise.all([
        donations.keepRawEvents(actions.map((action) => rawEventOf(action, at))),
        sessions.length > 0 ? donations.findCheckouts(sessions) : [],
        Promise.all(campaignIds.map((campaignId) => campaigns.findById(campaignId))),
      ]);
      const checkouts = new Map(foundCheckouts.map((checkout) => [checkout.sessionId, checkout]));
      const campaignsById = new Map(
        campaignIds.map((campaignId, index) => [campaignId, foundCampaigns[index] ?? null]),
      );
      const organizationIds = [
        ...new Set(
          [...campaignsById.values()].flatMap((campaign) =>
            campaign?.organizationId ? [campaign.organizationId] : [],
          ),
        ),
      ];
      const foundOrganizations = await Promise.all(organizationIds.map((id) => organizations.findById(id)));
      const organizationsById = new Map(organizationIds.map((id, index) => [id, foundOrganizations[index] ?? null]));
      const organizationOf = (campaign: Campaign | null | undefined) =>
        (campaign?.organizationId ? organizationsById.get(campaign.organizationId) : null) ?? null;
      const needsSettings = paid.some((action) => {
        const campaign = campaignsById.get(action.campaignId) ?? null;
        return needsPlatformSettings(campaign, organizationOf(campaign));
      });
      const saved = needsSettings ? await settings.get() : null;
      const percentageOf = (campaign: Campaign | null | undefined) =>
        splitPercentageOf(campaign ?? null, organizationOf(campaign), saved);
      const records = paid.map((action) =>
        donationRecord(
          action,
          action.sessionId ? (checkouts.get(action.sessionId) ?? null) : null,
          percentageOf(campaignsById.get(action.campaignId)),
          at,
        ),
      );
      const outcomes = await unitOfWork.run(async (repositories) => {
        const results = await repositories.donations.recordMany(records);
        // SPEC §5, as for one payment, one update per campaign: raised += the batch's amounts, donators += its new donors.
        const totals = new Map<string, { amount: number; donors: number }>();
        for (const result of results) {
          const counted = result.donation.amount - result.donation.refunded;
          if (!result.recorded || (counted <= 0 && result.donation.amount !== 0)) continue;
          const total = totals.get(result.donation.campaign_id) ?? { amount: 0, donors: 0 };
          totals.set(result.donation.campaign_id, { amount: total.amount + counted, donors: total.donors + 1 });
        }
        await repositories.donations.markRawEventsProcessed(
          actions.map((action) => action.eventId),
          at,
        );
        // Last, so the campaigns' rows are held only until the commit that follows.
        for (const [campaignId, total] of totals)
          await repositories.campaigns.countDonations(campaignId, total.amount, total.donors);
        return results;
      });
      announce(
        outcomes.flatMap((outcome, index) => {
          const action = paid[index]!;
          if (!outcome.recorded) return [];
          const campaign = campaignsById.get(action.campaignId) ?? null;
          return [{ outcome, campaign, organization: organizationOf(campaign), payerEmail: action.payerEmail ?? null }];
        }),
      );
    },

    /** A refund, reported as all refunded of the payment so far: only what is new is taken off, once. */
    async onRefunded(action: PaymentRefunded): Promise<void> {
      const at = clock.now().toISOString();
      const donator = await donations.findByPaymentIntent(action.paymentIntentId);
      await donations.keepRawEvent({
        id: ids.newId(),
        eventId: action.eventId,
        eventType: 'paymentRefunded',
        campaignId: donator?.campaignId ?? null,
        paymentIntentId: action.paymentIntentId,
        amount: action.amountCents,
        createdAt: at,
        updatedAt: at,
        raw: { ...action },
      });
      const where = {
        stage: 'refund' as const,
        eventId: action.eventId,
        paymentIntentId: action.paymentIntentId,
        campaignId: donator?.campaignId ?? null,
      };
      try {
        await unitOfWork.run(async (repositories) => {
          const refund = await repositories.donations.recordRefund(action.paymentIntentId, action.amountCents, at);
          if (refund.donation && refund.newlyRefunded > 0) {
            await repositories.campaigns.uncountDonation(refund.donation.campaign_id, refund.newlyRefunded, {
              donorLeft: refund.becameFullyRefunded,
            });
          }
          await repositories.donations.markRawEventProcessed(action.eventId, { at, error: null });
        });
      } catch (error) {
        await failed(action.eventId, where, error);
      }
    },
  };
}
