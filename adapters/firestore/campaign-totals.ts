import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import type { Campaign } from '@causeway/core/campaigns/campaign.entity';
import type { FirestoreUnit } from './firestore-unit';

/**
 * A campaign's totals as distributed counters (ours): `campaignTotals`, document id = the campaign and a
 * shard number, each holding `raised` (cents) and `donators` as what gifts and refunds added to them.
 * A gift increments one shard picked at random, never the campaign's document, so the gifts of a giving
 * day commit side by side instead of one after another on one document (Firestore sustains about one
 * write a second on a document). A campaign's figures are its document's fields plus the sum of its
 * shards, read with one query.
 */
export const CAMPAIGN_TOTALS_COLLECTION = 'campaignTotals';

/**
 * Shards per campaign: enough that 1,000 gifts from 50 senders rarely meet on one (each batch of gifts
 * writes one shard per campaign), few enough that reading a campaign's figures stays one small query.
 */
export const CAMPAIGN_TOTAL_SHARDS = 16;

/** What gifts and refunds added to a campaign's totals; `donators` undefined when none was ever counted. */
export interface TotalsDelta {
  raised: number;
  donators: number | undefined;
}

const none = (): TotalsDelta => ({ raised: 0, donators: undefined });

/** The shard document's id: the campaign, then the shard number (ids never collide: the campaign is encoded). */
const shardId = (campaignUUID: string, shard: number) => `${encodeURIComponent(campaignUUID)}~${shard}`;

export function campaignTotals(firestore: Firestore) {
  const shards = () => firestore.collection(CAMPAIGN_TOTALS_COLLECTION);
  const shardRef = (campaignUUID: string, shard: number) => shards().doc(shardId(campaignUUID, shard));

  return {
    /**
     * Adds to a campaign's totals in the unit's commit, on one shard, without reading anything: a
     * server-side increment, so concurrent gifts never lose one another. `donators` absent leaves the
     * count alone (a refund that leaves the donor counted).
     */
    add(unit: FirestoreUnit, campaignUUID: string, change: { raised: number; donators?: number }): void {
      const shard = Math.floor(Math.random() * CAMPAIGN_TOTAL_SHARDS);
      unit.set(
        shardRef(campaignUUID, shard),
        {
          campaignUUID,
          shard,
          raised: FieldValue.increment(change.raised),
          ...(change.donators === undefined ? {} : { donators: FieldValue.increment(change.donators) }),
        },
        { merge: true },
      );
    },

    /**
     * Empties the shards of the totals a campaign's document is given anew (an update that sets them),
     * in the unit's commit: every shard written, none read, so a shard no read saw is emptied too.
     */
    reset(unit: FirestoreUnit, campaignUUID: string, fields: { raised: boolean; donators: boolean }): void {
      if (!fields.raised && !fields.donators) return;
      for (let shard = 0; shard < CAMPAIGN_TOTAL_SHARDS; shard += 1) {
        unit.set(
          shardRef(campaignUUID, shard),
          {
            campaignUUID,
            shard,
            ...(fields.raised ? { raised: 0 } : {}),
            ...(fields.donators ? { donators: FieldValue.delete() } : {}),
          },
          { merge: true },
        );
      }
    },

    /**
     * The shards' sums of these campaigns, read outside any transaction (a gift's transaction never
     * holds them for a reader, nor a reader for a gift): one query per 30 campaigns.
     */
    async read(campaignUUIDs: readonly string[]): Promise<Map<string, TotalsDelta>> {
      const ids = [...new Set(campaignUUIDs)];
      const sums = new Map<string, TotalsDelta>(ids.map((id) => [id, none()]));
      const chunks: string[][] = [];
      for (let start = 0; start < ids.length; start += 30) chunks.push(ids.slice(start, start + 30));
      const snapshots = await Promise.all(
        chunks.map((chunk) =>
          (chunk.length === 1
            ? shards().where('campaignUUID', '==', chunk[0])
            : shards().where('campaignUUID', 'in', chunk)
          ).get(),
        ),
      );
      for (const snapshot of snapshots) {
        for (const doc of snapshot.docs) {
          const sum = sums.get(String(doc.get('campaignUUID')));
          if (!sum) continue;
          const raised: unknown = doc.get('raised');
          const donators: unknown = doc.get('donators');
          if (typeof raised === 'number') sum.raised += raised;
          if (typeof donators === 'number') sum.donators = (sum.donators ?? 0) + donators;
        }
      }
      return sums;
    },
  };
}

/** Two deltas as one. */
export function plus(a: TotalsDelta, b: TotalsDelta): TotalsDelta {
  return {
    raised: a.raised + b.raised,
    donators: a.donators === undefined && b.donators === undefined ? undefined : (a.donators ?? 0) + (b.donators ?? 0),
  };
}

/**
 * A campaign with its counted totals: its document's fields plus what its shards add, never below zero
 * (a refund takes off what its gift added, so only totals set by hand can be taken below it). A donor
 * count neither the document nor any shard holds stays missing (null), as the document alone had it.
 */
export function withTotals<T extends Pick<Campaign, 'campaignRaised' | 'donators'>>(
  campaign: T,
  delta: TotalsDelta | undefined,
): T {
  if (!delta || (delta.raised === 0 && delta.donators === undefined)) return campaign;
  return {
    ...campaign,
    campaignRaised: Math.max(campaign.campaignRaised + delta.raised, 0),
    donators:
      campaign.donators === null && delta.donators === undefined
        ? null
        : Math.max((campaign.donators ?? 0) + (delta.donators ?? 0), 0),
  };
}
