import type {
  Donation,
  DonationCheckout,
  Donator,
  DonatorRaw,
  NewDonation,
  NewDonationCheckout,
  NewDonatorRaw,
} from '../donations/donation.entity';
import type { PageRequest } from '../shared/paging';
import type { CampaignStats } from '../reporting/results.entity';

export interface DonationRecord {
  donator: Donator;
  donation: NewDonation;
}

export interface RecordOutcome {
  /** False when the payment was recorded before: nothing was written. */
  recorded: boolean;
  /** The donation as stored (the earlier one when recorded is false). */
  donation: Donation;
  /**
   * What had been refunded of the payment before it was recorded (a refund reported first), now
   * applied to the donation; 0 almost always.
   */
  refundedBeforehand: number;
}

export interface RefundOutcome {
  /** The payment's donation after the refund, or null when none is recorded (yet): it will be applied then. */
  donation: Donation | null;
  /** What this refund newly took off the donation: 0 for a repeat or an older, smaller report. */
  newlyRefunded: number;
  /** True when this refund made the donation fully refunded. */
  becameFullyRefunded: boolean;
}

export interface DonationRepository {
  /**
   * Keeps a provider event as received in `donator_raw`, once per eventId: a second call with the same
   * eventId writes nothing and answers kept false. Written on its own, before any bookkeeping, so the
   * event stays even when the bookkeeping fails.
   */
  keepRawEvent(event: NewDonatorRaw): Promise<{ kept: boolean }>;
  /** keepRawEvent for several events in one write: the answers in the order of the events. */
  keepRawEvents(events: NewDonatorRaw[]): Promise<{ kept: boolean }[]>;
  /**
   * Notes that a kept event's bookkeeping is done (error null: processedAt is set, any earlier error
   * cleared) or failed (the error, cut to 2000 characters, is kept and the event stays unprocessed).
   */
  markRawEventProcessed(eventId: string, outcome: { at: string; error: string | null }): Promise<void>;
  /** Notes that these kept events' bookkeeping is done (as markRawEventProcessed with error null), in one write. */
  markRawEventsProcessed(eventIds: string[], at: string): Promise<void>;
  /** Kept events whose bookkeeping is not done, oldest first. */
  listUnprocessedRawEvents(limit: number): Promise<DonatorRaw[]>;
  /**
   * Stores the donator and donation of one payment, exactly once per paymentIntentId, even when the
   * same payment is recorded many times at once: a second call stores nothing and answers recorded
   * false with the stored donation. A refund reported before the payment is applied to it (and
   * answered as refundedBeforehand). The donation's shares are those of its amount minus that refund.
   */
  recordOnce(record: DonationRecord): Promise<RecordOutcome>;
  /**
   * recordOnce for the payments of a batch, in one transaction (the surrounding unit of work's, or its
   * own): the outcomes in the order of the records, each as recordOnce would answer it. The records name
   * distinct payments. When one cannot be stored (an id taken by another payment) the call fails, and
   * inside a unit of work nothing of it is kept.
   */
  recordMany(records: DonationRecord[]): Promise<RecordOutcome[]>;
  /**
   * Applies a refund report (all refunded of the payment so far) to the payment's donation: only the
   * part beyond what was applied counts, once, whatever the order and number of reports; the shares
   * are split again on what is left. A report for a payment not recorded yet is kept for it.
   */
  recordRefund(paymentIntentId: string, refundedCents: number, at: string): Promise<RefundOutcome>;
  findByPaymentIntent(paymentIntentId: string): Promise<Donator | null>;
  findDonationByPaymentIntent(paymentIntentId: string): Promise<Donation | null>;
  findDonationBySession(sessionId: string): Promise<Donation | null>;
  /** Newest first. */
  listByCampaign(campaignId: string): Promise<Donator[]>;
  /** A promoter's donations (user_id), newest first, optionally since an instant. */
  listDonationsByUser(userId: string, since?: string): Promise<Donation[]>;
  /** A signed-in donor's own donations (donor_id), newest first (date, then id); with `page`, at most its limit after its key. */
  listDonationsByDonor(donorId: string, page?: PageRequest): Promise<Donation[]>;
  /**
   * The donations given with this e-mail (donor_email, matched lowercased), newest first (date, then id);
   * with `page`, at most its limit after its key.
   */
  listDonationsByEmail(email: string, page?: PageRequest): Promise<Donation[]>;
  listDonationsByCampaign(campaignId: string): Promise<Donation[]>;
  /**
   * A campaign's figures from its donations: count of donations not fully refunded, the total raised
   * net of refunds, and how many distinct promoters brought donations.
   */
  campaignStats(campaignId: string): Promise<CampaignStats>;
  /** Keeps a checkout a donor opened; a second save of the same session changes nothing. */
  saveCheckout(checkout: NewDonationCheckout): Promise<void>;
  findCheckout(sessionId: string): Promise<DonationCheckout | null>;
  /** The checkouts of these sessions that are kept, in no particular order. */
  findCheckouts(sessionIds: string[]): Promise<DonationCheckout[]>;
}
