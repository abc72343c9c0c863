import type { DocumentData, DocumentSnapshot } from 'firebase-admin/firestore';
import { FundraiserPage } from '@causeway/core/promotion/fundraiser-page.entity';
import type { FundraiserPageRepository } from '@causeway/core/ports/fundraiser-page.repository';
import { conflict } from '@causeway/core/shared/errors';
import { changeWithFirestoreEvent, readIn, toIso, type FirestoreContext } from './firestore-context';

const byId = (a: FundraiserPage, b: FundraiserPage) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const oldestFirst = (a: FundraiserPage, b: FundraiserPage) => a.createdAt.localeCompare(b.createdAt) || byId(a, b);
const newestFirst = (a: FundraiserPage, b: FundraiserPage) => b.createdAt.localeCompare(a.createdAt) || byId(b, a);

/**
 * `fundraiserPages` collection. The document of a promoter's page for a campaign is named after the pair
 * (the campaign id's length first, so no two pairs share a name): two first saves at once meet on one
 * document, and the later changes its content alone. The page's own id is a field.
 */
export function createFirestoreFundraiserPageRepository(context: FirestoreContext): FundraiserPageRepository {
  const collection = () => context.firestore.collection('fundraiserPages');
  const documentOf = (campaignId: string, promoterId: string) =>
    collection().doc(`${campaignId.length}-${campaignId}-${promoterId}`);
  const list = async (field: string, value: string, order: typeof oldestFirst) => {
    const snapshot = await readIn(context, collection().where(field, '==', value));
    return snapshot.docs.map(fromDocument).sort(order);
  };

  return {
    async save(input) {
      const page = FundraiserPage.parse(input);
      const stored: FundraiserPage = {
        ...page,
        createdAt: toIso(page.createdAt),
        updatedAt: toIso(page.updatedAt),
        hiddenAt: page.hiddenAt === null ? null : toIso(page.hiddenAt),
      };
      const document = documentOf(page.campaignId, page.promoterId);
      return changeWithFirestoreEvent(
        context,
        async (unit) => {
          const existing = await unit.get(document);
          if (!existing.exists) {
            const sameId = await unit.get(collection().where('id', '==', page.id).limit(1));
            if (!sameId.empty) throw conflict(`A fundraising page with id ${page.id} already exists.`);
            unit.set(document, stored);
            return stored;
          }
          const { headline, story, photo, goalCents, showOnLeaderboard, updatedAt } = stored;
          const content = { headline, story, photo, goalCents, showOnLeaderboard, updatedAt };
          unit.update(document, content);
          return { ...fromDocument(existing), ...content };
        },
        () => null,
      );
    },
    async find(campaignId, promoterId) {
      const snapshot = await readIn(context, documentOf(campaignId, promoterId));
      return snapshot.exists ? fromDocument(snapshot) : null;
    },
    listByCampaign: (campaignId) => list('campaignId', campaignId, oldestFirst),
    listByPromoter: (promoterId) => list('promoterId', promoterId, newestFirst),
    listByOrganization: (organizationId) => list('organizationId', organizationId, newestFirst),
    setVisibility(campaignId, promoterId, visibility) {
      const document = documentOf(campaignId, promoterId);
      return changeWithFirestoreEvent(
        context,
        async (unit) => {
          const existing = await unit.get(document);
          if (!existing.exists) return null;
          const change = {
            hidden: visibility.hidden,
            hiddenReason: visibility.hidden ? visibility.reason : null,
            hiddenAt: visibility.hidden ? toIso(visibility.at) : null,
            hiddenBy: visibility.hidden ? visibility.by : null,
          };
          unit.update(document, change);
          return { ...fromDocument(existing), ...change };
        },
        () => null,
      );
    },
  };
}

function fromDocument(snapshot: DocumentSnapshot): FundraiserPage {
  const data: DocumentData = snapshot.data() ?? {};
  return FundraiserPage.parse({
    ...data,
    photo: data.photo ?? null,
    hiddenReason: data.hiddenReason ?? null,
    hiddenAt: data.hiddenAt == null ? null : toIso(data.hiddenAt),
    hiddenBy: data.hiddenBy ?? null,
    createdAt: toIso(data.createdAt),
    updatedAt: toIso(data.updatedAt),
  });
}
