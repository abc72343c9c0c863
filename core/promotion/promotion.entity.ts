import { z } from 'zod';
import { Id, Timestamp } from '../shared/primitives';
import { ShareChannel } from '../campaigns/targeting.entity';

/** A promoter's promotion of a campaign, `promotions` collection: one per promoter and campaign. */
export const Promotion = z.object({
  id: Id,
  /** The promoter. */
  creatorId: Id,
  /** The organization whose campaign is promoted (the campaign's owner when it has no organization). */
  rootCompanyId: Id,
  /** The promoted campaign. */
  campaignId: Id,
  createdAt: Timestamp,
});
export type Promotion = z.infer<typeof Promotion>;

/** The code of a short share link, `/s/{code}`: URL-safe, short enough to post. */
export const ShareCode = z.string().regex(/^[A-Za-z0-9_-]{6,32}$/, 'Not a share link code.');

/** A promoter's short link to a campaign for one channel, `shareLinks` collection: one per (campaign, promoter, channel). */
export const ShareLink = z.object({
  code: ShareCode,
  campaignId: Id,
  promoterId: Id,
  channel: ShareChannel,
  createdAt: Timestamp,
});
export type ShareLink = z.infer<typeof ShareLink>;

/** An ad-platform audience built for a campaign, `audience` collection. */
export const Audience = z.object({
  id: Id,
  campaignId: Id,
  audienceId: z.string().max(64),
  createdAt: Timestamp,
});
export type Audience = z.infer<typeof Audience>;

/** Share-link click counters of a campaign, `sharesClicks` collection. */
export const SharesClicks = z.object({
  campaignId: Id,
  x: z.number().int().nonnegative().default(0),
  linkedin: z.number().int().nonnegative().default(0),
  facebook: z.number().int().nonnegative().default(0),
  instagram: z.number().int().nonnegative().default(0),
  qr: z.number().int().nonnegative().default(0),
});
export type SharesClicks = z.infer<typeof SharesClicks>;

/** Clicks per channel. */
export type ClickCounts = Record<ShareChannel, number>;

/** One click on a share link, `clickEvents` collection. */
export const ClickEvent = z.object({
  id: Id,
  campaignId: Id,
  channel: ShareChannel,
  promoterId: Id.nullable().default(null),
  createdAt: Timestamp,
});
export type ClickEvent = z.infer<typeof ClickEvent>;

/** Visits of a campaign's public page on one UTC day (a visitor counted once a while, SPEC §9 funnel). */
export const PageVisits = z.object({
  campaignId: Id,
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  visits: z.number().int().nonnegative(),
});
export type PageVisits = z.infer<typeof PageVisits>;

/** UTM parameters a visit arrived with, `utms` collection. */
export const Utm = z.object({
  id: Id,
  campaignId: Id,
  utm_source: z.string().max(200).nullable().default(null),
  utm_medium: z.string().max(200).nullable().default(null),
  utm_campaign: z.string().max(200).nullable().default(null),
  utm_content: z.string().max(200).nullable().default(null),
  utm_term: z.string().max(200).nullable().default(null),
  createdAt: Timestamp,
});
export type Utm = z.infer<typeof Utm>;
