import type { Selectable } from 'kysely';
import type { PasswordReset } from '@causeway/core/auth/password-reset.entity';
import type { PasswordResetRepository } from '@causeway/core/ports/password-reset.repository';
import type { PasswordResetsTable } from './tables/registration.tables';
import { changeWithEvent, conflictOn, iso, isoOrNull, type PgContext } from './transaction';

export function createPostgresPasswordResetRepository(context: PgContext): PasswordResetRepository {
  const { db } = context;
  return {
    async create(reset) {
      await db
        .insertInto('password_resets')
        .values({
          id: reset.id,
          uid: reset.uid,
          email: reset.email.toLowerCase(),
          token_hash: reset.tokenHash,
          created_at: reset.createdAt,
          expires_at: reset.expiresAt,
          used_at: reset.usedAt,
        })
        .execute()
        .catch(conflictOn(`A password reset with id ${reset.id} or the same token already exists.`));
    },
    async findByHash(tokenHash) {
      const row = await db
        .selectFrom('password_resets')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      return row ? toReset(row) : null;
    },
    async use(id, at) {
      const usedAt = new Date(at);
      return changeWithEvent(
        context,
        async (trx) => {
          // Checked under the row's lock: of two concurrent uses, the later re-reads the row and matches nothing.
          const used = await trx
            .updateTable('password_resets')
            .set({ used_at: usedAt })
            .where('id', '=', id)
            .where('used_at', 'is', null)
            .where('expires_at', '>', usedAt)
            .returning('uid')
            .executeTakeFirst();
          if (!used) return false;
          await trx
            .updateTable('password_resets')
            .set({ used_at: usedAt })
            .where('uid', '=', used.uid)
            .where('used_at', 'is', null)
            .execute();
          return true;
        },
        () => null,
      );
    },
    async countRequestedSince(email, since) {
      const row = await db
        .selectFrom('password_resets')
        .select((eb) => eb.fn.countAll<string | number>().as('count'))
        .where('email', '=', email.toLowerCase())
        .where('created_at', '>=', new Date(since))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
  };
}

function toReset(row: Selectable<PasswordResetsTable>): PasswordReset {
  return {
    id: row.id,
    uid: row.uid,
    email: row.email,
    tokenHash: row.token_hash,
    createdAt: iso(row.created_at),
    expiresAt: iso(row.expires_at),
    usedAt: isoOrNull(row.used_at),
  };
}
