import type { DocumentData, DocumentSnapshot } from 'firebase-admin/firestore';
import { EventTypes, type PendingEvent } from '@causeway/core/events/domain-event';
import type { RegistrationTokenRepository } from '@causeway/core/ports/registration-token.repository';
import { RegistrationToken, publicTokenFields } from '@causeway/core/registration/registration-token.entity';
import { conflict } from '@causeway/core/shared/errors';
import { createDocument, toIso, type FirestoreContext, readIn, inUnit } from './firestore-context';

const newestFirst = (a: RegistrationToken, b: RegistrationToken) =>
  descending(a.createdAt, b.createdAt) || descending(a.id, b.id);
const descending = (a: string, b: string): number => (a < b ? 1 : a > b ? -1 : 0);

/** `registrationTokens` collection; the document id is the token's id. */
export function createFirestoreRegistrationTokenRepository(context: FirestoreContext): RegistrationTokenRepository {
  const tokens = () => context.firestore.collection('registrationTokens');
  const usedEvent = (id: string, usedAt: string, uid: string): PendingEvent => ({
    type: EventTypes.registrationTokenUsed,
    aggregateType: 'registrationToken',
    aggregateId: id,
    payload: { id, usedAt, usedBy: uid },
  });

  return {
    async create(input) {
      const parsed = RegistrationToken.parse(input);
      const token: RegistrationToken = {
        ...parsed,
        createdAt: toIso(parsed.createdAt),
        expiresAt: toIso(parsed.expiresAt),
        usedAt: parsed.usedAt === null ? null : toIso(parsed.usedAt),
      };
      const sameHash = await readIn(context, tokens().where('tokenHash', '==', token.tokenHash).limit(1));
      if (!sameHash.empty) throw conflict('This registration token already exists.');
      return createDocument(
        context,
        tokens().doc(token.id),
        token,
        (created) => ({
          type: EventTypes.registrationTokenCreated,
          aggregateType: 'registrationToken',
          aggregateId: created.id,
          payload: { registrationToken: publicTokenFields(created) },
        }),
        () => conflict(`A registration token with id ${token.id} already exists.`),
      );
    },
    async findByHash(tokenHash) {
      const snapshot = await readIn(context, tokens().where('tokenHash', '==', tokenHash).limit(1));
      const doc = snapshot.docs[0];
      return doc ? fromDocument(doc) : null;
    },
    async findById(id) {
      const snapshot = await readIn(context, tokens().doc(id));
      return snapshot.exists ? fromDocument(snapshot) : null;
    },
    async markUsed(id, at, uid) {
      const usedAt = toIso(at);
      const document = tokens().doc(id);
      // In a transaction (the unit of work's, or one of its own): should another use commit first, this one
      // reads it used, or loses the race and is tried again.
      return inUnit(context, async (transaction) => {
        const snapshot = await transaction.get(document);
        if (!snapshot.exists || snapshot.get('usedAt') != null) return false;
        transaction.update(document, { usedAt, usedBy: uid });
        transaction.addEvent(usedEvent(id, usedAt, uid));
        return true;
      });
    },
    async listPending(organizationId, now) {
      const at = new Date(now).getTime();
      // Used and expired tokens are left out here: one equality filter needs no composite index.
      const snapshot = await readIn(context, tokens().where('organizationId', '==', organizationId));
      return snapshot.docs
        .map(fromDocument)
        .filter((token) => token.usedAt === null && new Date(token.expiresAt).getTime() > at)
        .sort(newestFirst);
    },
  };
}

function fromDocument(snapshot: DocumentSnapshot): RegistrationToken {
  const data: DocumentData = snapshot.data() ?? {};
  return RegistrationToken.parse({
    ...data,
    id: snapshot.id,
    createdAt: toIso(data.createdAt),
    expiresAt: toIso(data.expiresAt),
    usedAt: data.usedAt == null ? null : toIso(data.usedAt),
    usedBy: data.usedBy ?? null,
  });
}
