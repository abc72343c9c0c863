import type { Donation, Donator, DonatorRaw } from '../donations/donation.entity';

export interface DonationRecord {
  donator: Donator;
  donatorRaw: DonatorRaw;
  donation: Donation;
}

export interface DonationRepository {
  /**
   * Stores the three records of one payment, exactly once per paymentIntentId: a second call with the
   * same paymentIntentId stores nothing and answers recorded false.
   */
  recordOnce(record: DonationRecord): Promise<{ recorded: boolean }>;
  findByPaymentIntent(paymentIntentId: string): Promise<Donator | null>;
  /** Newest first. */
  listByCampaign(campaignId: string): Promise<Donator[]>;
  /** A user's (donor's or promoter's) payments, newest first, optionally since an instant. */
  listDonationsByUser(userId: string, since?: string): Promise<Donation[]>;
  listDonationsByCampaign(campaignId: string): Promise<Donation[]>;
}
