import {
  myGiftsLink,
  type DonorGift,
  type DonorGiftsResponse,
  type GiftsVisitResponse,
} from '../contracts/donor-gifts.contract';
import { CAMPAIGN_PATHS } from '../contracts/campaigns.contract';
import { formatUsd, PAYMENT_PATHS } from '../contracts/payments.contract';
import type { GiftsLinkOfReceipt } from '../donations/donation-receipt.mail';
import { receiptPartyOf } from '../donations/receipt-facts';
import type { MailService } from '../email/mail.service';
import type { CampaignRepository } from '../ports/campaign.repository';
import type { Clock } from '../ports/clock.port';
import type { DonationRepository } from '../ports/donation.repository';
import type { GiftLinkRepository } from '../ports/gift-link.repository';
import type { IdGenerator } from '../ports/id-generator.port';
import type { OrganizationRepository } from '../ports/organization.repository';
import { invalid, unauthenticated } from '../shared/errors';
import { pageOf, pageRequest } from '../shared/paging';
import { hashSecretToken } from '../shared/secret-token';
import {
  donorEmailKey,
  giftLinkExpiry,
  giftLinkState,
  giftStatus,
  GIFT_LINK_MAX_REQUESTS_PER_WINDOW,
  GIFT_LINK_REQUEST_WINDOW_MS,
  isOpenVisit,
  type GiftLinkPurpose,
  type GiftLinkState,
} from './gift-link.entity';
import { giftsLinkMail } from './gift-link.mail';

export type DonorGiftsServiceDeps = {
  giftLinks: GiftLinkRepository;
  donations: Pick<DonationRepository, 'listDonationsByEmail'>;
  campaigns: Pick<CampaignRepository, 'findById'>;
  organizations: Pick<OrganizationRepository, 'findById'>;
  mail: Pick<MailService, 'send'>;
  clock: Clock;
  ids: IdGenerator;
  /** Where people reach the platform (links in mail), without a trailing slash. */
  publicUrl: string;
  /** Told why a request sent no e-mail (never told to the person asking). */
  onNotSent?: (reason: 'no-gifts' | 'rate-limited' | 'failed', error?: unknown) => void;
};

export const GIFTS_LINK_UNKNOWN =
  'This link to your gifts is not valid. Check that you opened the whole link from the e-mail, or ask for a new one below.';
export const GIFTS_LINK_USED =
  'This link to your gifts has already been opened: each link opens once. Ask for a new one below.';
export const GIFTS_LINK_EXPIRED = 'This link to your gifts has expired. Ask for a new one below.';
export const GIFTS_VISIT_ENDED = 'Your visit to your gifts has ended. Ask for a new link below.';

const refusalOf = (state: Exclude<GiftLinkState, 'valid'>): string =>
  state === 'used' ? GIFTS_LINK_USED : state === 'expired' ? GIFTS_LINK_EXPIRED : GIFTS_LINK_UNKNOWN;

/** A visit that is missing, ended or past its time: a 401, so the page offers the form again. */
const visitEnded = () => unauthenticated(GIFTS_VISIT_ENDED);

export type DonorGiftsService = ReturnType<typeof donorGiftsServiceFactory>;

/**
 * A donor's own gifts without an account. A link (in every receipt, or asked for with the form) opens
 * once and is exchanged for a visit of 30 minutes; the visit lists the gifts given with the link's
 * e-mail address, across organizations, and nothing else. Asking for a link answers the same whether or
 * not the address ever gave, and the e-mail goes only to that address.
 */
