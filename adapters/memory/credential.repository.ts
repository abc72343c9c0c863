import { EventTypes } from '@causeway/core/events/domain-event';
import type { CredentialRepository, StoredCredentials, StoredSession } from '@causeway/core/ports/identity.port';
import { conflict } from '@causeway/core/shared/errors';
import { changeWithMemoryEvent, copy, type MemoryContext } from './memory-state';

export function createMemoryCredentialRepository(context: MemoryContext): CredentialRepository {
  const credentials = () => context.state().table<StoredCredentials>('credentials');
  const sessions = () => context.state().table<StoredSession>('sessions');
  return {
    async createCredentials(input) {
      await changeWithMemoryEvent(
        context,
        () => {
          const email = input.email.toLowerCase();
          const taken = credentials().has(input.uid) || [...credentials().values()].some((c) => c.email === email);
          if (taken) throw conflict('An account with this e-mail already exists.');
          credentials().set(input.uid, { ...copy(input), email });
          return email;
        },
        (email) => ({
          type: EventTypes.credentialsSet,
          aggregateType: 'identity',
          aggregateId: input.uid,
          payload: { uid: input.uid, email },
        }),
      );
    },
    async findCredentialsByEmail(email) {
      const found = [...credentials().values()].find((c) => c.email === email.toLowerCase());
      return found ? copy(found) : null;
    },
    updatePasswordHash(uid, passwordHash, at) {
      return changeWithMemoryEvent(
        context,
        () => {
          const existing = credentials().get(uid);
          if (!existing) return false;
          credentials().set(uid, { ...existing, passwordHash, updatedAt: at });
          return true;
        },
        (changed) =>
          changed
            ? { type: EventTypes.credentialsSet, aggregateType: 'identity', aggregateId: uid, payload: { uid } }
            : null,
      );
    },
    updateEmail(uid, email, at) {
      return changeWithMemoryEvent(
        context,
        () => {
          const existing = credentials().get(uid);
          if (!existing) return null;
          const lowered = email.toLowerCase();
          if ([...credentials().values()].some((c) => c.email === lowered && c.uid !== uid)) {
            throw conflict('An account with this e-mail already exists.');
          }
          credentials().set(uid, { ...existing, email: lowered, updatedAt: at });
          return lowered;
        },
        (changed) =>
          changed === null
            ? null
            : {
                type: EventTypes.credentialsSet,
                aggregateType: 'identity',
                aggregateId: uid,
                payload: { uid, email: changed },
              },
      ).then((changed) => changed !== null);
    },
    deleteCredentials(uid) {
      return context.exclusive(() => {
        credentials().delete(uid);
        for (const [hash, session] of sessions()) if (session.uid === uid) sessions().delete(hash);
      });
    },
    createSession(session) {
      return context.exclusive(() => {
        if (!credentials().has(session.uid)) throw new Error(`No credentials for uid ${session.uid}`);
        sessions().set(session.tokenHash, copy(session));
      });
    },
    async findSession(tokenHash) {
      const session = sessions().get(tokenHash);
      return session ? copy(session) : null;
    },
    renewSession(tokenHash, renewedAt, expiresAt) {
      return context.exclusive(() => {
        const session = sessions().get(tokenHash);
        if (session) sessions().set(tokenHash, { ...session, renewedAt, expiresAt });
      });
    },
    deleteSession(tokenHash) {
      return context.exclusive(() => {
        sessions().delete(tokenHash);
      });
    },
    deleteSessionsOf(uid) {
      return context.exclusive(() => {
        for (const [hash, session] of sessions()) if (session.uid === uid) sessions().delete(hash);
      });
    },
    purgeExpiredSessions(now) {
      return context.exclusive(() => {
        let removed = 0;
        for (const [hash, session] of sessions()) {
          if (session.expiresAt <= now) {
            sessions().delete(hash);
            removed++;
          }
        }
        return removed;
      });
    },
  };
}
