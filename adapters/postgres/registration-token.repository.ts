import type { Selectable } from 'kysely';
import { EventTypes } from '@causeway/core/events/domain-event';
import type { RegistrationTokenRepository } from '@causeway/core/ports/registration-token.repository';
import { RegistrationToken, publicTokenFields } from '@causeway/core/registration/registration-token.entity';
import type { RegistrationTokensTable } from './tables/registration.tables';
import { changeWithEvent, conflictOn, iso, isoOrNull, type PgContext } from './transaction';

export function createPostgresRegistrationTokenRepository(context: PgContext): RegistrationTokenRepository {
  const { db } = context;
  return {
    async create(input) {
      const token = RegistrationToken.parse(input);
      return changeWithEvent(
        context,
        async (trx) => {
          const row = await trx
            .insertInto('registration_tokens')
            .values({
              id: token.id,
              email: token.email,
              name: token.name,
              organization_id: token.organizationId,
              account_type: token.accountType,
              token_hash: token.tokenHash,
              created_by: token.createdBy,
              created_at: token.createdAt,
              expires_at: token.expiresAt,
              used_at: token.usedAt,
              used_by: token.usedBy,
            })
            .returningAll()
            .executeTakeFirstOrThrow();
          return toToken(row);
        },
        (created) => ({
          type: EventTypes.registrationTokenCreated,
          aggregateType: 'registrationToken',
          aggregateId: created.id,
          payload: { registrationToken: publicTokenFields(created) },
        }),
      ).catch(conflictOn(`A registration token with id ${token.id} or the same token already exists.`));
    },
    async findByHash(tokenHash) {
      const row = await db
        .selectFrom('registration_tokens')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      return row ? toToken(row) : null;
    },
    async findById(id) {
      const row = await db.selectFrom('registration_tokens').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toToken(row) : null;
    },
    async markUsed(id, at, uid) {
      const usedAt = iso(at);
      return changeWithEvent(
        context,
        async (trx) => {
          // The condition is checked under the row's lock: of two concurrent updates, the later one
          // re-reads the row after the first commits and matches nothing.
          const result = await trx
            .updateTable('registration_tokens')
            .set({ used_at: usedAt, used_by: uid })
            .where('id', '=', id)
            .where('used_at', 'is', null)
            .executeTakeFirst();
          return Number(result.numUpdatedRows) === 1;
        },
        (marked) =>
          marked
            ? {
                type: EventTypes.registrationTokenUsed,
                aggregateType: 'registrationToken',
                aggregateId: id,
                payload: { id, usedAt, usedBy: uid },
              }
            : null,
      );
    },
    async listPending(organizationId, now) {
      const rows = await db
        .selectFrom('registration_tokens')
        .selectAll()
        .where('organization_id', '=', organizationId)
        .where('used_at', 'is', null)
        .where('expires_at', '>', new Date(now))
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toToken);
    },
  };
}

function toToken(row: Selectable<RegistrationTokensTable>): RegistrationToken {
  return RegistrationToken.parse({
    id: row.id,
    email: row.email,
    name: row.name,
    organizationId: row.organization_id,
    accountType: row.account_type,
    tokenHash: row.token_hash,
    createdBy: row.created_by,
    createdAt: iso(row.created_at),
    expiresAt: iso(row.expires_at),
    usedAt: isoOrNull(row.used_at),
    usedBy: row.used_by,
  });
}
