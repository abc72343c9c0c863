import { createHash } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { createProofOfWorkBotCheck } from '@causeway/adapters/botcheck/proof-of-work.bot-check';
import { leadingZeroBits, solveProofOfWork } from '@causeway/adapters/botcheck/proof-of-work.solver';
import { createMemoryBotCheck } from '@causeway/adapters/memory/bot-check.fake';
import { ManualClock } from '@causeway/adapters/memory/manual-clock';
import type { BotChallenge, BotCheck } from '@causeway/core/ports/bot-check.port';

const TTL_MS = 2 * 60 * 1000;
const DIFFICULTY = 8;

/** A counter whose hash misses the difficulty: a solution shaped right but without the work. */
function unworkedSolution(challenge: string, difficulty: number): string {
  for (let counter = 0; ; counter++) {
    const digest = createHash('sha256').update(`${challenge}${counter}`).digest();
    if (leadingZeroBits(digest) < difficulty) return `${challenge}:${counter}`;
  }
}

interface Implementation {
  name: string;
  create: (clock: ManualClock) => BotCheck;
  /** What the browser does with a challenge. */
  solve: (challenge: BotChallenge) => Promise<string>;
  /** A solution of the right shape that is wrong. */
  wrong: (challenge: BotChallenge) => string;
}

const implementations: Implementation[] = [
  {
    name: 'memory',
    create: (clock) => createMemoryBotCheck(clock, { ttlMs: TTL_MS }),
    solve: async ({ challenge }) => `${challenge}ok`,
    wrong: ({ challenge }) => `${challenge}no`,
  },
  {
    name: 'proof of work',
    create: (clock) =>
      createProofOfWorkBotCheck({ secret: 'test-secret', difficulty: DIFFICULTY, clock, ttlMs: TTL_MS }),
    solve: ({ challenge, params }) => solveProofOfWork(challenge, Number(params.difficulty)),
    wrong: ({ challenge, params }) => unworkedSolution(challenge, Number(params.difficulty)),
  },
];

describe.each(implementations)('BotCheck ($name)', ({ create, solve, wrong }) => {
  let clock: ManualClock;
  let check: BotCheck;

  beforeEach(() => {
    clock = new ManualClock();
    check = create(clock);
  });

  it('names its kind, so the front end picks its solver', () => {
    expect(['proof-of-work', 'captcha']).toContain(check.kind);
  });

  it('issues a new challenge each time, with its solver parameters and a future expiry', async () => {
    const first = await check.issueChallenge();
    const second = await check.issueChallenge();
    expect(first.challenge).not.toBe('');
    expect(second.challenge).not.toBe(first.challenge);
    expect(first.params).toEqual(expect.any(Object));
    expect(first.expiresAt).toBe(new Date(clock.now().getTime() + TTL_MS).toISOString());
  });

  it('accepts a correct, unexpired solution', async () => {
    const challenge = await check.issueChallenge();
    expect(await check.verify(await solve(challenge), '203.0.113.7')).toBe(true);
  });

  it('refuses a wrong solution', async () => {
    const challenge = await check.issueChallenge();
    expect(await check.verify(wrong(challenge))).toBe(false);
    expect(await check.verify('')).toBe(false);
    expect(await check.verify('garbage:12')).toBe(false);
    expect(await check.verify(await solve(challenge))).toBe(true);
  });

  it('refuses a replayed solution', async () => {
    const challenge = await check.issueChallenge();
    const solution = await solve(challenge);
    expect(await check.verify(solution)).toBe(true);
    expect(await check.verify(solution)).toBe(false);
  });

  it('refuses a solution once its challenge has expired', async () => {
    const challenge = await check.issueChallenge();
    const solution = await solve(challenge);
    clock.advance(TTL_MS);
    expect(await check.verify(solution)).toBe(false);
  });
});

describe('proof-of-work BotCheck', () => {
  const clock = new ManualClock();

  it('refuses a challenge signed with another secret', async () => {
    const theirs = createProofOfWorkBotCheck({ secret: 'other-secret', difficulty: DIFFICULTY, clock });
    const ours = createProofOfWorkBotCheck({ secret: 'test-secret', difficulty: DIFFICULTY, clock });
    const challenge = await theirs.issueChallenge();
    expect(await ours.verify(await solveProofOfWork(challenge.challenge, DIFFICULTY))).toBe(false);
  });

  it('refuses a challenge whose payload was changed, e.g. to a lower difficulty', async () => {
    const check = createProofOfWorkBotCheck({ secret: 'test-secret', difficulty: DIFFICULTY, clock });
    const { challenge } = await check.issueChallenge();
    const [payload, signature] = challenge.split('.');
    const easier = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as Record<string, unknown>;
    const forged = `${Buffer.from(JSON.stringify({ ...easier, difficulty: 1 })).toString('base64url')}.${signature}`;
    expect(await check.verify(await solveProofOfWork(forged, 1))).toBe(false);
  });

  it('solves a challenge with the leading zero bits asked for', async () => {
    const solution = await solveProofOfWork('some-challenge', 10);
    const counter = solution.slice(solution.lastIndexOf(':') + 1);
    expect(solution.startsWith('some-challenge:')).toBe(true);
    const digest = createHash('sha256').update(`some-challenge${counter}`).digest();
    expect(leadingZeroBits(digest)).toBeGreaterThanOrEqual(10);
  });

  it('counts leading zero bits', () => {
    expect(leadingZeroBits(new Uint8Array([0x00, 0x00, 0xff]))).toBe(16);
    expect(leadingZeroBits(new Uint8Array([0x00, 0x10]))).toBe(11);
    expect(leadingZeroBits(new Uint8Array([0x80]))).toBe(0);
    expect(leadingZeroBits(new Uint8Array([0, 0]))).toBe(16);
  });
});
