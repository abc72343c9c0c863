import { Timestamp, type DocumentSnapshot } from 'firebase-admin/firestore';
import { EventTypes } from '@causeway/core/events/domain-event';
import type { PromotionRepository } from '@causeway/core/ports/promotion.repository';
import { Audience, Promotion } from '@causeway/core/promotion/promotion.entity';
import { conflict } from '@causeway/core/shared/errors';
import {
  changeWithFirestoreEvent,
  createUnread,
  isAlreadyExists,
  type FirestoreContext,
  readIn,
} from './firestore-context';

const utc = (value: string): string => new Date(value).toISOString();
/** Documents written by the original product hold Firestore Timestamps where we write ISO strings. */
const instant = (value: unknown): unknown => (value instanceof Timestamp ? value.toDate().toISOString() : value);
const newestFirst = <T extends { id: string; createdAt: string }>(a: T, b: T) =>
  b.createdAt.localeCompare(a.createdAt) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/**
 * `promotions` (document id = promoter and campaign, which Firestore then keeps unique; the original
 * product's documents have their own ids) and `audience` (document id = the record's id).
 */
export function createFirestorePromotionRepository(context: FirestoreContext): PromotionRepository {
  const promotions = () => context.firestore.collection('promotions');
  const audiences = () => context.firestore.collection('audience');
  const keyOf = (promotion: Pick<Promotion, 'creatorId' | 'campaignId'>) =>
    [promotion.creatorId, promotion.campaignId].map(encodeURIComponent).join('~');
  const findById = async (id: string) => {
    const snapshot = await readIn(context, promotions().doc(id));
    if (snapshot.exists) return toPromotion(snapshot);
    const byField = await readIn(context, promotions().where('id', '==', id).limit(1));
    return byField.docs[0] ? toPromotion(byField.docs[0]) : null;
  };
  const findExisting = async (creatorId: string, campaignId: string) => {
    const snapshot = await readIn(context, promotions().where('creatorId', '==', creatorId));
    return snapshot.docs.map(toPromotion).find((promotion) => promotion.campaignId === campaignId) ?? null;
  };
  return {
    async promote(input) {
      const parsed = Promotion.parse(input);
      const existing = await findExisting(parsed.creatorId, parsed.campaignId);
      if (existing) return existing;
      if (await findById(parsed.id)) throw conflict('A promotion with this id already exists.');
      const promotion: Promotion = { ...parsed, createdAt: utc(parsed.createdAt) };
      try {
        return await changeWithFirestoreEvent(
          context,
          (batch) => {
            batch.create(promotions().doc(keyOf(promotion)), promotion);
            return promotion;
          },
          (created) => ({
            type: EventTypes.promotionCreated,
            aggregateType: 'promotion',
            aggregateId: created.id,
            payload: { promotion: created },
          }),
        );
      } catch (error) {
        if (!isAlreadyExists(error)) throw error;
        // The same promotion sent twice at once: the one that committed is the answer.
        const winner = await findExisting(parsed.creatorId, parsed.campaignId);
        if (winner) return winner;
        throw conflict('A promotion with this id already exists.');
      }
    },
    findById,
    async listByCreator(creatorId) {
      const snapshot = await readIn(context, promotions().where('creatorId', '==', creatorId));
      return snapshot.docs.map(toPromotion).sort(newestFirst);
    },
    async listByRootCompany(rootCompanyId) {
      const snapshot = await readIn(context, promotions().where('rootCompanyId', '==', rootCompanyId));
      return snapshot.docs.map(toPromotion).sort(newestFirst);
    },
    async listByCampaign(campaignId) {
      const snapshot = await readIn(context, promotions().where('campaignId', '==', campaignId));
      // The original product's promotions name no campaign: their root company held it.
      const legacy = await readIn(context, promotions().where('rootCompanyId', '==', campaignId));
      const byId = new Map([...snapshot.docs, ...legacy.docs].map((doc) => [doc.id, toPromotion(doc)]));
      return [...byId.values()].filter((promotion) => promotion.campaignId === campaignId).sort(newestFirst);
    },
    async addAudience(input) {
      const parsed = Audience.parse(input);
      const audience: Audience = { ...parsed, createdAt: utc(parsed.createdAt) };
      return createUnread(
        context,
        audiences().doc(audience.id),
        audience,
        (created) => ({
          type: EventTypes.audienceCreated,
          aggregateType: 'audience',
          aggregateId: created.id,
          payload: { audience: created },
        }),
        () => conflict('An audience with this id already exists.'),
      );
    },
    async listAudiences(campaignId) {
      const snapshot = await readIn(context, audiences().where('campaignId', '==', campaignId));
      return snapshot.docs.map(toAudience).sort(newestFirst);
    },
  };
}

/**
 * The original product stored only creatorId and rootCompanyId, which held the promoted campaign; its
 * documents date from their creation.
 */
function createdAtOf(snapshot: DocumentSnapshot): unknown {
  const createdAt = instant(snapshot.data()?.createdAt) ?? snapshot.createTime?.toDate().toISOString();
  return typeof createdAt === 'string' ? utc(createdAt) : createdAt;
}

export function toPromotion(snapshot: DocumentSnapshot): Promotion {
  const data = snapshot.data() ?? {};
  return Promotion.parse({
    ...data,
    id: data.id ?? snapshot.id,
    campaignId: data.campaignId ?? data.rootCompanyId,
    createdAt: createdAtOf(snapshot),
  });
}

function toAudience(snapshot: DocumentSnapshot): Audience {
  const data = snapshot.data() ?? {};
  return Audience.parse({ ...data, id: data.id ?? snapshot.id, createdAt: createdAtOf(snapshot) });
}
