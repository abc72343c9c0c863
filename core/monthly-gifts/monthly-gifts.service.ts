import { authorize, can, type Actor } from '../auth/authorization';
import { formatUsd } from '../budget/budget.rules';
import type { Campaign } from '../campaigns/campaign.entity';
import { ensureGeneralFund, generalFundIdOf, isGeneralFund } from '../campaigns/general-fund';
import type { Organization } from '../organizations/organization.entity';
import { CAMPAIGN_PATHS } from '../contracts/campaigns.contract';
import type {
  DonorMonthlyGift,
  DonorMonthlyGiftsResponse,
  FailedMonthlyGift,
  MonthlyGiftChangeBody,
} from '../contracts/monthly-gifts.contract';
import { MY_GIFTS_PATH } from '../contracts/donor-gifts-paths';
import { donationsClosedReason } from '../donations/donation-checkout.service';
import { receiptPartyOf } from '../donations/receipt-facts';
import type { GiftsLinkOfReceipt } from '../donations/donation-receipt.mail';
import type { MailService } from '../email/mail.service';
import type { CampaignRepository } from '../ports/campaign.repository';
import type { Clock } from '../ports/clock.port';
import type { MonthlyGiftRepository } from '../ports/monthly-gift.repository';
import type { OrganizationRepository } from '../ports/organization.repository';
import type { RecurringGift, RecurringPayments } from '../ports/payment-gateway.port';
import { maskEmail } from '../reporting/reporting.service';
import { conflict, DomainError, notFound } from '../shared/errors';
import {
  applyToMonthlyGift,
  isChangeable,
  monthlyGiftState,
  type MonthlyGift,
  type MonthlyGiftAction,
} from './monthly-gift.entity';
import { campaignEndedMail, formatDay, monthlyGiftReminderMail, renewalDeclinedMail } from './monthly-gift.mail';

/** The most declined gifts an organization's list shows. */
export const FAILED_LIST_LIMIT = 200;

export const MONTHLY_GIFT_NOT_FOUND = 'This monthly gift was not found among the gifts of this e-mail address.';
export const MONTHLY_GIFT_ENDED = 'This monthly gift has ended: start a new one from the campaign’s page.';
export const MONTHLY_GIFT_ENDING = 'This monthly gift ends with the period already paid: it can no longer be changed.';
export const MONTHLY_GIFT_STARTING = 'This monthly gift is still starting: try again in a minute.';
export const KEEP_GIVING_NOT_OFFERED =
  'Keeping a monthly gift going to the organization is offered once its campaign has ended, for a gift that ended with it.';
export const REMINDER_NOT_ENDED = 'A reminder can be sent once the last try has failed and the monthly gift has ended.';
export const REMINDER_NO_ADDRESS = 'The card provider gave no e-mail address for this donor.';

export type MonthlyGiftsServiceDeps = {
  monthlyGifts: MonthlyGiftRepository;
  /** Making an organization's general fund, the first time a donor keeps giving to the organization. */
  campaigns: Pick<CampaignRepository, 'findById' | 'create'>;
  organizations: Pick<OrganizationRepository, 'findById'>;
  recurring: RecurringPayments;
  mail: Pick<MailService, 'send'>;
  clock: Clock;
  /** A one-use link to the donor's gifts page (as every receipt carries). */
  giftsLink: (email: string) => Promise<GiftsLinkOfReceipt>;
  /** Where people reach the platform, without a trailing slash. */
  publicUrl: string;
  /** The card fee a giver who covers it adds to a monthly amount, by the rule in force. */
  coveredFeeFor: (amountCents: number) => Promise<number>;
  /** Told of a gift the end of its campaign could not end now (tried again at the next sweep). */
  onSweepFailure?: (subscriptionId: string, error: unknown) => void;
};

export type MonthlyGiftsService = ReturnType<typeof monthlyGiftsServiceFactory>;

/**
 * Monthly gifts after their checkout: their state from the card provider's events (each month's money
 * is booked apart, as a donation per invoice), the donor's e-mails about declined renewals, the donor's
 * own changes from their gifts page, an organization's list of declined renewals with its one reminder,
 * and the end of a campaign's monthly gifts when the campaign ends.
 */
