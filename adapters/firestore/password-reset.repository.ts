import type { DocumentData, DocumentSnapshot } from 'firebase-admin/firestore';
import type { PasswordReset } from '@causeway/core/auth/password-reset.entity';
import type { PasswordResetRepository } from '@causeway/core/ports/password-reset.repository';
import { conflict } from '@causeway/core/shared/errors';
import { changeWithFirestoreEvent, inUnit, isAlreadyExists, toIso, type FirestoreContext } from './firestore-context';

/** `passwordResets` collection; the document id is the reset's id. */
export function createFirestorePasswordResetRepository(context: FirestoreContext): PasswordResetRepository {
  const resets = () => context.firestore.collection('passwordResets');
  const usable = (snapshot: DocumentSnapshot, at: string) =>
    snapshot.exists &&
    snapshot.get('usedAt') == null &&
    new Date(toIso(snapshot.get('expiresAt'))).getTime() > new Date(at).getTime();

  return {
    async create(input) {
      const reset: PasswordReset = {
        ...input,
        email: input.email.toLowerCase(),
        createdAt: toIso(input.createdAt),
        expiresAt: toIso(input.expiresAt),
        usedAt: input.usedAt === null ? null : toIso(input.usedAt),
      };
      const sameHash = await resets().where('tokenHash', '==', reset.tokenHash).limit(1).get();
      if (!sameHash.empty) throw conflict('This password reset already exists.');
      const taken = () => conflict(`A password reset with id ${reset.id} already exists.`);
      if ((await resets().doc(reset.id).get()).exists) throw taken();
      await changeWithFirestoreEvent(
        context,
        (batch) => batch.create(resets().doc(reset.id), reset),
        () => null,
      ).catch((error: unknown) => {
        throw isAlreadyExists(error) ? taken() : error;
      });
    },
    async findByHash(tokenHash) {
      const snapshot = await resets().where('tokenHash', '==', tokenHash).limit(1).get();
      const doc = snapshot.docs[0];
      return doc ? fromDocument(doc) : null;
    },
    async use(id, at) {
      const usedAt = toIso(at);
      const document = resets().doc(id);
      // In the unit of work's transaction (or one of its own): should another use commit first, this one
      // reads again and finds the reset used.
      return inUnit(context, async (unit) => {
        const snapshot = await unit.get(document);
        if (!usable(snapshot, usedAt)) return false;
        const others = await unit.get(resets().where('uid', '==', snapshot.get('uid')));
        unit.update(document, { usedAt });
        for (const other of others.docs) {
          if (other.id !== id && other.get('usedAt') == null) unit.update(other.ref, { usedAt });
        }
        return true;
      });
    },
    async countRequestedSince(email, since) {
      const from = new Date(since).getTime();
      // One equality filter needs no composite index; the time is compared here.
      const snapshot = await resets().where('email', '==', email.toLowerCase()).get();
      return snapshot.docs.filter((doc) => new Date(toIso(doc.get('createdAt'))).getTime() >= from).length;
    },
  };
}

function fromDocument(snapshot: DocumentSnapshot): PasswordReset {
  const data: DocumentData = snapshot.data() ?? {};
  return {
    id: snapshot.id,
    uid: String(data.uid),
    email: String(data.email),
    tokenHash: String(data.tokenHash),
    createdAt: toIso(data.createdAt),
    expiresAt: toIso(data.expiresAt),
    usedAt: data.usedAt == null ? null : toIso(data.usedAt),
  };
}
