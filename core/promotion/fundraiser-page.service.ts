import { authorize, type Actor } from '../auth/authorization';
import type { Campaign } from '../campaigns/campaign.entity';
import {
  summaryOf,
  type CampaignPageChange,
  type CampaignPageService,
  type LinkPreview,
} from '../campaigns/campaign-page.service';
import type { CampaignPage } from '../contracts/campaigns.contract';
import {
  FUNDRAISER_PATHS,
  type FundraiserPageBody,
  type FundraiserPageView,
  type FundraiserProgress,
  type FundraiserVisibilityBody,
  type LeaderboardEntry,
  type LeaderboardResponse,
  type PublicFundraiserPage,
} from '../contracts/fundraiser-pages.contract';
import type { Donation } from '../donations/donation.entity';
import type { NotifyInput } from '../notifications/notification.service';
import type { CampaignRepository } from '../ports/campaign.repository';
import type { Clock } from '../ports/clock.port';
import type { DonationRepository } from '../ports/donation.repository';
import type { FileStore } from '../ports/file-store.port';
import type { FundraiserPageRepository } from '../ports/fundraiser-page.repository';
import type { IdGenerator } from '../ports/id-generator.port';
import type { ImageInspector } from '../ports/image-inspector.port';
import type { PromotionRepository } from '../ports/promotion.repository';
import { CAMPAIGN_LIST_FIGURES_MS } from '../reporting/campaign-directory.service';
import type { UserRepository } from '../ports/user.repository';
import { DomainError, invalid, notFound } from '../shared/errors';
import { absoluteFileUrl } from '../shared/file-address';
import { keptReads, snapshotsOf, type KeptRead } from '../shared/kept-reads';
import type { UserProfile } from '../users/user.entity';
import { AVATAR_EXTENSIONS, checkAvatar } from '../users/avatar';
import { plainText, type FundraiserPage } from './fundraiser-page.entity';

/** How many fundraisers a campaign's leaderboard lists. */
export const LEADERBOARD_SIZE = 10;

/** Where a page's photo is kept in the file store. */
export const fundraiserPhotoPath = (campaignId: string, promoterId: string, extension: string) =>
  `fundraisers/${campaignId}/${promoterId}.${extension}`;

/** A public read kept in memory: one object per read of a page, so what is built from it is kept beside it. */
export interface FundraiserPageSnapshot {
  campaignId: string;
  promoterId: string;
  /** Null when there is no such page to show (none, hidden, or its campaign gone). */
  fundraiser: PublicFundraiserPage | null;
  readAt: number;
}

/** What a promoter's gifts for a campaign add up to: gifts not wholly refunded, and their amount net of refunds. */
export function progressOf(donations: readonly Pick<Donation, 'amount' | 'refunded'>[]): FundraiserProgress {
  const kept = donations.map((donation) => donation.amount - donation.refunded).filter((net) => net > 0);
  return { donors: kept.length, raisedCents: kept.reduce((sum, net) => sum + net, 0) };
}

/** The name a fundraiser is shown by: never their e-mail address. */
export function fundraiserNameOf(user: Pick<UserProfile, 'FirstName' | 'LastName'> | null): string {
  const name = user ? `${user.FirstName} ${user.LastName}`.trim() : '';
  return name || 'A supporter';
}

/** Top fundraisers first: most raised, then most gifts, then the earliest page. */
export function leaderboardOf(
  pages: readonly FundraiserPage[],
  raised: ReadonlyMap<string, FundraiserProgress>,
  names: ReadonlyMap<string, string>,
  size = LEADERBOARD_SIZE,
): LeaderboardEntry[] {
  return pages
    .filter((page) => page.showOnLeaderboard && !page.hidden)
    .map((page) => ({ page, progress: raised.get(page.promoterId) ?? { raisedCents: 0, donors: 0 } }))
    .sort(
      (a, b) =>
        b.progress.raisedCents - a.progress.raisedCents ||
        b.progress.donors - a.progress.donors ||
        a.page.createdAt.localeCompare(b.page.createdAt),
    )
    .slice(0, size)
    .map(({ page, progress }) => ({
      promoterId: page.promoterId,
      promoterName: names.get(page.promoterId) ?? fundraiserNameOf(null),
      headline: page.headline,
      photo: page.photo,
      goalCents: page.goalCents,
      path: FUNDRAISER_PATHS.page(page.campaignId, page.promoterId),
      ...progress,
    }));
}

