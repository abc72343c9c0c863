import type { GiftLink } from '@causeway/core/donor-gifts/gift-link.entity';
import type { GiftLinkRepository } from '@causeway/core/ports/gift-link.repository';
import { conflict } from '@causeway/core/shared/errors';
import { changeWithMemoryEvent, copy, insertRecord, type MemoryContext } from './memory-state';

/** Instants are kept as Postgres gives them back: UTC, millisecond precision. */
const utc = (value: string): string => new Date(value).toISOString();

export function createMemoryGiftLinkRepository(context: MemoryContext): GiftLinkRepository {
  const links = () => context.state().table<GiftLink>('giftLinks');
  const byHash = (tokenHash: string) => [...links().values()].find((link) => link.tokenHash === tokenHash);

  return {
    async create(input) {
      await changeWithMemoryEvent(
        context,
        () => {
          if (byHash(input.tokenHash)) throw conflict('This gift link already exists.');
          const link: GiftLink = {
            ...input,
            email: input.email.toLowerCase(),
            createdAt: utc(input.createdAt),
            expiresAt: utc(input.expiresAt),
            usedAt: input.usedAt === null ? null : utc(input.usedAt),
          };
          return insertRecord(links(), link.id, link, () => conflict(`A gift link with id ${link.id} already exists.`));
        },
        () => null,
      );
    },
    async findByHash(tokenHash) {
      const link = byHash(tokenHash);
      return link ? copy(link) : null;
    },
    use(id, at) {
      const usedAt = utc(at);
      return changeWithMemoryEvent(
        context,
        () => {
          const link = links().get(id);
          if (!link || link.usedAt !== null) return false;
          if (new Date(link.expiresAt).getTime() <= new Date(usedAt).getTime()) return false;
          links().set(id, { ...link, usedAt });
          return true;
        },
        () => null,
      );
    },
    async countCreatedSince(email, purpose, since) {
      const lowered = email.toLowerCase();
      const from = new Date(since).getTime();
      return [...links().values()].filter(
        (link) => link.email === lowered && link.purpose === purpose && new Date(link.createdAt).getTime() >= from,
      ).length;
    },
  };
}
