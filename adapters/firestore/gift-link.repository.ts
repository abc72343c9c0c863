import type { DocumentData, DocumentSnapshot } from 'firebase-admin/firestore';
import type { GiftLink, GiftLinkPurpose } from '@causeway/core/donor-gifts/gift-link.entity';
import type { GiftLinkRepository } from '@causeway/core/ports/gift-link.repository';
import { conflict } from '@causeway/core/shared/errors';
import { inUnit, isAlreadyExists, toIso, type FirestoreContext } from './firestore-context';

/** `giftLinks` collection; the document id is the link's id. */
export function createFirestoreGiftLinkRepository(context: FirestoreContext): GiftLinkRepository {
  const links = () => context.firestore.collection('giftLinks');

  return {
    async create(input) {
      const link: GiftLink = {
        ...input,
        email: input.email.toLowerCase(),
        createdAt: toIso(input.createdAt),
        expiresAt: toIso(input.expiresAt),
        usedAt: input.usedAt === null ? null : toIso(input.usedAt),
      };
      const sameHash = await links().where('tokenHash', '==', link.tokenHash).limit(1).get();
      if (!sameHash.empty) throw conflict('This gift link already exists.');
      await links()
        .doc(link.id)
        .create(link)
        .catch((error: unknown) => {
          throw isAlreadyExists(error) ? conflict(`A gift link with id ${link.id} already exists.`) : error;
        });
    },
    async findByHash(tokenHash) {
      const snapshot = await links().where('tokenHash', '==', tokenHash).limit(1).get();
      const doc = snapshot.docs[0];
      return doc ? fromDocument(doc) : null;
    },
    async use(id, at) {
      const usedAt = toIso(at);
      const document = links().doc(id);
      // In a transaction: should another use commit first, this one reads again and finds the link used.
      return inUnit(context, async (unit) => {
        const snapshot = await unit.get(document);
        if (!snapshot.exists || snapshot.get('usedAt') != null) return false;
        if (new Date(toIso(snapshot.get('expiresAt'))).getTime() <= new Date(usedAt).getTime()) return false;
        unit.update(document, { usedAt });
        return true;
      });
    },
    async countCreatedSince(email, purpose, since) {
      const from = new Date(since).getTime();
      // One equality filter needs no composite index; the purpose and time are compared here (a few a day).
      const snapshot = await links().where('email', '==', email.toLowerCase()).get();
      return snapshot.docs.filter(
        (doc) => doc.get('purpose') === purpose && new Date(toIso(doc.get('createdAt'))).getTime() >= from,
      ).length;
    },
  };
}

function fromDocument(snapshot: DocumentSnapshot): GiftLink {
  const data: DocumentData = snapshot.data() ?? {};
  return {
    id: snapshot.id,
    email: String(data.email),
    purpose: String(data.purpose) as GiftLinkPurpose,
    tokenHash: String(data.tokenHash),
    createdAt: toIso(data.createdAt),
    expiresAt: toIso(data.expiresAt),
    usedAt: data.usedAt == null ? null : toIso(data.usedAt),
  };
}