export function donorGiftsServiceFactory(deps: DonorGiftsServiceDeps) {
  const { giftLinks, donations, campaigns, organizations, clock, ids } = deps;

  /** A new record for the address; answers its token, which only the e-mail or the cookie will hold. */
  const issue = async (email: string, purpose: GiftLinkPurpose) => {
    const now = clock.now();
    const token = ids.newSecret();
    const expiresAt = giftLinkExpiry(purpose, now);
    await giftLinks.create({
      id: ids.newId(),
      email: donorEmailKey(email),
      purpose,
      tokenHash: await hashSecretToken(token),
      createdAt: now.toISOString(),
      expiresAt,
      usedAt: null,
    });
    return { token, expiresAt };
  };

  const openVisit = async (visitToken: string | undefined) => {
    if (!visitToken) throw visitEnded();
    const visit = await giftLinks.findByHash(await hashSecretToken(visitToken));
    if (!isOpenVisit(visit, clock.now())) throw visitEnded();
    return visit;
  };

  return {
    /** The link a receipt e-mail carries: 30 days, once. */
    async receiptLink(email: string): Promise<GiftsLinkOfReceipt> {
      const { token, expiresAt } = await issue(email, 'receipt');
      return { link: myGiftsLink(deps.publicUrl, token), expiresAt };
    },

    /**
     * The form: e-mails a link (an hour, once) to the address when gifts were made with it and it has not
     * asked too often. Answers nothing either way: the caller says the same to everyone.
     */
    async requestLink(rawEmail: string): Promise<void> {
      const email = donorEmailKey(rawEmail);
      const [gift] = await donations.listDonationsByEmail(email, { limit: 1 });
      if (!gift) return deps.onNotSent?.('no-gifts');
      const since = new Date(clock.now().getTime() - GIFT_LINK_REQUEST_WINDOW_MS).toISOString();
      if ((await giftLinks.countCreatedSince(email, 'request', since)) >= GIFT_LINK_MAX_REQUESTS_PER_WINDOW) {
        return deps.onNotSent?.('rate-limited');
      }
      try {
        const { token, expiresAt } = await issue(email, 'request');
        await deps.mail.send(giftsLinkMail({ to: email, link: myGiftsLink(deps.publicUrl, token), expiresAt }));
      } catch (error) {
        // The answer must not say whether the address gave: a failure is only logged.
        deps.onNotSent?.('failed', error);
      }
    },

    /**
     * Opens a link: uses it up and answers a new visit (its token goes into the http-only cookie). A link
     * that is unknown, used or expired is a 400 naming `token` with what to do instead.
     */
    async openLink(token: string): Promise<GiftsVisitResponse & { visitToken: string }> {
      const link = await giftLinks.findByHash(await hashSecretToken(token));
      const now = clock.now();
      const state = giftLinkState(link, now);
      if (!link || state !== 'valid') {
        const message = refusalOf(state === 'valid' ? 'unknown' : state);
        throw invalid(message, { token: message });
      }
      if (!(await giftLinks.use(link.id, now.toISOString()))) {
        throw invalid(GIFTS_LINK_USED, { token: GIFTS_LINK_USED });
      }
      const visit = await issue(link.email, 'visit');
      return { email: link.email, endsAt: visit.expiresAt, visitToken: visit.token };
    },

    /** Ends a visit (the page's "Close"); a visit already ended is fine. */
    async closeVisit(visitToken: string | undefined): Promise<void> {
      if (!visitToken) return;
      const visit = await giftLinks.findByHash(await hashSecretToken(visitToken));
      if (visit?.purpose === 'visit') await giftLinks.use(visit.id, clock.now().toISOString());
    },

    /** The open visit's e-mail address (lowercased); a 401 when the visit is missing or ended. */
    async visitEmail(visitToken: string | undefined): Promise<string> {
      return (await openVisit(visitToken)).email;
    },

    /** The visit's gifts, newest first, one page: only those given with the visit's e-mail address. */
    async gifts(visitToken: string | undefined, query: { limit?: number; cursor?: string } = {}) {
      const visit = await openVisit(visitToken);
      const { limit, request } = pageRequest(query, 20);
      const page = pageOf(await donations.listDonationsByEmail(visit.email, request), limit, (donation) => ({
        at: donation.date,
        id: donation.id,
      }));
      const campaignIds = [...new Set(page.items.map((donation) => donation.campaign_id))];
      const listed = new Map(
        await Promise.all(
          campaignIds.map(async (id) => {
            const campaign = await campaigns.findById(id);
            const organization = campaign?.organizationId
              ? await organizations.findById(campaign.organizationId)
              : null;
            return [id, { campaign, organization }] as const;
          }),
        ),
      );
      const gifts = page.items.map((donation): DonorGift => {
        const found = listed.get(donation.campaign_id);
        const campaign = found?.campaign && !found.campaign.isDeleted ? found.campaign : null;
        const party = receiptPartyOf(campaign, found?.organization ?? null);
        return {
          donationId: donation.id,
          campaignId: donation.campaign_id,
          campaign: party.campaignHeadline,
          organization: found?.organization ? party.organizationName : null,
          campaignPath: campaign ? CAMPAIGN_PATHS.page(encodeURIComponent(campaign.campaignUUID)) : null,
          date: donation.date,
          amount: donation.amount,
          formattedAmount: formatUsd(donation.amount),
          refunded: donation.refunded,
          status: giftStatus(donation),
          receiptPdfUrl: donation.session_id ? PAYMENT_PATHS.receiptPdf(donation.session_id) : null,
        };
      });
      return {
        email: visit.email,
        endsAt: visit.expiresAt,
        gifts,
        nextCursor: page.nextCursor,
      } satisfies DonorGiftsResponse;
    },
  };
}