/** A fundraising page's link preview: it names the promoter and the campaign. */
export function fundraiserLinkPreviewOf(fundraiser: PublicFundraiserPage, url: string): LinkPreview {
  const campaign = fundraiser.campaign;
  const campaignName = campaign.title || campaign.name;
  const by = campaign.organization ? ` · ${campaign.organization.name}` : '';
  const words = [fundraiser.headline, fundraiser.story].filter((part) => part.trim() !== '').join(' — ');
  const image = fundraiser.photo ?? campaign.coverImage;
  return {
    title: `${fundraiser.promoterName} is raising money for ${campaignName}${by}`,
    description: summaryOf(words || campaign.story),
    image: image ? absoluteFileUrl(image, url) : null,
    url,
  };
}

export type FundraiserPageServiceDeps = {
  pages: FundraiserPageRepository;
  campaigns: Pick<CampaignRepository, 'findById'>;
  promotions: Pick<PromotionRepository, 'listByCreator'>;
  donations: Pick<DonationRepository, 'listDonationsByUser' | 'listDonationsByCampaign'>;
  users: Pick<UserRepository, 'findById'>;
  /** The campaign's public page, shown below the fundraiser's words (kept in memory itself). */
  campaignPages: Pick<CampaignPageService, 'snapshot'>;
  files: Pick<FileStore, 'put' | 'delete'>;
  images: ImageInspector;
  notify: (input: NotifyInput) => Promise<unknown>;
  /** The promoter could not be told (SPEC §8: logged, never thrown: the page is hidden all the same). */
  onNotifyFailure: (error: unknown, page: { campaignId: string; promoterId: string }) => void;
  clock: Clock;
  ids: IdGenerator;
  publicUrl: string;
  /** As the campaign page: read again in the background this long after a read (0: never kept). */
  cacheMs?: number;
  cacheSize?: number;
  now?: () => number;
};

export type FundraiserPageService = ReturnType<typeof fundraiserPageServiceFactory>;

/** A live campaign: published (paid) and not deleted. */
const isLive = (campaign: Campaign | null): campaign is Campaign =>
  campaign !== null && campaign.isPaid && !campaign.isDeleted;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Promoters' fundraising pages: a promoter of a live campaign writes a page of their own (their words,
 * photo and personal goal); gifts made on it carry the promoter (`ref`) into the same checkout as a share
 * link's, so each is booked once and credited to them, and the page's progress is counted from those
 * gifts. The public page and the campaign's leaderboard are kept in memory as the campaign page is, and
 * dropped with it on every change of the campaign (gifts included) or of a page.
 */
