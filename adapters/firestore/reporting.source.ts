import { FieldPath, type DocumentSnapshot, type Firestore, type Query } from 'firebase-admin/firestore';
import { CampaignDelivery } from '@causeway/core/delivery/delivery.entity';
import type { ReportingSource } from '@causeway/core/ports/reporting.port';
import {
  emptyMirrorFacts,
  emptyMirrorKeys,
  type MirrorFacts,
  type MirrorGift,
  type MirrorKeys,
  type MirrorKind,
  type MirrorMonthlyGift,
} from '@causeway/core/reporting/mirror.entity';
import { toCampaign } from './campaign.repository';
import { toDonation } from './donation.repository';
import { fromDocument as toOrganization } from './organization.repository';
import { toPromotion } from './promotion.repository';
import { fromDocument as toMonthlyGift } from './monthly-gift.repository';
import { PAGE_VISITS_COLLECTION, pageVisitsKey, toClick } from './share-tracking.repository';
import { PageVisits } from '@causeway/core/promotion/promotion.entity';
import { fromDocument as toUser } from './user.repository';
import { DonationCheckout } from '@causeway/core/donations/donation.entity';

/** Firestore answers at most 30 values for an `in` filter. */
const IN_LIMIT = 30;

const parts = <T>(items: T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
};

/**
 * The Firestore store as the reporting mirror reads it: documents by id (or by the field that keys
 * them), and each collection a page at a time in document-id order for a rebuild. A gift's organization
 * and donor e-mail are read from its campaign and donor.
 */
