import type { DocumentData, DocumentReference } from 'firebase-admin/firestore';
import { EventTypes } from '@causeway/core/events/domain-event';
import type { CredentialRepository, StoredCredentials, StoredSession } from '@causeway/core/ports/identity.port';
import { conflict } from '@causeway/core/shared/errors';
import {
  changeWithFirestoreEvent,
  createUnread,
  type FirestoreContext,
  readIn,
  type FirestoreUnit,
} from './firestore-context';

// Firestore refuses a batch of more than 500 writes.
const BATCH_LIMIT = 500;

/** `credentials` (document id = uid) and `sessions` (document id = token hash) collections. */
export function createFirestoreCredentialRepository(context: FirestoreContext): CredentialRepository {
  const credentials = () => context.firestore.collection('credentials');
  const sessions = () => context.firestore.collection('sessions');

  /** Writes without an event, in the unit of work's batch when there is one. */
  const write = (change: (batch: FirestoreUnit) => void) => changeWithFirestoreEvent(context, change, () => null);

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
        readIn(context, credentials().doc(input.uid)),
        readIn(context, credentials().where('email', '==', email).limit(1)),
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
      const snapshot = await readIn(context, credentials().where('email', '==', email.toLowerCase()).limit(1));
      const doc = snapshot.docs[0];
      return doc ? toCredentials(doc.data()) : null;
    },
    async updatePasswordHash(uid, passwordHash, at) {
      if (!(await readIn(context, credentials().doc(uid))).exists) return false;
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
        readIn(context, credentials().doc(uid)),
        readIn(context, credentials().where('email', '==', lowered)),
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
      const own = await readIn(context, sessions().where('uid', '==', uid));
      await write((batch) => batch.delete(credentials().doc(uid)));
      await deleteAll(own.docs.map((doc) => doc.ref));
    },
    async createSession(session) {
      if (!(await readIn(context, credentials().doc(session.uid))).exists)
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
      const snapshot = await readIn(context, sessions().doc(tokenHash));
      return snapshot.exists ? toSession(snapshot.data() ?? {}) : null;
    },
    async renewSession(tokenHash, renewedAt, expiresAt) {
      if (!(await readIn(context, sessions().doc(tokenHash))).exists) return;
      await write((batch) => batch.update(sessions().doc(tokenHash), { renewedAt, expiresAt }));
    },
    async deleteSession(tokenHash) {
      await write((batch) => batch.delete(sessions().doc(tokenHash)));
    },
    async deleteSessionsOf(uid) {
      const own = await readIn(context, sessions().where('uid', '==', uid));
      await deleteAll(own.docs.map((doc) => doc.ref));
    },
    async purgeExpiredSessions(now) {
      const expired = await readIn(context, sessions().where('expiresAt', '<=', now));
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