export function fundraiserPageServiceFactory(deps: FundraiserPageServiceDeps) {
  const { pages, campaigns, promotions, donations, users, campaignPages, files, images, clock, ids } = deps;
  const publicUrl = deps.publicUrl.replace(/\/$/, '');
  const pageUrl = (campaignId: string, promoterId: string) =>
    `${publicUrl}${FUNDRAISER_PATHS.page(campaignId, promoterId)}`;
  const cacheMs = deps.cacheMs ?? 1_000;
  const cacheSize = deps.cacheSize ?? 10_000;
  const now = deps.now ?? Date.now;

  const progressFor = async (campaignId: string, promoterId: string): Promise<FundraiserProgress> =>
    progressOf(
      (await donations.listDonationsByUser(promoterId)).filter((donation) => donation.campaign_id === campaignId),
    );

  const viewOf = async (page: FundraiserPage, campaign?: Campaign | null): Promise<FundraiserPageView> => {
    const [promoter, progress, found] = await Promise.all([
      users.findById(page.promoterId),
      progressFor(page.campaignId, page.promoterId),
      campaign === undefined ? campaigns.findById(page.campaignId) : Promise.resolve(campaign),
    ]);
    return {
      campaignId: page.campaignId,
      promoterId: page.promoterId,
      promoterName: fundraiserNameOf(promoter),
      campaignName: found ? found.campaignTitle.trim() || found.campaignName : 'A campaign that has ended',
      headline: page.headline,
      story: page.story,
      photo: page.photo,
      goalCents: page.goalCents,
      showOnLeaderboard: page.showOnLeaderboard,
      hidden: page.hidden,
      hiddenReason: page.hiddenReason,
      hiddenAt: page.hiddenAt,
      pageUrl: pageUrl(page.campaignId, page.promoterId),
      createdAt: page.createdAt,
      updatedAt: page.updatedAt,
      ...progress,
    };
  };

  /** The campaign a promoter may have a page for: live, and promoted by them. */
  const promotedLiveCampaign = async (actor: Actor, campaignId: string): Promise<Campaign> => {
    authorize(actor, 'fundraiserPage.edit', { uid: actor.uid });
    const campaign = await campaigns.findById(campaignId);
    if (!isLive(campaign)) throw notFound('That campaign does not exist, or it is not live.');
    const mine = await promotions.listByCreator(actor.uid);
    if (!mine.some((promotion) => promotion.campaignId === campaignId)) {
      throw notFound('Promote this campaign first: a fundraising page is for a campaign you promote.');
    }
    return campaign;
  };

  const ownPage = async (actor: Actor, campaignId: string): Promise<FundraiserPage> => {
    authorize(actor, 'fundraiserPage.edit', { uid: actor.uid });
    const page = await pages.find(campaignId, actor.uid);
    if (!page) throw notFound('You have no fundraising page for this campaign yet.');
    return page;
  };

  /** The campaign whose pages the actor oversees (its organization's campaign writers, platform staff). */
  const overseenCampaign = async (actor: Actor, campaignId: string): Promise<Campaign> => {
    const campaign = await campaigns.findById(campaignId);
    if (!campaign || campaign.isDeleted) throw notFound('That campaign does not exist.');
    authorize(actor, 'fundraiserPage.moderate', { organizationId: campaign.organizationId, uid: campaign.userId });
    return campaign;
  };

  // ── Public reads, kept in memory ──

  const readPublic = async ({
    campaignId,
    promoterId,
  }: {
    campaignId: string;
    promoterId: string;
  }): Promise<PublicFundraiserPage | null> => {
    const [page, campaign] = await Promise.all([
      pages.find(campaignId, promoterId),
      campaignPages.snapshot(campaignId).then((snapshot) => snapshot.page),
    ]);
    if (!page || page.hidden || !campaign || campaign.preview) return null;
    const [promoter, progress] = await Promise.all([users.findById(promoterId), progressFor(campaignId, promoterId)]);
    if (!promoter || promoter.isDeleted) return null;
    return {
      campaignId,
      promoterId,
      promoterName: fundraiserNameOf(promoter),
      headline: page.headline,
      story: page.story,
      photo: page.photo,
      goalCents: page.goalCents,
      campaign,
      ...progress,
    };
  };

  const readLeaderboard = async (campaignId: string): Promise<LeaderboardResponse> => {
    const all = await pages.listByCampaign(campaignId);
    const shown = all.filter((page) => page.showOnLeaderboard && !page.hidden);
    if (shown.length === 0) return { campaignId, fundraisers: [] };
    const given = await donations.listDonationsByCampaign(campaignId);
    const byPromoter = new Map<string, Donation[]>();
    for (const donation of given) {
      if (!donation.user_id) continue;
      const list = byPromoter.get(donation.user_id) ?? [];
      list.push(donation);
      byPromoter.set(donation.user_id, list);
    }
    const raised = new Map(shown.map((page) => [page.promoterId, progressOf(byPromoter.get(page.promoterId) ?? [])]));
    const top = leaderboardOf(shown, raised, new Map());
    const people = await Promise.all(top.map((entry) => users.findById(entry.promoterId)));
    // A deleted account's page leaves the board.
    const names = new Map(
      people.flatMap((person) => (person && !person.isDeleted ? [[person.uid, fundraiserNameOf(person)]] : [])),
    );
    return {
      campaignId,
      fundraisers: top.flatMap((entry) =>
        names.has(entry.promoterId) ? [{ ...entry, promoterName: names.get(entry.promoterId)! }] : [],
      ),
    };
  };

  const publicReads = keptReads<{ campaignId: string; promoterId: string }, PublicFundraiserPage | null>({
    read: readPublic,
    cacheMs,
    size: cacheSize,
    same,
    now,
  });
  // A board reads every gift of its campaign: on a giving day, gifts mark it to be read again at most
  // every CAMPAIGN_LIST_FIGURES_MS (as the live list), rather than dropping it with each one.
  const leaderboards = keptReads<string, LeaderboardResponse>({
    read: readLeaderboard,
    cacheMs,
    size: cacheSize,
    refreshGapMs: CAMPAIGN_LIST_FIGURES_MS,
    same,
    now,
  });
  const snapshotOf = snapshotsOf(
    (kept: KeptRead<PublicFundraiserPage | null>, campaignId: string, promoterId: string): FundraiserPageSnapshot => ({
      campaignId,
      promoterId,
      get fundraiser() {
        return kept.value;
      },
      get readAt() {
        return kept.readAt;
      },
    }),
  );

  const snapshot = async (campaignId: string, promoterId: string): Promise<FundraiserPageSnapshot> =>
    snapshotOf(
      await publicReads.get(JSON.stringify([campaignId, promoterId]), { campaignId, promoterId }),
      campaignId,
      promoterId,
    );

  /** Drops what is kept of these campaigns' pages and leaderboards (and of every campaign of these organizations). */
  const forget = (change: CampaignPageChange) => {
    const changed = new Set(change.campaignIds);
    const organizations = new Set(change.organizationIds);
    const ofOrganization = (campaign: CampaignPage | null | undefined) => {
      const id = campaign?.organization?.organizationId;
      return id !== undefined && organizations.has(id);
    };
    publicReads.forget(
      (query, current) =>
        changed.has(query.campaignId) ||
        (organizations.size > 0 && (current === null || ofOrganization(current.campaign))),
    );
    const figuresOnly = new Set(change.figuresOnly ?? []);
    leaderboards.forget((campaignId) => changed.has(campaignId) && !figuresOnly.has(campaignId));
    if (figuresOnly.size > 0) leaderboards.refreshSoon((board) => figuresOnly.has(board.campaignId));
  };

  /** Turns the avatar rules' refusal into one naming the page's photo. */
  const asPhotoError = (error: unknown): never => {
    if (error instanceof DomainError && error.fields?.avatar) {
      const message = error.message.replace(/an avatar/g, 'a photo').replace(/avatar/g, 'photo');
      throw invalid(message, { photo: message });
    }
    throw error;
  };

  return {
    pageUrl,
    snapshot,
    forget,

    /** The public page of a promoter for a campaign; 404 when there is none to show (hidden included). */
    async publicPage(campaignId: string, promoterId: string): Promise<PublicFundraiserPage> {
      const found = (await snapshot(campaignId, promoterId)).fundraiser;
      if (!found) throw notFound('This fundraising page does not exist, or it is not shown.');
      return found;
    },

    /** The campaign's top fundraisers who chose to be listed, pages not hidden. */
    async leaderboard(campaignId: string): Promise<LeaderboardResponse> {
      return (await leaderboards.get(campaignId, campaignId)).value;
    },

    /** The promoter makes their page for a live campaign they promote, or changes it. */
    async saveOwn(actor: Actor, campaignId: string, body: FundraiserPageBody): Promise<FundraiserPageView> {
      const campaign = await promotedLiveCampaign(actor, campaignId);
      const headline = plainText(body.headline).replace(/\s+/g, ' ');
      if (headline === '') {
        const message = 'Give your page a headline.';
        throw invalid(message, { headline: message });
      }
      const at = clock.now().toISOString();
      const existing = await pages.find(campaignId, actor.uid);
      const saved = await pages.save({
        id: existing?.id ?? ids.newId(),
        promoterId: actor.uid,
        campaignId,
        organizationId: campaign.organizationId ?? campaign.userId,
        headline,
        story: plainText(body.story),
        photo: existing?.photo ?? null,
        goalCents: body.goalCents,
        showOnLeaderboard: body.showOnLeaderboard,
        hidden: false,
        hiddenReason: null,
        hiddenAt: null,
        hiddenBy: null,
        createdAt: existing?.createdAt ?? at,
        updatedAt: at,
      });
      return viewOf(saved, campaign);
    },

    /** The promoter's page for a campaign, with its progress and whether (and why) it is hidden. */
    async own(actor: Actor, campaignId: string): Promise<FundraiserPageView> {
      return viewOf(await ownPage(actor, campaignId));
    },

    /**
     * What the QR code of the promoter's page for a live campaign they promote holds
     * (`{host}/q/{campaignId}/{promoterId}`), for its download. 404 when the campaign is not live, they do
     * not promote it, or they have no page for it yet.
     */
    async qrLink(actor: Actor, campaignId: string): Promise<{ url: string; campaignName: string }> {
      const campaign = await promotedLiveCampaign(actor, campaignId);
      const page = await pages.find(campaignId, actor.uid);
      if (!page) {
        throw notFound('You have no fundraising page for this campaign yet: make it first, then print its QR code.');
      }
      return { url: `${publicUrl}${FUNDRAISER_PATHS.qr(campaignId, actor.uid)}`, campaignName: campaign.campaignName };
    },

    /** The promoter's pages, newest first. */
    async mine(actor: Actor): Promise<FundraiserPageView[]> {
      authorize(actor, 'fundraiserPage.edit', { uid: actor.uid });
      const mine = await pages.listByPromoter(actor.uid);
      return Promise.all(mine.map((page) => viewOf(page)));
    },

    /**
     * The page's photo (the avatar's rules: PNG, JPEG, GIF or WebP, at most 2 MB, 32 to 4096 pixels a
     * side), kept at `fundraisers/{campaign}/{promoter}.{ext}`.
     */
    async setOwnPhoto(
      actor: Actor,
      campaignId: string,
      content: Uint8Array,
      contentType: string | undefined,
    ): Promise<FundraiserPageView> {
      const page = await ownPage(actor, campaignId);
      let picture: ReturnType<typeof checkAvatar>;
      try {
        picture = checkAvatar(content, contentType, images);
      } catch (error) {
        asPhotoError(error);
        throw error;
      }
      const stored = await files.put(
        fundraiserPhotoPath(campaignId, actor.uid, picture.extension),
        content,
        picture.contentType,
      );
      const saved = await pages.save({
        ...page,
        photo: `${stored.url}?v=${clock.now().getTime()}`,
        updatedAt: clock.now().toISOString(),
      });
      // A photo of another format is no longer shown.
      await Promise.all(
        AVATAR_EXTENSIONS.filter((extension) => extension !== picture.extension).map((extension) =>
          files.delete(fundraiserPhotoPath(campaignId, actor.uid, extension)).catch(() => undefined),
        ),
      );
      return viewOf(saved);
    },

    /** Every page of a campaign, hidden ones too, for its organizers: most raised first. */
    async ofCampaign(actor: Actor, campaignId: string): Promise<FundraiserPageView[]> {
      const campaign = await overseenCampaign(actor, campaignId);
      const all = await pages.listByCampaign(campaignId);
      const views = await Promise.all(all.map((page) => viewOf(page, campaign)));
      return views.sort((a, b) => b.raisedCents - a.raisedCents || a.createdAt.localeCompare(b.createdAt));
    },

    /** A campaigner hides a page not fit to show (the promoter is told why) or shows it again. */
    async setVisibility(
      actor: Actor,
      campaignId: string,
      promoterId: string,
      body: FundraiserVisibilityBody,
    ): Promise<FundraiserPageView> {
      const campaign = await overseenCampaign(actor, campaignId);
      const before = await pages.find(campaignId, promoterId);
      if (!before) throw notFound('That fundraising page does not exist.');
      const reason = body.hidden ? plainText(body.reason ?? '') : null;
      const changed = await pages.setVisibility(campaignId, promoterId, {
        hidden: body.hidden,
        reason,
        at: clock.now().toISOString(),
        by: actor.uid,
      });
      if (!changed) throw notFound('That fundraising page does not exist.');
      const view = await viewOf(changed, campaign);
      if (before.hidden !== changed.hidden) {
        const message = changed.hidden
          ? `Your fundraising page for ${view.campaignName} was hidden by the campaign's organizers: ${reason}`
          : `Your fundraising page for ${view.campaignName} is shown again.`;
        await deps
          .notify({
            notification_type: 'promotion',
            notification_message: message.slice(0, 2000),
            notification_userTo: promoterId,
            notification_user_id: actor.uid,
            notification_campaign_id: campaignId,
            notification_campaign_name: view.campaignName.slice(0, 200),
            notification_url: '/donor/promotions',
          })
          .catch((error: unknown) => deps.onNotifyFailure(error, { campaignId, promoterId }));
      }
      return view;
    },
  };
}
