import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { BotCheck } from '@causeway/core/ports/bot-check.port';
import type { Clock } from '@causeway/core/ports/clock.port';
import { leadingZeroBits } from './proof-of-work.solver';

export interface ProofOfWorkBotCheckOptions {
  /** Signs challenges, so none needs storing until it is used. */
  secret: string;
  /** Leading zero bits the work must reach (each bit doubles the browser's effort). */
  difficulty: number;
  clock: Clock;
  /** How long a challenge may be solved for. */
  ttlMs?: number;
}

interface ChallengePayload {
  nonce: string;
  expiresAt: string;
  difficulty: number;
}

const DEFAULT_TTL_MS = 5 * 60 * 1000;
const COUNTER = /^\d{1,15}$/;
/** Far longer than any issued challenge: not worth hashing. */
const MAX_SOLUTION_LENGTH = 1024;

const sign = (secret: string, payload: string) => createHmac('sha256', secret).update(payload).digest('base64url');

function readPayload(encoded: string): ChallengePayload | null {
  try {
    const payload: unknown = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
    if (typeof payload !== 'object' || payload === null) return null;
    const { nonce, expiresAt, difficulty } = payload as Record<string, unknown>;
    if (typeof nonce !== 'string' || typeof expiresAt !== 'string' || !Number.isInteger(difficulty)) return null;
    if (Number.isNaN(Date.parse(expiresAt))) return null;
    return { nonce, expiresAt, difficulty: difficulty as number };
  } catch {
    return null;
  }
}

/**
 * A bot check without a third party: the browser spends CPU on a proof of work. Challenges are
 * stateless and signed; a used challenge is remembered until it expires so it cannot be replayed.
 */
export function createProofOfWorkBotCheck(options: ProofOfWorkBotCheckOptions): BotCheck {
  const { secret, difficulty, clock } = options;
  const ttlMs = options.ttlMs ?? DEFAULT_TTL_MS;
  if (!secret) throw new Error('The proof-of-work bot check needs a secret.');
  if (!Number.isInteger(difficulty) || difficulty < 1 || difficulty > 32) {
    throw new Error('The proof-of-work difficulty must be a whole number of bits from 1 to 32.');
  }
  /** Nonces of solved challenges, with when they expire. */
  const used = new Map<string, number>();

  function forgetExpired(now: number): void {
    for (const [nonce, expiresAt] of used) if (expiresAt <= now) used.delete(nonce);
  }

  return {
    kind: 'proof-of-work',

    async issueChallenge() {
      const expiresAt = new Date(clock.now().getTime() + ttlMs).toISOString();
      const payload: ChallengePayload = { nonce: randomBytes(16).toString('base64url'), expiresAt, difficulty };
      const encoded = Buffer.from(JSON.stringify(payload)).toString('base64url');
      return {
        challenge: `${encoded}.${sign(secret, encoded)}`,
        params: { difficulty, algorithm: 'SHA-256' },
        expiresAt,
      };
    },

    async verify(solution) {
      const now = clock.now().getTime();
      forgetExpired(now);
      if (solution.length > MAX_SOLUTION_LENGTH) return false;
      const separator = solution.lastIndexOf(':');
      const challenge = solution.slice(0, separator);
      const counter = solution.slice(separator + 1);
      const [encoded, signature, ...rest] = challenge.split('.');
      if (separator < 0 || !COUNTER.test(counter) || !encoded || !signature || rest.length > 0) return false;

      const expected = Buffer.from(sign(secret, encoded));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;

      const payload = readPayload(encoded);
      if (!payload || payload.difficulty < difficulty) return false;
      const expiresAt = Date.parse(payload.expiresAt);
      if (expiresAt <= now || used.has(payload.nonce)) return false;

      const digest = createHash('sha256').update(`${challenge}${counter}`).digest();
      if (leadingZeroBits(digest) < payload.difficulty) return false;
      used.set(payload.nonce, expiresAt);
      return true;
    },
  };
}
