import { Timestamp, type DocumentSnapshot } from 'firebase-admin/firestore';
import { EventTypes } from '../../core/events/domain-event';
import type { PromotionRepository } from '../../core/ports/promotion.repository';
import { Audience, Promotion } from '../../core/promotion/promotion.entity';
import { conflict } from '../../core/shared/errors';
import { changeWithFirestoreEvent, createUnread, isAlreadyExists, type FirestoreContext } from './firestore-context';

const utc = (value: string): string => new Date(value).toISOString();
/** Documents written by the original product hold Firestore Timestamps where we write ISO strings. */
const instant = (value: unknown): unknown => (value instanceof Timestamp ? value.toDate().toISOString() : value);
const newestFirst = <T extends { id: string; createdAt: string }>(a: T, b: T) =>
  b.createdAt.localeCompare(a.createdAt) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/** `promotions` and `audience` collections, document id = the record's id. */
export function createFirestorePromotionRepository(context: FirestoreContext): PromotionRepository {
  const promotions = () => context.firestore.collection('promotions');
  const audiences = () => context.firestore.collection('audience');
  const findExisting = async (creatorId: string, rootCompanyId: string) => {
    const snapshot = await promotions()
      .where('creatorId', '==', creatorId)
      .where('rootCompanyId', '==', rootCompanyId)
      .limit(1)
      .get();
    return snapshot.docs[0] ? toPromotion(snapshot.docs[0]) : null;
  };
  return {
    async promote(input) {
      const parsed = Promotion.parse(input);
      const existing = await findExisting(parsed.creatorId, parsed.rootCompanyId);
      if (existing) return existing;
      const promotion: Promotion = { ...parsed, createdAt: utc(parsed.createdAt) };
      try {
        return await changeWithFirestoreEvent(
          context,
          (batch) => {
            batch.create(promotions().doc(promotion.id), promotion);
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
        const winner = await findExisting(parsed.creatorId, parsed.rootCompanyId);
        if (winner) return winner;
        throw conflict('A promotion with this id already exists.');
      }
    },
    async findById(id) {
      const snapshot = await promotions().doc(id).get();
      return snapshot.exists ? toPromotion(snapshot) : null;
    },
    async listByCreator(creatorId) {
      const snapshot = await promotions().where('creatorId', '==', creatorId).get();
      return snapshot.docs.map(toPromotion).sort(newestFirst);
    },
    async listByRootCompany(rootCompanyId) {
      const snapshot = await promotions().where('rootCompanyId', '==', rootCompanyId).get();
      return snapshot.docs.map(toPromotion).sort(newestFirst);
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
      const snapshot = await audiences().where('campaignId', '==', campaignId).get();
      return snapshot.docs.map(toAudience).sort(newestFirst);
    },
  };
}

/** The original product stored only creatorId and rootCompanyId; its documents date from their creation. */
function createdAtOf(snapshot: DocumentSnapshot): unknown {
  const createdAt = instant(snapshot.data()?.createdAt) ?? snapshot.createTime?.toDate().toISOString();
  return typeof createdAt === 'string' ? utc(createdAt) : createdAt;
}

function toPromotion(snapshot: DocumentSnapshot): Promotion {
  const data = snapshot.data() ?? {};
  return Promotion.parse({ ...data, id: data.id ?? snapshot.id, createdAt: createdAtOf(snapshot) });
}

function toAudience(snapshot: DocumentSnapshot): Audience {
  const data = snapshot.data() ?? {};
  return Audience.parse({ ...data, id: data.id ?? snapshot.id, createdAt: createdAtOf(snapshot) });
}
