/**
 * A donor's way back to their gifts without an account: a link sent by e-mail, and the short visit it
 * opens. Both are random secrets (`IdGenerator.newSecret`, 256 bits) of which the store keeps only the
 * SHA-256 (`tokenHash`): a leaked table opens nobody's gifts.
 */

/**
 * What a record is: a link in a receipt e-mail, a link asked for on the "Find my gifts" form, or the
 * visit a link was exchanged for (the http-only cookie of the gifts page).
 */
export type GiftLinkPurpose = 'receipt' | 'request' | 'visit';

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * How long each works. A receipt's link stays in the donor's mailbox: 30 days, so the receipt of a gift
 * leads back to the gifts for a month. A link asked for on the form is for now: an hour. A visit ends 30
 * minutes after the link was opened; opening a new link starts a new one.
 */
export const GIFT_LINK_TTL_MS: Record<GiftLinkPurpose, number> = {
  receipt: 30 * DAY_MS,
  request: HOUR_MS,
  visit: 30 * MINUTE_MS,
};

/** At most this many links a window are sent to one address from the form; further requests send nothing. */
export const GIFT_LINK_MAX_REQUESTS_PER_WINDOW = 3;
export const GIFT_LINK_REQUEST_WINDOW_MS = HOUR_MS;

export interface GiftLink {
  id: string;
  /** Lowercased: the gifts it opens are those given with this address. */
  email: string;
  purpose: GiftLinkPurpose;
  /** Lowercase hex SHA-256 of the token. */
  tokenHash: string;
  createdAt: string;
  expiresAt: string;
  /** When a link was opened, or a visit ended; null before. A link opens once. */
  usedAt: string | null;
}

export type GiftLinkState = 'valid' | 'used' | 'expired' | 'unknown';

/** Whether a link found by its token may be opened now. A visit's token is no link. */
export function giftLinkState(link: GiftLink | null, now: Date): GiftLinkState {
  if (!link || link.purpose === 'visit') return 'unknown';
  if (link.usedAt !== null) return 'used';
  if (new Date(link.expiresAt).getTime() <= now.getTime()) return 'expired';
  return 'valid';
}

/** Whether a visit found by its cookie is still open: not ended, not past its 30 minutes, and a visit. */
export function isOpenVisit(visit: GiftLink | null, now: Date): visit is GiftLink {
  return (
    visit !== null &&
    visit.purpose === 'visit' &&
    visit.usedAt === null &&
    new Date(visit.expiresAt).getTime() > now.getTime()
  );
}

/** When a record made now for this purpose stops working. */
export function giftLinkExpiry(purpose: GiftLinkPurpose, now: Date): string {
  return new Date(now.getTime() + GIFT_LINK_TTL_MS[purpose]).toISOString();
}

/** An e-mail address as gifts are matched by it: trimmed and lowercased. */
export const donorEmailKey = (email: string): string => email.trim().toLowerCase();

/** What became of a gift, from what was refunded of it. */
export type GiftStatus = 'paid' | 'partlyRefunded' | 'refunded';

export function giftStatus(gift: { amount: number; refunded: number }): GiftStatus {
  if (gift.refunded <= 0) return 'paid';
  if (gift.refunded >= gift.amount) return 'refunded';
  return 'partlyRefunded';
}
