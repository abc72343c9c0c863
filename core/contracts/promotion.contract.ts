/**
 * HTTP contracts of promotion: promoting a live campaign and its share links, a promoter's results and
 * a campaign's shares (the live campaigns themselves are listed by `GET /api/campaigns`). Shared by the API and the donor and campaigner
 * front ends.
 */
import { z } from 'zod';
import { ShareChannel } from '../campaigns/targeting.entity';
import { Id, Timestamp } from '../shared/primitives';

/** Clicks per share channel. */
export const ClickCountsView = z.object({
  x: z.number().int().nonnegative(),
  linkedin: z.number().int().nonnegative(),
  facebook: z.number().int().nonnegative(),
  instagram: z.number().int().nonnegative(),
  /** Scans of the promoter's (or the campaign's) QR code. */
  qr: z.number().int().nonnegative(),
});
export type ClickCountsView = z.infer<typeof ClickCountsView>;

/** Donations a promoter's links brought: how many, and their amount net of refunds. */
export const DonationTotals = z.object({
  count: z.number().int().nonnegative(),
  amountCents: z.number().int().nonnegative(),
});
export type DonationTotals = z.infer<typeof DonationTotals>;

/** One of a promoter's short links to a campaign. */
export const ShareLinkView = z.object({
  channel: ShareChannel,
  /** The network's name, as buttons say it. */
  label: z.string(),
  code: z.string(),
  /** The short link to post: `{host}/s/{code}`. */
  url: z.string(),
  /** The network's share page with the link; null for Instagram, which has none on the web, and the QR code. */
  shareUrl: z.string().nullable(),
});
export type ShareLinkView = z.infer<typeof ShareLinkView>;

/** A promoter's promotion of a campaign, with what it brought. */
export const PromotionView = z.object({
  campaignId: Id,
  campaignName: z.string(),
  campaignTitle: z.string(),
  /** The text offered beside the link where a network takes one. */
  shareText: z.string(),
  pageUrl: z.string(),
  promotedAt: Timestamp,
  links: z.array(ShareLinkView),
  clicks: ClickCountsView,
  clicksThisWeek: ClickCountsView,
  donations: DonationTotals,
  donationsThisWeek: DonationTotals,
});
export type PromotionView = z.infer<typeof PromotionView>;

export const PromoteResponse = z.object({
  promotion: PromotionView,
  /** False when the promoter promoted this campaign before (the same links are answered). */
  created: z.boolean(),
});
export type PromoteResponse = z.infer<typeof PromoteResponse>;

export const MyPromotionsResponse = z.object({
  promotions: z.array(PromotionView),
  /** "This week" counts from this instant (SPEC §9: 7 days). */
  weekStart: Timestamp,
});
export type MyPromotionsResponse = z.infer<typeof MyPromotionsResponse>;

/** A campaign's promoter, as its campaigners see them. */
export const CampaignPromoterView = z.object({
  promoterId: Id,
  name: z.string(),
  promotedAt: Timestamp,
  clicks: ClickCountsView,
  donations: DonationTotals,
});
export type CampaignPromoterView = z.infer<typeof CampaignPromoterView>;

/** A campaign's share counters (SPEC §3 sharesClicks) and its promoters. */
export const CampaignSharesResponse = z.object({
  campaignId: Id,
  campaignName: z.string(),
  counters: ClickCountsView,
  total: z.number().int().nonnegative(),
  thisWeek: ClickCountsView,
  weekStart: Timestamp,
  promoters: z.array(CampaignPromoterView),
});
export type CampaignSharesResponse = z.infer<typeof CampaignSharesResponse>;

/** A live campaign in its organization's list of shares. */
export const CampaignSharesSummary = z.object({
  campaignId: Id,
  name: z.string(),
  title: z.string(),
  createdAt: Timestamp,
  pageUrl: z.string(),
  counters: ClickCountsView,
  total: z.number().int().nonnegative(),
  promoters: z.number().int().nonnegative(),
});
export type CampaignSharesSummary = z.infer<typeof CampaignSharesSummary>;
export const CampaignSharesListResponse = z.object({ campaigns: z.array(CampaignSharesSummary) });
export type CampaignSharesListResponse = z.infer<typeof CampaignSharesListResponse>;

export const ShareCodeParams = z.object({ code: z.string().min(1).max(64) });
