import { EventTypes } from '@causeway/core/events/domain-event';
import type { RegistrationTokenRepository } from '@causeway/core/ports/registration-token.repository';
import { RegistrationToken, publicTokenFields } from '@causeway/core/registration/registration-token.entity';
import { conflict } from '@causeway/core/shared/errors';
import { changeWithMemoryEvent, copy, insertRecord, newestFirstByCodeUnit, type MemoryContext } from './memory-state';

/** Instants are kept as Postgres gives them back: UTC, millisecond precision. */
const utc = (value: string): string => new Date(value).toISOString();

const newestFirst = newestFirstByCodeUnit<RegistrationToken>(
  (token) => token.createdAt,
  (token) => token.id,
);

export function createMemoryRegistrationTokenRepository(context: MemoryContext): RegistrationTokenRepository {
  const tokens = () => context.state().table<RegistrationToken>('registrationTokens');
  const byHash = (tokenHash: string) => [...tokens().values()].find((token) => token.tokenHash === tokenHash);

  return {
    create(input) {
      return changeWithMemoryEvent(
        context,
        () => {
          const parsed = RegistrationToken.parse(input);
          const token: RegistrationToken = {
            ...parsed,
            createdAt: utc(parsed.createdAt),
            expiresAt: utc(parsed.expiresAt),
            usedAt: parsed.usedAt === null ? null : utc(parsed.usedAt),
          };
          if (byHash(token.tokenHash)) throw conflict('This registration token already exists.');
          return insertRecord(tokens(), token.id, token, () =>
            conflict(`A registration token with id ${token.id} already exists.`),
          );
        },
        (created) => ({
          type: EventTypes.registrationTokenCreated,
          aggregateType: 'registrationToken',
          aggregateId: created.id,
          payload: { registrationToken: publicTokenFields(created) },
        }),
      );
    },
    async findByHash(tokenHash) {
      const token = byHash(tokenHash);
      return token ? copy(token) : null;
    },
    async findById(id) {
      const token = tokens().get(id);
      return token ? copy(token) : null;
    },
    markUsed(id, at, uid) {
      const usedAt = utc(at);
      return changeWithMemoryEvent(
        context,
        () => {
          const token = tokens().get(id);
          if (!token || token.usedAt !== null) return false;
          tokens().set(id, { ...token, usedAt, usedBy: uid });
          return true;
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
      const at = new Date(now).getTime();
      return [...tokens().values()]
        .filter(
          (token) =>
            token.organizationId === organizationId &&
            token.usedAt === null &&
            new Date(token.expiresAt).getTime() > at,
        )
        .sort(newestFirst)
        .map(copy);
    },
  };
}