export function createFirestoreReportingSource(firestore: Firestore): ReportingSource {
  const collection = (name: string) => firestore.collection(name);

  async function byIds(name: string, ids: string[]): Promise<DocumentSnapshot[]> {
    if (ids.length === 0) return [];
    const snapshots: DocumentSnapshot[] = [];
    for (const part of parts(ids, 300)) {
      snapshots.push(...(await firestore.getAll(...part.map((id) => collection(name).doc(id)))));
    }
    return snapshots.filter((snapshot) => snapshot.exists);
  }

  async function byField(name: string, field: string, values: string[]): Promise<DocumentSnapshot[]> {
    const snapshots: DocumentSnapshot[] = [];
    for (const part of parts(values, IN_LIMIT)) {
      snapshots.push(...(await collection(name).where(field, 'in', part).get()).docs);
    }
    return snapshots;
  }

  async function page(query: Query, cursor: string | null, limit: number) {
    let ordered = query.orderBy(FieldPath.documentId()).limit(limit);
    if (cursor) ordered = ordered.startAfter(cursor);
    const snapshot = await ordered.get();
    const last = snapshot.docs.at(-1)?.id ?? null;
    return { docs: snapshot.docs, cursor: snapshot.docs.length >= limit ? last : null };
  }

  /** The organization of each campaign named, read once per call. */
  async function organizationsOf(campaignIds: string[]): Promise<Map<string, string | null>> {
    const found = new Map<string, string | null>();
    for (const snapshot of await byIds('campaigns', [...new Set(campaignIds)])) {
      found.set(snapshot.id, (snapshot.data()?.organizationId as string | null | undefined) ?? null);
    }
    return found;
  }

  async function emailsOf(userIds: string[]): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    for (const snapshot of await byIds('users', [...new Set(userIds)])) {
      const email = snapshot.data()?.Email;
      if (typeof email === 'string') found.set(snapshot.id, email);
    }
    return found;
  }

  const convert: { [K in MirrorKind]: (docs: DocumentSnapshot[]) => Promise<MirrorFacts[K]> } = {
    async organizations(docs) {
      return docs.map((doc) => {
        const organization = toOrganization(doc.id, doc.data() ?? {});
        return {
          organizationId: organization.organizationId,
          name: organization.name,
          isDeleted: organization.isDeleted,
        };
      });
    },
    async people(docs) {
      return docs.map((doc) => {
        const user = toUser(doc);
        return {
          userId: user.uid,
          organizationId: user.organizationId,
          firstName: user.FirstName,
          lastName: user.LastName,
          email: user.Email,
          accountType: user.AccountType,
          isDeleted: user.isDeleted,
          createdAt: user.createdAt,
        };
      });
    },
    async campaigns(docs) {
      return docs.map((doc) => {
        const campaign = toCampaign(doc);
        return {
          campaignId: campaign.campaignUUID,
          organizationId: campaign.organizationId,
          ownerId: campaign.userId,
          name: campaign.campaignName,
          title: campaign.campaignTitle,
          goalCents: campaign.campaignRaiseGoal,
          deadline: campaign.campaignRaiseGoalDeadline,
          budgetLifetimeCents: campaign.budgetLifetime,
          targetCpcCents: campaign.budgetTargetCpc,
          createdAt: campaign.createdAt,
          isDeleted: campaign.isDeleted,
          coverImage: campaign.campaignCoverImage,
        };
      });
    },
    async gifts(docs) {
      const donations = docs.map(toDonation).filter((donation) => donation.payment_intent_id);
      const organizations = await organizationsOf(donations.map((donation) => donation.campaign_id));
      const emails = await emailsOf(donations.flatMap((donation) => (donation.donor_id ? [donation.donor_id] : [])));
      return donations.map((donation): MirrorGift => ({
        paymentIntentId: donation.payment_intent_id!,
        campaignId: donation.campaign_id,
        organizationId: organizations.get(donation.campaign_id) ?? null,
        occurredAt: donation.date,
        amountCents: donation.amount,
        refundedCents: Math.min(donation.refunded, donation.amount),
        donorId: donation.donor_id,
        donorName: donation.donor_name,
        donorEmail: (donation.donor_id && emails.get(donation.donor_id)) || null,
        message: donation.message,
        promoterId: donation.user_id,
        channel: donation.channel,
        givenOn: donation.given_on,
        cardBrand: null,
        cardLast4: null,
        receiptUrl: null,
        coveredFeeCents: donation.covered_fee,
        coveredFeeRefundedCents: Math.min(donation.covered_fee_refunded, donation.covered_fee),
      }));
    },
    async checkouts(docs) {
      const checkouts = docs.map((doc) => DonationCheckout.parse(doc.data()));
      const organizations = await organizationsOf(checkouts.map((checkout) => checkout.campaignId));
      return checkouts.map((checkout) => ({
        sessionId: checkout.sessionId,
        campaignId: checkout.campaignId,
        organizationId: organizations.get(checkout.campaignId) ?? null,
        occurredAt: new Date(checkout.createdAt).toISOString(),
        amountCents: checkout.amount,
        promoterId: checkout.promoterId,
        channel: checkout.channel,
      }));
    },
    async shareClicks(docs) {
      const clicks = docs.map(toClick);
      const organizations = await organizationsOf(clicks.map((click) => click.campaignId));
      return clicks.map((click) => ({
        clickId: click.id,
        campaignId: click.campaignId,
        organizationId: organizations.get(click.campaignId) ?? null,
        promoterId: click.promoterId,
        channel: click.channel,
        occurredAt: click.createdAt,
      }));
    },
    async pageVisits(docs) {
      const days = docs.map((doc) => PageVisits.parse(doc.data()));
      const organizations = await organizationsOf(days.map((item) => item.campaignId));
      return days.map((item) => ({ ...item, organizationId: organizations.get(item.campaignId) ?? null }));
    },
    async adDays(docs) {
      const deliveries = docs.map((doc) => CampaignDelivery.parse({ ...doc.data(), campaignId: doc.id }));
      const organizations = await organizationsOf(deliveries.map((delivery) => delivery.campaignId));
      return deliveries.flatMap((delivery) =>
        (delivery.figures?.daily ?? []).map((day) => ({
          campaignId: delivery.campaignId,
          organizationId: organizations.get(delivery.campaignId) ?? null,
          day: day.day,
          impressions: day.impressions,
          clicks: day.clicks,
          spendCents: day.spendCents,
        })),
      );
    },
    async promotions(docs) {
      const promotions = docs.map(toPromotion);
      const organizations = await organizationsOf(promotions.map((promotion) => promotion.campaignId));
      return promotions.map((promotion) => ({
        promotionId: promotion.id,
        promoterId: promotion.creatorId,
        campaignId: promotion.campaignId,
        organizationId: organizations.get(promotion.campaignId) ?? null,
        createdAt: promotion.createdAt,
      }));
    },
    async monthlyGifts(docs) {
      return docs.map((doc): MirrorMonthlyGift => {
        const gift = toMonthlyGift(doc.data() ?? {});
        return {
          subscriptionId: doc.id,
          campaignId: gift.campaignId,
          organizationId: gift.organizationId,
          donorEmail: gift.donorEmail,
          amountCents: gift.amountCents,
          status: gift.status,
          paused: gift.paused,
          cancelAtPeriodEnd: gift.cancelAtPeriodEnd,
          startedAt: gift.startedAt,
          endedAt: gift.endedAt,
          endedReason: gift.endedReason,
          failedAt: gift.failedAt,
          failedAttempts: gift.failedAttempts,
          changedAt: gift.changedAt,
        };
      });
    },
  };

  /** Where each kind lives, and how its keys find its documents. */
  const located: { [K in MirrorKind]: { name: string; find: (ids: string[]) => Promise<DocumentSnapshot[]> } } = {
    organizations: { name: 'organizations', find: (ids) => byIds('organizations', ids) },
    people: { name: 'users', find: (ids) => byIds('users', ids) },
    campaigns: { name: 'campaigns', find: (ids) => byIds('campaigns', ids) },
    gifts: { name: 'donations', find: (ids) => byField('donations', 'payment_intent_id', ids) },
    checkouts: { name: 'donationCheckouts', find: (ids) => byIds('donationCheckouts', ids) },
    shareClicks: { name: 'clickEvents', find: (ids) => byIds('clickEvents', ids) },
    pageVisits: {
      name: PAGE_VISITS_COLLECTION,
      find: (keys) =>
        byIds(
          PAGE_VISITS_COLLECTION,
          keys.flatMap((key) => {
            const cut = key.lastIndexOf('/');
            return cut > 0 ? [pageVisitsKey(key.slice(0, cut), key.slice(cut + 1))] : [];
          }),
        ),
    },
    adDays: { name: 'campaignDeliveries', find: (ids) => byIds('campaignDeliveries', ids) },
    promotions: { name: 'promotions', find: (ids) => byField('promotions', 'id', ids) },
    monthlyGifts: { name: 'monthlyGifts', find: (ids) => byIds('monthlyGifts', ids) },
  };

  return {
    async read(keys: MirrorKeys) {
      const facts = emptyMirrorFacts();
      const all = { ...emptyMirrorKeys(), ...keys };
      for (const kind of Object.keys(facts) as MirrorKind[]) {
        if (all[kind].length === 0) continue;
        const docs = await located[kind].find(all[kind]);
        (facts[kind] as unknown[]) = await convert[kind](docs);
      }
      return facts;
    },
    async scan<K extends MirrorKind>(kind: K, cursor: string | null, limit: number) {
      const found = await page(collection(located[kind].name), cursor, limit);
      const items = await (convert[kind] as (docs: DocumentSnapshot[]) => Promise<MirrorFacts[K]>)(found.docs);
      return { items, cursor: found.cursor };
    },
  };
}