export function monthlyGiftsServiceFactory(deps: MonthlyGiftsServiceDeps) {
  const { monthlyGifts, campaigns, organizations, recurring, clock } = deps;

  const partyOf = async (campaignId: string) => {
    const campaign = await campaigns.findById(campaignId);
    const organization = campaign?.organizationId ? await organizations.findById(campaign.organizationId) : null;
    const listed = campaign && !campaign.isDeleted ? campaign : null;
    return { campaign: listed, found: campaign, organization, party: receiptPartyOf(listed, organization) };
  };

  /**
   * Each decline is mailed once: the delivery that marks it mailed sends it (a second delivery of the same
   * event, even at the same moment, finds it marked), and a send that fails takes the mark back, so the
   * provider's next delivery of the event tries again.
   */
  const mailDeclines = async (gift: MonthlyGift) => {
    if (gift.failedAttempts <= gift.failuresMailed || !gift.donorEmail || !gift.failedInvoiceId) return;
    const invoiceId = gift.failedInvoiceId;
    const attempts = gift.failedAttempts;
    let claimed: MonthlyGift | null = null;
    let before = 0;
    await monthlyGifts.change(gift.subscriptionId, (current) => {
      if (!current || current.failedInvoiceId !== invoiceId || current.failuresMailed >= attempts) return null;
      before = current.failuresMailed;
      claimed = { ...current, failuresMailed: current.failedAttempts };
      return claimed;
    });
    const mailed = claimed as MonthlyGift | null;
    if (!mailed?.donorEmail) return;
    try {
      const { party } = await partyOf(mailed.campaignId);
      const { link } = await deps.giftsLink(mailed.donorEmail);
      await deps.mail.send(
        renewalDeclinedMail({
          to: mailed.donorEmail,
          campaign: party.campaignHeadline,
          organization: party.organizationName,
          amountCents: mailed.amountCents,
          link,
          reason: mailed.failureReason ?? 'The card was declined.',
          nextAttemptAt: mailed.nextAttemptAt,
        }),
      );
    } catch (error) {
      await monthlyGifts.change(mailed.subscriptionId, (current) =>
        current && current.failedInvoiceId === invoiceId && current.failuresMailed === mailed.failuresMailed
          ? { ...current, failuresMailed: before }
          : null,
      );
      throw error;
    }
  };

  /**
   * The subscription as the provider holds it now (its answer to a change, or read again on an event of
   * it: events come in any order and name their time in whole seconds, so the provider's present state
   * is what the gift follows). It is as new as anything heard of the gift so far.
   */
  const applyLatest = (
    subscriptionId: string,
    campaignId: string,
    latest: RecurringGift,
    facts: { organizationId: string | null; heardAt?: string },
  ) => {
    const now = clock.now().toISOString();
    return monthlyGifts.change(subscriptionId, (current) => {
      const times = [now, facts.heardAt ?? now, current?.changedAt ?? now].map((at) => Date.parse(at));
      const at = new Date(Math.max(...times)).toISOString();
      return applyToMonthlyGift(
        current,
        {
          type: 'subscriptionChanged',
          eventId: `latest-${subscriptionId}-${at}`,
          ...latest,
          // The gift is what the organization receives: the covered card fee is not part of it.
          amountCents: latest.amountCents - latest.coveredFeeCents,
          subscriptionId,
          campaignId,
          endedReason: latest.status === 'ended' ? (latest.endedReason ?? 'requested') : null,
          occurredAt: at,
        },
        { organizationId: facts.organizationId },
      );
    });
  };
  const applyAnswer = (gift: MonthlyGift, answer: RecurringGift) =>
    applyLatest(gift.subscriptionId, gift.campaignId, answer, { organizationId: gift.organizationId });

  /** The organizations the donor already gives to monthly through their general fund (gifts not ended). */
  const fundsGivenTo = (gifts: readonly MonthlyGift[]): Set<string> =>
    new Set(
      gifts.flatMap((gift) =>
        gift.status !== 'ended' && gift.organizationId && gift.campaignId === generalFundIdOf(gift.organizationId)
          ? [gift.organizationId]
          : [],
      ),
    );

  /**
   * Whether a gift may go on to its organization itself: it ended (or ends) because its campaign ended,
   * not for a declined card, and the donor does not give monthly to the organization already.
   */
  const offersKeepGiving = (
    gift: MonthlyGift,
    campaign: Campaign | null,
    organization: Organization | null,
    funds: ReadonlySet<string>,
  ): boolean => {
    if (!organization || organization.isDeleted || funds.has(organization.organizationId)) return false;
    if (campaign && (isGeneralFund(campaign) || donationsClosedReason(campaign, clock.now()) === null)) return false;
    const state = monthlyGiftState(gift);
    return state === 'ending' || (state === 'ended' && gift.endedReason !== 'paymentFailed');
  };

  const donorView = async (gift: MonthlyGift, funds: ReadonlySet<string>): Promise<DonorMonthlyGift> => {
    const { campaign, organization, party, found } = await partyOf(gift.campaignId);
    const state = monthlyGiftState(gift);
    const goesOn = state === 'active' || state === 'retrying' || state === 'starting';
    const changeable = isChangeable(gift);
    return {
      subscriptionId: gift.subscriptionId,
      campaignId: gift.campaignId,
      campaign: party.campaignHeadline,
      organization: organization ? party.organizationName : null,
      campaignPath: campaign ? CAMPAIGN_PATHS.page(encodeURIComponent(campaign.campaignUUID)) : null,
      amount: gift.amountCents,
      formattedAmount: formatUsd(gift.amountCents),
      state,
      stateText: stateText(gift),
      startedAt: gift.startedAt,
      nextChargeAt: goesOn ? gift.currentPeriodEnd : null,
      failureReason: state === 'retrying' ? gift.failureReason : null,
      can: {
        changeAmount: changeable,
        pause: changeable && !gift.paused,
        resume: changeable && gift.paused,
        stop: gift.status !== 'ended' && gift.status !== 'incomplete',
        updateCard: gift.status !== 'ended',
      },
      keepGiving: offersKeepGiving(gift, found, organization, funds)
        ? {
            organization: party.organizationName,
            amount: gift.amountCents,
            formattedAmount: formatUsd(gift.amountCents),
          }
        : null,
    };
  };

  /** The visit's gift, or a 404 (a gift of another address is as unknown as none). */
  const donorsGift = async (email: string, subscriptionId: string) => {
    const gift = await monthlyGifts.findById(subscriptionId);
    if (!gift || gift.donorEmail !== email.trim().toLowerCase()) throw notFound(MONTHLY_GIFT_NOT_FOUND);
    return gift;
  };

  return {
    /**
     * A provider event of a monthly gift: the gift's record follows it, and a new decline is mailed to the
     * donor. Throws (so the event is delivered again) when the record or the e-mail could not be written.
     */
    async onAction(action: MonthlyGiftAction): Promise<void> {
      const known = await monthlyGifts.findById(action.subscriptionId);
      const organizationId = known
        ? known.organizationId
        : ((await campaigns.findById(action.campaignId))?.organizationId ?? null);
      const gift =
        action.type === 'subscriptionChanged'
          ? await applyLatest(
              action.subscriptionId,
              action.campaignId,
              await recurring.getSubscription(action.subscriptionId),
              {
                organizationId,
                heardAt: action.occurredAt,
              },
            )
          : await monthlyGifts.change(action.subscriptionId, (current) =>
              applyToMonthlyGift(current, action, { organizationId }),
            );
      if (gift) await mailDeclines(gift);
    },

    async mine(email: string): Promise<DonorMonthlyGiftsResponse> {
      const gifts = await monthlyGifts.listByEmail(email);
      const funds = fundsGivenTo(gifts);
      return {
        gifts: await Promise.all(
          gifts.filter((gift) => gift.status !== 'incomplete').map((gift) => donorView(gift, funds)),
        ),
      };
    },

    /**
     * The donor keeps giving the same each month to the organization itself once the gift's campaign has
     * ended: a new monthly gift to its general fund, on the card on file, its first month charged now. Two
     * clicks start one gift; a declined card starts none and says where to give with another card.
     */
    async keepGiving(email: string, subscriptionId: string): Promise<DonorMonthlyGift> {
      const gift = await donorsGift(email, subscriptionId);
      const { found, organization } = await partyOf(gift.campaignId);
      const funds = fundsGivenTo(await monthlyGifts.listByEmail(email));
      if (!offersKeepGiving(gift, found, organization, funds)) {
        throw conflict(
          organization && funds.has(organization.organizationId)
            ? `You already give monthly to ${organization.name} itself: it is listed on your gifts page.`
            : KEEP_GIVING_NOT_OFFERED,
        );
      }
      // The organization is the campaign's: both are known here. The fund's gifts are told to its campaigner.
      if (!organization || !found) throw conflict(KEEP_GIVING_NOT_OFFERED);
      const at = clock.now().toISOString();
      const fund = await ensureGeneralFund(campaigns, organization, found.userId, at);
      // A giver who covered the card fee goes on covering it, worked out by the rule in force.
      const { coveredFeeCents } = await recurring.getSubscription(subscriptionId);
      const fee = coveredFeeCents > 0 ? await deps.coveredFeeFor(gift.amountCents) : 0;
      let answer: RecurringGift;
      try {
        answer = await recurring.startSubscriptionOnCardOf({
          fromSubscriptionId: subscriptionId,
          campaignId: fund.campaignUUID,
          amountCents: gift.amountCents + fee,
          coveredFeeCents: fee,
          description: `Monthly gift to ${organization.name}`,
          idempotencyKey: `keep-giving-${subscriptionId}`,
          payerUserId: null,
        });
      } catch (error) {
        if (error instanceof DomainError && error.code === 'conflict') {
          const page = `${deps.publicUrl}${CAMPAIGN_PATHS.page(encodeURIComponent(fund.campaignUUID))}`;
          throw conflict(`${error.message} You can give with another card at ${page}.`);
        }
        throw error;
      }
      await applyLatest(answer.subscriptionId, fund.campaignUUID, answer, {
        organizationId: organization.organizationId,
      });
      // The donor's page lists it at once, before the provider's events name the donor.
      const stored = await monthlyGifts.change(answer.subscriptionId, (current) =>
        current && !current.donorEmail ? { ...current, donorEmail: email.trim().toLowerCase() } : null,
      );
      const kept = stored ?? (await monthlyGifts.findById(answer.subscriptionId));
      if (!kept) throw new DomainError('unavailable', 'The new monthly gift could not be kept: try again in a moment.');
      return donorView(kept, new Set([organization.organizationId]));
    },

    /** A donor's change of their gift: a new amount from the next period, pause, resume or stop now. */
    async change(email: string, subscriptionId: string, body: MonthlyGiftChangeBody): Promise<DonorMonthlyGift> {
      const gift = await donorsGift(email, subscriptionId);
      if (gift.status === 'ended') throw conflict(MONTHLY_GIFT_ENDED);
      if (gift.status === 'incomplete') throw conflict(MONTHLY_GIFT_STARTING);
      const key = `${subscriptionId}-${body.action}-${clock.now().getTime()}`;
      let answer: RecurringGift;
      if (body.action === 'stop') {
        answer = await recurring.cancelSubscription({ subscriptionId, when: 'now', idempotencyKey: key });
      } else {
        if (gift.cancelAtPeriodEnd) throw conflict(MONTHLY_GIFT_ENDING);
        if (body.action === 'changeAmount') {
          // A giver who covers the card fee goes on covering it, worked out again for the new amount.
          const { coveredFeeCents } = await recurring.getSubscription(subscriptionId);
          const fee = coveredFeeCents > 0 ? await deps.coveredFeeFor(body.amount) : 0;
          answer = await recurring.changeSubscriptionAmount({
            subscriptionId,
            amountCents: body.amount + fee,
            ...(fee > 0 ? { coveredFeeCents: fee } : {}),
            idempotencyKey: `${key}-${body.amount}`,
          });
        } else if (body.action === 'pause') {
          answer = await recurring.pauseSubscription({ subscriptionId, idempotencyKey: key });
        } else {
          answer = await recurring.resumeSubscription({ subscriptionId, idempotencyKey: key });
        }
      }
      const changed = (await applyAnswer(gift, answer)) ?? gift;
      // Only a gift that ends may offer to keep giving: the donor's other gifts are read for it alone.
      const state = monthlyGiftState(changed);
      const funds =
        state === 'ending' || state === 'ended'
          ? fundsGivenTo(await monthlyGifts.listByEmail(email))
          : new Set<string>();
      return donorView(changed, funds);
    },

    /** The provider's page where the donor changes the card the gift is charged to. */
    async cardPage(email: string, subscriptionId: string): Promise<{ url: string }> {
      const gift = await donorsGift(email, subscriptionId);
      if (gift.status === 'ended') throw conflict(MONTHLY_GIFT_ENDED);
      return recurring.openBillingPortal({
        customerId: gift.customerId,
        returnUrl: `${deps.publicUrl}${MY_GIFTS_PATH}`,
      });
    },

    /** An organization's declined renewals: being retried, or ended after the last try. */
    async failed(actor: Actor, organizationId: string): Promise<FailedMonthlyGift[]> {
      authorize(actor, 'monthlyGift.readFailed', { organizationId });
      const seesEmails = can(actor, 'report.donorEmails', { organizationId });
      const gifts = await monthlyGifts.listFailedByOrganization(organizationId, FAILED_LIST_LIMIT);
      const headlines = new Map<string, string>();
      for (const gift of gifts) {
        if (!headlines.has(gift.campaignId)) {
          headlines.set(gift.campaignId, (await partyOf(gift.campaignId)).party.campaignHeadline);
        }
      }
      return gifts.map((gift) => ({
        subscriptionId: gift.subscriptionId,
        campaignId: gift.campaignId,
        campaign: headlines.get(gift.campaignId)!,
        donorEmail: seesEmails ? gift.donorEmail : maskEmail(gift.donorEmail),
        amount: gift.amountCents,
        formattedAmount: formatUsd(gift.amountCents),
        state: gift.status === 'ended' ? 'ended' : 'retrying',
        reason: gift.failureReason,
        attempts: gift.failedAttempts,
        failedAt: gift.failedAt!,
        nextAttemptAt: gift.status === 'ended' ? null : gift.nextAttemptAt,
        endedAt: gift.endedAt,
        reminderSentAt: gift.reminderSentAt,
        canRemind: gift.status === 'ended' && gift.reminderSentAt === null && gift.donorEmail !== null,
      }));
    },

    /**
     * The organization's one reminder to a donor whose gift ended after declined renewals. Of two
     * concurrent clicks one sends; a reminder already sent is a 409 saying when.
     */
    async remind(actor: Actor, subscriptionId: string): Promise<{ reminderSentAt: string }> {
      const gift = await monthlyGifts.findById(subscriptionId);
      if (!gift) throw notFound('This monthly gift was not found.');
      authorize(actor, 'monthlyGift.remind', { organizationId: gift.organizationId });
      if (gift.status !== 'ended' || gift.endedReason !== 'paymentFailed') throw conflict(REMINDER_NOT_ENDED);
      if (!gift.donorEmail) throw conflict(REMINDER_NO_ADDRESS);
      const at = clock.now().toISOString();
      let claimed = false;
      const marked = await monthlyGifts.change(subscriptionId, (current) => {
        if (!current || current.reminderSentAt !== null) return null;
        claimed = true;
        return { ...current, reminderSentAt: at };
      });
      if (!claimed) throw conflict(`A reminder was already sent on ${formatDay(marked?.reminderSentAt ?? at)}.`);
      try {
        const { campaign, party } = await partyOf(gift.campaignId);
        const { link } = await deps.giftsLink(gift.donorEmail);
        await deps.mail.send(
          monthlyGiftReminderMail({
            to: gift.donorEmail,
            campaign: party.campaignHeadline,
            organization: party.organizationName,
            amountCents: gift.amountCents,
            link,
            campaignLink: campaign
              ? `${deps.publicUrl}${CAMPAIGN_PATHS.page(encodeURIComponent(campaign.campaignUUID))}`
              : null,
          }),
        );
      } catch (error) {
        // Not sent: the one reminder is still to be sent.
        await monthlyGifts.change(subscriptionId, (current) =>
          current?.reminderSentAt === at ? { ...current, reminderSentAt: null } : null,
        );
        throw error;
      }
      return { reminderSentAt: at };
    },

    /**
     * Ends the monthly gifts of every campaign that no longer takes donations (or is gone). Answers how
     * many gifts were ended now.
     */
    async endGiftsOfEndedCampaigns(): Promise<number> {
      let ended = 0;
      for (const campaignId of await monthlyGifts.listCampaignsWithOpenGifts()) {
        const campaign = await campaigns.findById(campaignId);
        if (campaign && donationsClosedReason(campaign, clock.now()) === null) continue;
        ended += await this.endWithCampaign({ campaignUUID: campaignId });
      }
      return ended;
    },

    /**
     * A campaign that ended (its deadline passed, it was removed or it stopped taking donations): each of
     * its monthly gifts ends with the period already paid, and its donor is told once. Answers how many
     * gifts were ended now.
     */
    async endWithCampaign(campaign: Pick<Campaign, 'campaignUUID'>): Promise<number> {
      const open = await monthlyGifts.listOpenByCampaign(campaign.campaignUUID);
      let ended = 0;
      for (const gift of open) {
        if (gift.status === 'incomplete') continue;
        let current = gift;
        if (!gift.cancelAtPeriodEnd) {
          try {
            const answer = await recurring.cancelSubscription({
              subscriptionId: gift.subscriptionId,
              when: 'periodEnd',
              idempotencyKey: `campaign-ended-${gift.subscriptionId}`,
            });
            current = (await applyAnswer(gift, answer)) ?? gift;
            ended += 1;
          } catch (error) {
            // One gift the provider cannot end now does not hold up the others; the next sweep tries again.
            // A gift the provider does not know charges nothing: it has ended.
            if (error instanceof DomainError && error.code === 'not_found') {
              await applyAnswer(gift, {
                ...gift,
                status: 'ended',
                endedReason: 'other',
                currentPeriodEnd: gift.currentPeriodEnd ?? gift.changedAt,
                coveredFeeCents: 0,
              });
            } else {
              deps.onSweepFailure?.(gift.subscriptionId, error);
            }
            continue;
          }
        }
        if (current.endingMailed || !current.donorEmail) continue;
        // Told once: the sweep that marks the gift sends the e-mail; a failed send takes the mark back.
        let claimed = false;
        await monthlyGifts.change(current.subscriptionId, (stored) => {
          if (!stored || stored.endingMailed) return null;
          claimed = true;
          return { ...stored, endingMailed: true };
        });
        if (!claimed) continue;
        try {
          const { party, found, organization } = await partyOf(current.campaignId);
          const { link } = await deps.giftsLink(current.donorEmail);
          const funds = fundsGivenTo(await monthlyGifts.listByEmail(current.donorEmail));
          await deps.mail.send(
            campaignEndedMail({
              to: current.donorEmail,
              campaign: party.campaignHeadline,
              organization: party.organizationName,
              amountCents: current.amountCents,
              link,
              endsAt: current.currentPeriodEnd,
              keepGiving: offersKeepGiving(current, found, organization, funds),
            }),
          );
        } catch (error) {
          await monthlyGifts.change(current.subscriptionId, (stored) =>
            stored?.endingMailed ? { ...stored, endingMailed: false } : null,
          );
          throw error;
        }
      }
      return ended;
    },
  };
}

/** The gift's state in the donor's words. */
export function stateText(gift: MonthlyGift): string {
  switch (monthlyGiftState(gift)) {
    case 'ended':
      return gift.endedReason === 'paymentFailed'
        ? `Stopped on ${formatDay(gift.endedAt ?? gift.changedAt)}: the card was declined`
        : `Stopped on ${formatDay(gift.endedAt ?? gift.changedAt)}`;
    case 'retrying':
      return gift.nextAttemptAt
        ? `The card was declined; we try again on ${formatDay(gift.nextAttemptAt)}`
        : 'The card was declined';
    case 'ending':
      return gift.currentPeriodEnd ? `Ends on ${formatDay(gift.currentPeriodEnd)}` : 'Ends with the period paid';
    case 'paused':
      return 'Paused: nothing is charged until you resume';
    case 'starting':
      return 'Starting';
    default:
      return gift.currentPeriodEnd ? `Next gift on ${formatDay(gift.currentPeriodEnd)}` : 'Active';
  }
}
