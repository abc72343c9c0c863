import type { DocumentData, DocumentReference, WriteBatch } from 'firebase-admin/firestore';
import { EventTypes } from '../../core/events/domain-event';
import type { CredentialRepository, StoredCredentials, StoredSession } from '../../core/ports/identity.port';
import { conflict } from '../../core/shared/errors';
import { changeWithFirestoreEvent, createUnread, type FirestoreContext } from './firestore-context';

// Firestore refuses a batch of more than 500 writes.
const BATCH_LIMIT = 500;

/** `credentials` (document id = uid) and `sessions` (document id = token hash) collections. */
export function createFirestoreCredentialRepository(context: FirestoreContext): CredentialRepository {
  const credentials = () => context.firestore.collection('credentials');
  const sessions = () => context.firestore.collection('sessions');

  /** Writes without an event, in the unit of work's batch when there is one. */
  const write = (change: (batch: WriteBatch) => void) => changeWithFirestoreEvent(context, change, () => null);

  const deleteAll = async (refs: DocumentReference[]) => {
    for (let start = 0; start < refs.length; start += BATCH_LIMIT) {
      await write((batch) => {
        for (const ref of refs.slice(start, start + BATCH_LIMIT)) batch.delete(ref);
      });
    }
  };

  return {
    async createCredentials(input) {
      const email = input.email.toLowerCase();
      const [own, sameEmail] = await Promise.all([
        credentials().doc(input.uid).get(),
        credentials().where('email', '==', email).limit(1).get(),
      ]);
      if (own.exists || !sameEmail.empty) throw accountTaken();
      const stored: StoredCredentials = {
        uid: input.uid,
        email,
        passwordHash: input.passwordHash,
        createdAt: input.createdAt,
        updatedAt: input.updatedAt,
      };
      // Read above, with the e-mail: a taken uid or e-mail is refused before a unit of work commits.
      await createUnread(
        context,
        credentials().doc(input.uid),
        stored,
        () => ({
          type: EventTypes.credentialsSet,
          aggregateType: 'identity',
          aggregateId: input.uid,
          payload: { uid: input.uid, email },
        }),
        accountTaken,
      );
    },
    async findCredentialsByEmail(email) {
      const snapshot = await credentials().where('email', '==', email.toLowerCase()).limit(1).get();
      const doc = snapshot.docs[0];
      return doc ? toCredentials(doc.data()) : null;
    },
    async updatePasswordHash(uid, passwordHash, at) {
      if (!(await credentials().doc(uid).get()).exists) return false;
      return changeWithFirestoreEvent(
        context,
        (batch) => {
          batch.update(credentials().doc(uid), { passwordHash, updatedAt: at });
          return true;
        },
        () => ({ type: EventTypes.credentialsSet, aggregateType: 'identity', aggregateId: uid, payload: { uid } }),
      );
    },
    async updateEmail(uid, email, at) {
      const lowered = email.toLowerCase();
      const [own, sameEmail] = await Promise.all([
        credentials().doc(uid).get(),
        credentials().where('email', '==', lowered).get(),
      ]);
      if (!own.exists) return false;
      if (sameEmail.docs.some((doc) => doc.id !== uid)) throw accountTaken();
      return changeWithFirestoreEvent(
        context,
        (batch) => {
          batch.update(credentials().doc(uid), { email: lowered, updatedAt: at });
          return true;
        },
        () => ({
          type: EventTypes.credentialsSet,
          aggregateType: 'identity',
          aggregateId: uid,
          payload: { uid, email: lowered },
        }),
      );
    },
    async deleteCredentials(uid) {
      const own = await sessions().where('uid', '==', uid).get();
      await write((batch) => batch.delete(credentials().doc(uid)));
      await deleteAll(own.docs.map((doc) => doc.ref));
    },
    async createSession(session) {
      if (!(await credentials().doc(session.uid).get()).exists)
        throw new Error(`No credentials for uid ${session.uid}`);
      const stored: StoredSession = {
        tokenHash: session.tokenHash,
        uid: session.uid,
        createdAt: session.createdAt,
        renewedAt: session.renewedAt,
        expiresAt: session.expiresAt,
      };
      await write((batch) => batch.set(sessions().doc(session.tokenHash), stored));
    },
    async findSession(tokenHash) {
      const snapshot = await sessions().doc(tokenHash).get();
      return snapshot.exists ? toSession(snapshot.data() ?? {}) : null;
    },
    async renewSession(tokenHash, renewedAt, expiresAt) {
      if (!(await sessions().doc(tokenHash).get()).exists) return;
      await write((batch) => batch.update(sessions().doc(tokenHash), { renewedAt, expiresAt }));
    },
    async deleteSession(tokenHash) {
      await write((batch) => batch.delete(sessions().doc(tokenHash)));
    },
    async deleteSessionsOf(uid) {
      const own = await sessions().where('uid', '==', uid).get();
      await deleteAll(own.docs.map((doc) => doc.ref));
    },
    async purgeExpiredSessions(now) {
      const expired = await sessions().where('expiresAt', '<=', now).get();
      await deleteAll(expired.docs.map((doc) => doc.ref));
      return expired.size;
    },
  };
}

const accountTaken = () => conflict('An account with this e-mail already exists.');

function toCredentials(data: DocumentData): StoredCredentials {
  return {
    uid: String(data.uid),
    email: String(data.email),
    passwordHash: String(data.passwordHash),
    createdAt: String(data.createdAt),
    updatedAt: String(data.updatedAt),
  };
}

function toSession(data: DocumentData): StoredSession {
  return {
    tokenHash: String(data.tokenHash),
    uid: String(data.uid),
    createdAt: String(data.createdAt),
    renewedAt: String(data.renewedAt),
    expiresAt: String(data.expiresAt),
  };
}
