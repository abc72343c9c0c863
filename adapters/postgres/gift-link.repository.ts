import type { Selectable } from 'kysely';
import type { GiftLink, GiftLinkPurpose } from '@causeway/core/donor-gifts/gift-link.entity';
import type { GiftLinkRepository } from '@causeway/core/ports/gift-link.repository';
import type { GiftLinksTable } from './tables/gift-link.tables';
import { conflictOn, iso, isoOrNull, type PgContext } from './transaction';

export function createPostgresGiftLinkRepository(context: PgContext): GiftLinkRepository {
  const { db } = context;
  return {
    async create(link) {
      await db
        .insertInto('gift_links')
        .values({
          id: link.id,
          email: link.email.toLowerCase(),
          purpose: link.purpose,
          token_hash: link.tokenHash,
          created_at: link.createdAt,
          expires_at: link.expiresAt,
          used_at: link.usedAt,
        })
        .execute()
        .catch(conflictOn(`A gift link with id ${link.id} or the same token already exists.`));
    },
    async findByHash(tokenHash) {
      const row = await db.selectFrom('gift_links').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
      return row ? toGiftLink(row) : null;
    },
    async use(id, at) {
      const usedAt = new Date(at);
      // One statement: of two concurrent uses, the later re-reads the row under its lock and matches nothing.
      const used = await db
        .updateTable('gift_links')
        .set({ used_at: usedAt })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .where('expires_at', '>', usedAt)
        .returning('id')
        .executeTakeFirst();
      return used !== undefined;
    },
    async countCreatedSince(email, purpose, since) {
      const row = await db
        .selectFrom('gift_links')
        .select((eb) => eb.fn.countAll<string | number>().as('count'))
        .where('email', '=', email.toLowerCase())
        .where('purpose', '=', purpose)
        .where('created_at', '>=', new Date(since))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
  };
}

function toGiftLink(row: Selectable<GiftLinksTable>): GiftLink {
  return {
    id: row.id,
    email: row.email,
    purpose: row.purpose as GiftLinkPurpose,
    tokenHash: row.token_hash,
    createdAt: iso(row.created_at),
    expiresAt: iso(row.expires_at),
    usedAt: isoOrNull(row.used_at),
  };
}
