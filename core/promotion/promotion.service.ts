import { authorize, type Actor } from '../auth/authorization';
import { mergeCampaignUpdate, uniqueUnion } from '../campaigns/campaign-merge';
import type { Campaign } from '../campaigns/campaign.entity';
import { SHARE_CHANNELS, type ShareChannel } from '../campaigns/targeting.entity';
import { CAMPAIGN_PATHS } from '../contracts/campaigns.contract';
import type {
  CampaignSharesListResponse,
  CampaignSharesResponse,
  DonationTotals,
  MyPromotionsResponse,
  PromoteResponse,
  PromotionView,
  ShareLinkView,
} from '../contracts/promotion.contract';
import type { Donation } from '../donations/donation.entity';
import type { CampaignRepository } from '../ports/campaign.repository';
import type { Clock } from '../ports/clock.port';
import type { DonationRepository } from '../ports/donation.repository';
import type { IdGenerator } from '../ports/id-generator.port';
import type { PromotionRepository } from '../ports/promotion.repository';
import type { ShareTrackingRepository } from '../ports/share-tracking.repository';
import type { UnitOfWork } from '../ports/unit-of-work.port';
import type { UserRepository } from '../ports/user.repository';
import { notFound } from '../shared/errors';
import { liveSince } from './live-campaigns.rules';
import type { Promotion, ShareLink } from './promotion.entity';
import {
  CHANNEL_LABELS,
  isLinkPreviewer,
  networkShareUrl,
  SHARE_UTM_MEDIUM,
  shareCodeFrom,
  campaignQrPath,
  shortLinkPath,
} from './share-links.rules';
import { campaignQrLandingPath, fundraiserQrLandingPath, landingPath } from './share-landing.rules';
import { inWeek, weekStart } from './weekly-window.rules';

export type PromotionServiceDeps = {
  unitOfWork: UnitOfWork;
  campaigns: Pick<CampaignRepository, 'findById' | 'list' | 'update'>;
  users: Pick<UserRepository, 'findById' | 'update'>;
  promotions: Pick<PromotionRepository, 'listByCreator' | 'listByCampaign'>;
  shareTracking: Pick<ShareTrackingRepository, 'getCounters' | 'countClicks' | 'findShareLink' | 'listShareLinks'>;
  donations: Pick<DonationRepository, 'listDonationsByUser' | 'listDonationsByCampaign'>;
  clock: Clock;
  ids: IdGenerator;
  /** The address people reach the platform at: short links and pages are made with it. */
  publicUrl: string;
  /** Whether a promoter's fundraising page for a campaign is shown to the public (made, and not hidden). */
  fundraiserPageShown: (campaignId: string, promoterId: string) => Promise<boolean>;
  /** The lists of who promotes what could not be brought up to date; the promotion itself is kept. */
  onListSyncFailure: (error: unknown, promotion: Pick<Promotion, 'campaignId' | 'creatorId'>) => void;
};

export type PromotionService = ReturnType<typeof promotionServiceFactory>;

/** What donations add up to: those not wholly refunded, and their amount net of refunds. */
function totalsOf(donations: readonly Donation[]): DonationTotals {
  const kept = donations.map((donation) => donation.amount - donation.refunded).filter((net) => net > 0);
  return { count: kept.length, amountCents: kept.reduce((sum, net) => sum + net, 0) };
}

/** A live campaign: published (paid) and not deleted. */
const isLive = (campaign: Campaign | null): campaign is Campaign =>
  campaign !== null && campaign.isPaid && !campaign.isDeleted;

/** How many times the lists of who promotes what are read and written again until they hold every promotion. */
const LIST_SYNC_ATTEMPTS = 4;

/**
 * Promotion (SPEC §1, §3, §9): promoters pick live campaigns and get one short link per share channel;
 * each click on a link is counted for its campaign, channel and promoter, and the visitor lands on the
 * campaign page carrying the promoter (`ref`) and UTM parameters into the donation.
 */
