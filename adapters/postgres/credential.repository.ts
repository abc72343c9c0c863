import type { Selectable } from 'kysely';
import { EventTypes } from '@causeway/core/events/domain-event';
import type { CredentialRepository, StoredCredentials, StoredSession } from '@causeway/core/ports/identity.port';
import type { CredentialsTable, SessionsTable } from './tables/foundation.tables';
import { changeWithEvent, conflictOn, iso, type PgContext } from './transaction';

export function createPostgresCredentialRepository(context: PgContext): CredentialRepository {
  const { db } = context;
  return {
    async createCredentials(credentials) {
      await changeWithEvent(
        context,
        (trx) =>
          trx
            .insertInto('credentials')
            .values({
              uid: credentials.uid,
              email: credentials.email.toLowerCase(),
              password_hash: credentials.passwordHash,
              created_at: credentials.createdAt,
              updated_at: credentials.updatedAt,
            })
            .execute(),
        () => ({
          type: EventTypes.credentialsSet,
          aggregateType: 'identity',
          aggregateId: credentials.uid,
          payload: { uid: credentials.uid, email: credentials.email.toLowerCase() },
        }),
      ).catch(conflictOn('An account with this e-mail already exists.'));
    },
    async findCredentialsByEmail(email) {
      const row = await db
        .selectFrom('credentials')
        .selectAll()
        .where('email', '=', email.toLowerCase())
        .executeTakeFirst();
      return row ? toCredentials(row) : null;
    },
    async updatePasswordHash(uid, passwordHash, at) {
      return changeWithEvent(
        context,
        async (trx) => {
          const result = await trx
            .updateTable('credentials')
            .set({ password_hash: passwordHash, updated_at: at })
            .where('uid', '=', uid)
            .executeTakeFirst();
          return Number(result.numUpdatedRows) > 0;
        },
        (changed) =>
          changed
            ? { type: EventTypes.credentialsSet, aggregateType: 'identity', aggregateId: uid, payload: { uid } }
            : null,
      );
    },
    async updateEmail(uid, email, at) {
      const lowered = email.toLowerCase();
      return changeWithEvent(
        context,
        async (trx) => {
          const result = await trx
            .updateTable('credentials')
            .set({ email: lowered, updated_at: at })
            .where('uid', '=', uid)
            .executeTakeFirst();
          return Number(result.numUpdatedRows) > 0;
        },
        (changed) =>
          changed
            ? {
                type: EventTypes.credentialsSet,
                aggregateType: 'identity',
                aggregateId: uid,
                payload: { uid, email: lowered },
              }
            : null,
      ).catch(conflictOn('An account with this e-mail already exists.'));
    },
    async deleteCredentials(uid) {
      await db.deleteFrom('credentials').where('uid', '=', uid).execute();
    },
    async createSession(session) {
      await db
        .insertInto('sessions')
        .values({
          token_hash: session.tokenHash,
          uid: session.uid,
          created_at: session.createdAt,
          renewed_at: session.renewedAt,
          expires_at: session.expiresAt,
        })
        .execute();
    },
    async findSession(tokenHash) {
      const row = await db.selectFrom('sessions').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
      return row ? toSession(row) : null;
    },
    async renewSession(tokenHash, renewedAt, expiresAt) {
      await db
        .updateTable('sessions')
        .set({ renewed_at: renewedAt, expires_at: expiresAt })
        .where('token_hash', '=', tokenHash)
        .execute();
    },
    async deleteSession(tokenHash) {
      await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
    },
    async deleteSessionsOf(uid) {
      await db.deleteFrom('sessions').where('uid', '=', uid).execute();
    },
    async purgeExpiredSessions(now) {
      const result = await db.deleteFrom('sessions').where('expires_at', '<=', new Date(now)).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

function toCredentials(row: Selectable<CredentialsTable>): StoredCredentials {
  return {
    uid: row.uid,
    email: row.email,
    passwordHash: row.password_hash,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

function toSession(row: Selectable<SessionsTable>): StoredSession {
  return {
    tokenHash: row.token_hash,
    uid: row.uid,
    createdAt: iso(row.created_at),
    renewedAt: iso(row.renewed_at),
    expiresAt: iso(row.expires_at),
  };
}
