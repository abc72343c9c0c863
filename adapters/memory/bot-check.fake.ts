import { randomBytes } from 'node:crypto';
import type { BotCheck } from '@causeway/core/ports/bot-check.port';
import type { Clock } from '@causeway/core/ports/clock.port';

const DEFAULT_TTL_MS = 5 * 60 * 1000;

/**
 * A bot check anyone can pass on purpose: the solution is the challenge followed by "ok". It still
 * keeps the contract: unknown, expired and replayed solutions are refused.
 */
export function createMemoryBotCheck(clock: Clock, options: { ttlMs?: number } = {}): BotCheck {
  const ttlMs = options.ttlMs ?? DEFAULT_TTL_MS;
  const open = new Map<string, number>();

  return {
    kind: 'captcha',

    async issueChallenge() {
      const now = clock.now().getTime();
      for (const [challenge, expiresAt] of open) if (expiresAt <= now) open.delete(challenge);
      const challenge = randomBytes(12).toString('hex');
      open.set(challenge, now + ttlMs);
      return { challenge, params: {}, expiresAt: new Date(now + ttlMs).toISOString() };
    },

    async verify(solution) {
      if (!solution.endsWith('ok')) return false;
      const challenge = solution.slice(0, -'ok'.length);
      const expiresAt = open.get(challenge);
      if (expiresAt === undefined || expiresAt <= clock.now().getTime()) return false;
      open.delete(challenge);
      return true;
    },
  };
}