export function promotionServiceFactory(deps: PromotionServiceDeps) {
  const { unitOfWork, campaigns, users, promotions, shareTracking, donations, clock, ids } = deps;
  const publicUrl = deps.publicUrl.replace(/\/$/, '');
  const pageUrl = (campaignId: string) => `${publicUrl}${CAMPAIGN_PATHS.page(campaignId)}`;

  const liveCampaign = async (campaignId: string): Promise<Campaign> => {
    const campaign = await campaigns.findById(campaignId);
    if (!isLive(campaign)) throw notFound('That campaign does not exist, or it is not live.');
    return campaign;
  };

  const shareTextOf = (campaign: Campaign) => campaign.campaignTitle.trim() || campaign.campaignName.trim();

  const linkView = (link: ShareLink, text: string): ShareLinkView => {
    const url = `${publicUrl}${shortLinkPath(link.code)}`;
    return {
      channel: link.channel,
      label: CHANNEL_LABELS[link.channel],
      code: link.code,
      url,
      shareUrl: networkShareUrl(link.channel, url, text),
    };
  };

  /**
   * Counts a click of a share link or a scan of a QR code, unless a link previewer fetched it or it was
   * only a HEAD request: the channel's counter in place, the click event and the UTM parameters, together.
   */
  const countClick = async (
    click: { campaignId: string; channel: ShareChannel; promoterId: string | null },
    request: { userAgent?: string; counts: boolean },
  ): Promise<void> => {
    if (!request.counts || isLinkPreviewer(request.userAgent)) return;
    const at = clock.now().toISOString();
    await unitOfWork.run(async (repositories) => {
      await repositories.shareTracking.recordClick({ id: ids.newId(), ...click, createdAt: at });
      await repositories.shareTracking.recordUtm({
        id: ids.newId(),
        campaignId: click.campaignId,
        utm_source: click.channel,
        utm_medium: SHARE_UTM_MEDIUM,
        utm_campaign: click.campaignId,
        utm_content: null,
        utm_term: null,
        createdAt: at,
      });
    });
  };

  /**
   * The campaign's promoters and the promoter's promoted campaigns and organizations (SPEC §5: unique
   * unions) brought up to date with the promotions. The promotions are the record: lists written at the
   * same moment by two promotions may lose one another's entry, so each writer reads again after it
   * writes until its lists hold every promotion.
   */
  const syncLists = async (promotion: Pick<Promotion, 'campaignId' | 'creatorId'>): Promise<void> => {
    for (let attempt = 1; attempt <= LIST_SYNC_ATTEMPTS; attempt += 1) {
      const [campaign, ofCampaign, promoter, ofPromoter] = await Promise.all([
        campaigns.findById(promotion.campaignId),
        promotions.listByCampaign(promotion.campaignId),
        users.findById(promotion.creatorId),
        promotions.listByCreator(promotion.creatorId),
      ]);
      const campaignPatch = campaign
        ? mergeCampaignUpdate(campaign, { promoters: ofCampaign.map((item) => item.creatorId) })
        : {};
      const promoted = promoter
        ? {
            promotedCampaigns: uniqueUnion(
              promoter.promotedCampaigns,
              ofPromoter.map((item) => item.campaignId),
            ),
            promotedRootCampaignes: uniqueUnion(
              promoter.promotedRootCampaignes,
              ofPromoter.map((item) => item.rootCompanyId),
            ),
          }
        : null;
      const campaignBehind = campaign !== null && (campaignPatch.promoters ?? []).length > campaign.promoters.length;
      const promoterBehind =
        promoter !== null &&
        promoted !== null &&
        (promoted.promotedCampaigns.length > promoter.promotedCampaigns.length ||
          promoted.promotedRootCampaignes.length > promoter.promotedRootCampaignes.length);
      if (!campaignBehind && !promoterBehind) return;
      if (attempt === LIST_SYNC_ATTEMPTS) break;
      await Promise.all([
        campaignBehind ? campaigns.update(promotion.campaignId, campaignPatch) : null,
        promoterBehind && promoted ? users.update(promotion.creatorId, promoted) : null,
      ]);
    }
    throw new Error('The lists of who promotes what kept changing while they were brought up to date.');
  };

  const promotionView = async (
    promotion: Promotion,
    campaign: Campaign | null,
    brought: readonly Donation[],
    now: Date,
  ): Promise<PromotionView> => {
    const since = weekStart(now);
    const [links, clicks, clicksThisWeek] = await Promise.all([
      shareTracking.listShareLinks(promotion.creatorId, promotion.campaignId),
      shareTracking.countClicks(promotion.campaignId, { promoterId: promotion.creatorId }),
      shareTracking.countClicks(promotion.campaignId, { promoterId: promotion.creatorId, since }),
    ]);
    const text = campaign ? shareTextOf(campaign) : '';
    const ofCampaign = brought.filter((donation) => donation.campaign_id === promotion.campaignId);
    return {
      campaignId: promotion.campaignId,
      campaignName: campaign?.campaignName ?? 'A campaign that has ended',
      campaignTitle: campaign?.campaignTitle ?? '',
      shareText: text,
      pageUrl: pageUrl(promotion.campaignId),
      promotedAt: promotion.createdAt,
      links: SHARE_CHANNELS.flatMap((channel) => {
        const link = links.find((candidate) => candidate.channel === channel);
        return link ? [linkView(link, text)] : [];
      }),
      clicks,
      clicksThisWeek,
      donations: totalsOf(ofCampaign),
      donationsThisWeek: totalsOf(ofCampaign.filter((donation) => inWeek(donation.date, now))),
    };
  };

  return {
    /**
     * Records the promoter's promotion of a live campaign (once per promoter and campaign) with one
     * short link per channel, and answers them; promoting again answers the same links.
     */
    async promote(actor: Actor, campaignId: string): Promise<PromoteResponse> {
      authorize(actor, 'promotion.create', { uid: actor.uid });
      const campaign = await liveCampaign(campaignId);
      const now = clock.now();
      const at = now.toISOString();
      const id = ids.newId();
      const promotion = await unitOfWork.run(async (repositories) => {
        // The campaign's counters first: every promotion of the campaign reads them, so promotions of one
        // campaign at the same moment queue there before they read anything else. Read later, after the
        // promotion queries, a promotion could wait on the one ahead while holding (on Firestore) the
        // very query locks that one needs to commit, until the wait runs out (seconds).
        await repositories.shareTracking.ensureCounters(campaignId);
        const saved = await repositories.promotions.promote({
          id,
          creatorId: actor.uid,
          // A campaign without an organization is its owner's own.
          rootCompanyId: campaign.organizationId ?? campaign.userId,
          campaignId,
          createdAt: at,
        });
        await repositories.shareTracking.ensureShareLinks(
          SHARE_CHANNELS.map((channel) => ({
            code: shareCodeFrom(ids.newSecret()),
            campaignId,
            promoterId: actor.uid,
            channel,
            createdAt: at,
          })),
        );
        return saved;
      });
      await syncLists(promotion).catch((error: unknown) => deps.onListSyncFailure(error, promotion));
      const brought = await donations.listDonationsByUser(actor.uid);
      return { promotion: await promotionView(promotion, campaign, brought, now), created: promotion.id === id };
    },

    /** The promoter's promotions, newest first: links, clicks per channel and the donations they brought. */
    async mine(actor: Actor): Promise<MyPromotionsResponse> {
      authorize(actor, 'promotion.read', { uid: actor.uid });
      const now = clock.now();
      const [mine, brought] = await Promise.all([
        promotions.listByCreator(actor.uid),
        donations.listDonationsByUser(actor.uid),
      ]);
      const views = await Promise.all(
        mine.map(async (promotion) =>
          promotionView(promotion, await campaigns.findById(promotion.campaignId), brought, now),
        ),
      );
      return { promotions: views, weekStart: weekStart(now) };
    },

    /**
     * The live campaigns of the actor's organization, newest first, each with its share counters and
     * how many promote it; platform staff see every organization's of the last 6 months.
     */
    async organizationShares(actor: Actor): Promise<CampaignSharesListResponse> {
      const scope = actor.organizationId
        ? { organizationId: actor.organizationId }
        : { createdSince: liveSince(clock.now()) };
      authorize(actor, 'campaignShares.read', { organizationId: actor.organizationId });
      const live = await campaigns.list({ ...scope, paidOnly: true });
      return {
        campaigns: await Promise.all(
          live.map(async (campaign) => {
            const [counters, ofCampaign] = await Promise.all([
              shareTracking.getCounters(campaign.campaignUUID),
              promotions.listByCampaign(campaign.campaignUUID),
            ]);
            const { x, linkedin, facebook, instagram, qr } = counters;
            return {
              campaignId: campaign.campaignUUID,
              name: campaign.campaignName,
              title: campaign.campaignTitle,
              createdAt: campaign.createdAt,
              pageUrl: pageUrl(campaign.campaignUUID),
              counters: { x, linkedin, facebook, instagram, qr },
              total: x + linkedin + facebook + instagram + qr,
              promoters: ofCampaign.length,
            };
          }),
        ),
      };
    },

    /** A campaign's share counters per channel (SPEC §3 sharesClicks), this week's clicks and its promoters. */
    async campaignShares(actor: Actor, campaignId: string): Promise<CampaignSharesResponse> {
      const campaign = await campaigns.findById(campaignId);
      if (!campaign || campaign.isDeleted) throw notFound('That campaign does not exist.');
      authorize(actor, 'campaignShares.read', { organizationId: campaign.organizationId, uid: campaign.userId });
      const now = clock.now();
      const since = weekStart(now);
      const [counters, thisWeek, ofCampaign, given] = await Promise.all([
        shareTracking.getCounters(campaignId),
        shareTracking.countClicks(campaignId, { since }),
        promotions.listByCampaign(campaignId),
        donations.listDonationsByCampaign(campaignId),
      ]);
      const promoters = await Promise.all(
        ofCampaign.map(async (promotion) => {
          const [profile, clicks] = await Promise.all([
            users.findById(promotion.creatorId),
            shareTracking.countClicks(campaignId, { promoterId: promotion.creatorId }),
          ]);
          const name = profile
            ? `${profile.FirstName} ${profile.LastName}`.trim() || profile.Email
            : 'A former promoter';
          return {
            promoterId: promotion.creatorId,
            name,
            promotedAt: promotion.createdAt,
            clicks,
            donations: totalsOf(given.filter((donation) => donation.user_id === promotion.creatorId)),
          };
        }),
      );
      const { x, linkedin, facebook, instagram, qr } = counters;
      return {
        campaignId,
        campaignName: campaign.campaignName,
        counters: { x, linkedin, facebook, instagram, qr },
        total: x + linkedin + facebook + instagram + qr,
        thisWeek,
        weekStart: since,
        promoters,
      };
    },

    /**
     * The short link the promoter's QR code for a live campaign they promote encodes: their own link of
     * channel `qr`, made now when their promotion is older than QR codes. 404 when the campaign is not
     * live or the promoter does not promote it.
     */
    async promoterQrLink(actor: Actor, campaignId: string): Promise<{ url: string; campaignName: string }> {
      authorize(actor, 'promotion.read', { uid: actor.uid });
      const campaign = await liveCampaign(campaignId);
      const links = await shareTracking.listShareLinks(actor.uid, campaignId);
      if (links.length === 0) throw notFound('You do not promote that campaign.');
      const link =
        links.find((candidate) => candidate.channel === 'qr') ??
        (
          await unitOfWork.run((repositories) =>
            repositories.shareTracking.ensureShareLinks([
              {
                code: shareCodeFrom(ids.newSecret()),
                campaignId,
                promoterId: actor.uid,
                channel: 'qr',
                createdAt: clock.now().toISOString(),
              },
            ]),
          )
        )[0]!;
      return { url: `${publicUrl}${shortLinkPath(link.code)}`, campaignName: campaign.campaignName };
    },

    /**
     * The address a live campaign's own QR code encodes (`/q/{id}`), for those who see its shares: its
     * campaigners and platform staff. 404 when the campaign is not live.
     */
    async campaignQrLink(actor: Actor, campaignId: string): Promise<{ url: string; campaignName: string }> {
      const campaign = await campaigns.findById(campaignId);
      if (!campaign || campaign.isDeleted) throw notFound('That campaign does not exist.');
      authorize(actor, 'campaignShares.read', { organizationId: campaign.organizationId, uid: campaign.userId });
      if (!isLive(campaign)) throw notFound('That campaign is not live.');
      return { url: `${publicUrl}${campaignQrPath(campaignId)}`, campaignName: campaign.campaignName };
    },

    /**
     * Follows a scan of a live campaign's own QR code: counts it as a click of channel `qr` without a
     * promoter (with its UTM parameters), as `follow` counts a short link, and answers the campaign page
     * naming the channel; null for a campaign that is not live.
     */
    async followCampaignQr(
      campaignId: string,
      request: { userAgent?: string; counts: boolean },
    ): Promise<{ location: string } | null> {
      if (!isLive(await campaigns.findById(campaignId))) return null;
      await countClick({ campaignId, channel: 'qr', promoterId: null }, request);
      return { location: campaignQrLandingPath(campaignId) };
    },

    /**
     * Follows a scan of a promoter's fundraising page's QR code (`/q/{campaignId}/{promoterId}`): counts
     * it as their click of channel `qr`, as a scan of their own QR code link is counted, and answers their
     * page, or the campaign page while it is not shown (none yet, or hidden), naming them and the channel
     * either way. Someone who does not promote the campaign (a mistyped address, a promotion gone) is
     * nobody to credit: the scan is then the campaign's own. Null for a campaign that is not live.
     */
    async followFundraiserQr(
      campaignId: string,
      promoterId: string,
      request: { userAgent?: string; counts: boolean },
    ): Promise<{ location: string } | null> {
      if (!isLive(await campaigns.findById(campaignId))) return null;
      const [links, pageShown] = await Promise.all([
        shareTracking.listShareLinks(promoterId, campaignId),
        deps.fundraiserPageShown(campaignId, promoterId),
      ]);
      if (links.length === 0) {
        await countClick({ campaignId, channel: 'qr', promoterId: null }, request);
        return { location: campaignQrLandingPath(campaignId) };
      }
      await countClick({ campaignId, channel: 'qr', promoterId }, request);
      return { location: fundraiserQrLandingPath(campaignId, promoterId, pageShown) };
    },

    /**
     * Follows a short link: counts the click (its channel's counter in place, the click event and the
     * UTM parameters, together) unless a link previewer fetched it or it was only a HEAD request, and
     * answers where to send the visitor; null for an unknown code.
     */
    async follow(code: string, request: { userAgent?: string; counts: boolean }): Promise<{ location: string } | null> {
      const link = await shareTracking.findShareLink(code);
      if (!link) return null;
      await countClick({ campaignId: link.campaignId, channel: link.channel, promoterId: link.promoterId }, request);
      return { location: landingPath(link) };
    },
  };
}
