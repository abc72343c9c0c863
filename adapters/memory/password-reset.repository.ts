import type { PasswordReset } from '@causeway/core/auth/password-reset.entity';
import type { PasswordResetRepository } from '@causeway/core/ports/password-reset.repository';
import { conflict } from '@causeway/core/shared/errors';
import { changeWithMemoryEvent, copy, insertRecord, type MemoryContext } from './memory-state';

/** Instants are kept as Postgres gives them back: UTC, millisecond precision. */
const utc = (value: string): string => new Date(value).toISOString();

export function createMemoryPasswordResetRepository(context: MemoryContext): PasswordResetRepository {
  const resets = () => context.state().table<PasswordReset>('passwordResets');
  const byHash = (tokenHash: string) => [...resets().values()].find((reset) => reset.tokenHash === tokenHash);

  return {
    async create(input) {
      await changeWithMemoryEvent(
        context,
        () => {
          if (byHash(input.tokenHash)) throw conflict('This password reset already exists.');
          const reset: PasswordReset = {
            ...input,
            email: input.email.toLowerCase(),
            createdAt: utc(input.createdAt),
            expiresAt: utc(input.expiresAt),
            usedAt: input.usedAt === null ? null : utc(input.usedAt),
          };
          return insertRecord(resets(), reset.id, reset, () =>
            conflict(`A password reset with id ${reset.id} already exists.`),
          );
        },
        () => null,
      );
    },
    async findByHash(tokenHash) {
      const reset = byHash(tokenHash);
      return reset ? copy(reset) : null;
    },
    use(id, at) {
      const usedAt = utc(at);
      return changeWithMemoryEvent(
        context,
        () => {
          const reset = resets().get(id);
          if (!reset || reset.usedAt !== null) return false;
          if (new Date(reset.expiresAt).getTime() <= new Date(usedAt).getTime()) return false;
          for (const [key, other] of resets()) {
            if (other.uid === reset.uid && other.usedAt === null) resets().set(key, { ...other, usedAt });
          }
          return true;
        },
        () => null,
      );
    },
    async countRequestedSince(email, since) {
      const lowered = email.toLowerCase();
      const from = new Date(since).getTime();
      return [...resets().values()].filter(
        (reset) => reset.email === lowered && new Date(reset.createdAt).getTime() >= from,
      ).length;
    },
  };
}
