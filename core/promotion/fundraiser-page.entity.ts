import { z } from 'zod';
import { MAX_DONATION_CENTS } from '../donations/donation.rules';
import { Cents, Id, Timestamp, Url } from '../shared/primitives';

/** A fundraising page's headline: one line, as a title. */
export const FUNDRAISER_HEADLINE_MAX_LENGTH = 120;
/** A fundraiser's own words: a few paragraphs, plain text. */
export const FUNDRAISER_STORY_MAX_LENGTH = 2000;
/** Why a campaigner hid a page, as the promoter is told. */
export const FUNDRAISER_HIDDEN_REASON_MAX_LENGTH = 500;
/** A personal goal is at least a dollar... */
export const FUNDRAISER_GOAL_MIN_CENTS = 100;
/** ...and at most what one gift online can be ($100,000): a personal goal, not a campaign's. */
export const FUNDRAISER_GOAL_MAX_CENTS = MAX_DONATION_CENTS;

/**
 * A promoter's fundraising page for a campaign they promote, `fundraiserPages` collection: one per
 * promoter and campaign. Its progress is not kept here: it is counted from the donations credited to
 * the promoter for the campaign, booked once like every share link's gift.
 */
export const FundraiserPage = z.object({
  id: Id,
  /** The promoter whose page it is (gifts made on it are credited to them). */
  promoterId: Id,
  campaignId: Id,
  /** The campaign's organization (its owner's id when it has none), whose campaigners oversee the page. */
  organizationId: Id,
  headline: z.string().max(FUNDRAISER_HEADLINE_MAX_LENGTH),
  story: z.string().max(FUNDRAISER_STORY_MAX_LENGTH),
  /** The fundraiser's photo (a file address), or none. */
  photo: Url.nullable().default(null),
  goalCents: Cents,
  /** Whether the page is listed among the campaign's top fundraisers. */
  showOnLeaderboard: z.boolean().default(true),
  /** Hidden by a campaigner: the public is answered 404 and it leaves the leaderboard. */
  hidden: z.boolean().default(false),
  hiddenReason: z.string().max(FUNDRAISER_HIDDEN_REASON_MAX_LENGTH).nullable().default(null),
  hiddenAt: Timestamp.nullable().default(null),
  hiddenBy: Id.nullable().default(null),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type FundraiserPage = z.infer<typeof FundraiserPage>;

/** A campaigner's decision on a page. */
export interface FundraiserPageVisibility {
  hidden: boolean;
  reason: string | null;
  at: string;
  by: string;
}

/** Plain text as a fundraiser may write it: no control characters but line breaks, no trailing spaces. */
export function plainText(value: string): string {
  return (
    value
      .replace(/\r\n?/g, '\n')
      .replace(/\t/g, ' ')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0009\u000b-\u001f\u007f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, '')
      .replace(/[ \t]+\n/g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}
