import { z } from 'zod';
import { formatUsd } from '../budget/budget.rules';
import {
  FUNDRAISER_GOAL_MAX_CENTS,
  FUNDRAISER_GOAL_MIN_CENTS,
  FUNDRAISER_HEADLINE_MAX_LENGTH,
  FUNDRAISER_HIDDEN_REASON_MAX_LENGTH,
  FUNDRAISER_STORY_MAX_LENGTH,
} from '../promotion/fundraiser-page.entity';
import { Id, Timestamp } from '../shared/primitives';
import { CampaignPage } from './campaigns.contract';
export { FUNDRAISER_PATHS } from './fundraiser-paths';

export const FundraiserParams = z.object({ id: Id, promoterId: Id });

/** What a promoter writes on their fundraising page (plain text; line breaks are kept). */
export const FundraiserPageBody = z.object({
  headline: z
    .string({ error: 'Give your page a headline.' })
    .trim()
    .min(1, 'Give your page a headline.')
    .max(FUNDRAISER_HEADLINE_MAX_LENGTH, `Keep the headline to ${FUNDRAISER_HEADLINE_MAX_LENGTH} characters.`),
  story: z
    .string()
    .max(FUNDRAISER_STORY_MAX_LENGTH, `Keep your words to ${FUNDRAISER_STORY_MAX_LENGTH} characters.`)
    .default(''),
  goalCents: z
    .number({ error: 'Enter your personal goal.' })
    .int('Use whole cents.')
    .min(FUNDRAISER_GOAL_MIN_CENTS, `A personal goal is at least ${formatUsd(FUNDRAISER_GOAL_MIN_CENTS)}.`)
    .max(FUNDRAISER_GOAL_MAX_CENTS, `A personal goal is at most ${formatUsd(FUNDRAISER_GOAL_MAX_CENTS)}.`),
  showOnLeaderboard: z.boolean({ error: 'Say true or false: whether your page is listed.' }).default(true),
});
export type FundraiserPageBody = z.infer<typeof FundraiserPageBody>;

/** A campaigner hides a page (saying why: the promoter is told) or shows it again. */
export const FundraiserVisibilityBody = z
  .object({
    hidden: z.boolean({ error: 'Say true or false: whether the page is hidden.' }),
    reason: z
      .string()
      .trim()
      .max(FUNDRAISER_HIDDEN_REASON_MAX_LENGTH, `Keep the reason to ${FUNDRAISER_HIDDEN_REASON_MAX_LENGTH} characters.`)
      .optional(),
  })
  .refine((body) => !body.hidden || (body.reason ?? '').length > 0, {
    message: 'Say why the page is hidden: the promoter is told.',
    path: ['reason'],
  });
export type FundraiserVisibilityBody = z.infer<typeof FundraiserVisibilityBody>;

/** What a page has raised: the gifts credited to its promoter for the campaign, net of refunds. */
export const FundraiserProgress = z.object({
  raisedCents: z.number().int().nonnegative(),
  /** Gifts not wholly refunded. */
  donors: z.number().int().nonnegative(),
});
export type FundraiserProgress = z.infer<typeof FundraiserProgress>;

/** A page as its promoter and the campaign's organizers see it (hidden or not). */
export const FundraiserPageView = FundraiserProgress.extend({
  campaignId: Id,
  promoterId: Id,
  promoterName: z.string(),
  campaignName: z.string(),
  headline: z.string(),
  story: z.string(),
  photo: z.string().nullable(),
  goalCents: z.number().int(),
  showOnLeaderboard: z.boolean(),
  hidden: z.boolean(),
  hiddenReason: z.string().nullable(),
  hiddenAt: Timestamp.nullable(),
  /** The page's public address. */
  pageUrl: z.string(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type FundraiserPageView = z.infer<typeof FundraiserPageView>;
export const FundraiserPageResponse = z.object({ page: FundraiserPageView });
export const FundraiserPageListResponse = z.object({ pages: z.array(FundraiserPageView) });

/** The public fundraising page: the promoter's words and progress, and the campaign's page below. */
export const PublicFundraiserPage = FundraiserProgress.extend({
  campaignId: Id,
  promoterId: Id,
  promoterName: z.string(),
  headline: z.string(),
  story: z.string(),
  photo: z.string().nullable(),
  goalCents: z.number().int(),
  campaign: CampaignPage,
});
export type PublicFundraiserPage = z.infer<typeof PublicFundraiserPage>;
export const PublicFundraiserPageResponse = z.object({ fundraiser: PublicFundraiserPage });

/** One of a campaign's top fundraisers. */
export const LeaderboardEntry = FundraiserProgress.extend({
  promoterId: Id,
  promoterName: z.string(),
  headline: z.string(),
  photo: z.string().nullable(),
  goalCents: z.number().int(),
  /** The page's address on this site. */
  path: z.string(),
});
export type LeaderboardEntry = z.infer<typeof LeaderboardEntry>;
export const LeaderboardResponse = z.object({ campaignId: Id, fundraisers: z.array(LeaderboardEntry) });
export type LeaderboardResponse = z.infer<typeof LeaderboardResponse>;
