import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createProofOfWorkBotCheck } from '@causeway/adapters/botcheck/proof-of-work.bot-check';
import * as server from '@causeway/adapters/botcheck/proof-of-work.solver';
import { ManualClock } from '@causeway/adapters/memory/manual-clock';
import { leadingZeroBits, solveProofOfWork } from './proof-of-work';

describe("the browser's proof of work", () => {
  it("solves challenges the server's bot check accepts", async () => {
    const check = createProofOfWorkBotCheck({ secret: 'test-secret', difficulty: 10, clock: new ManualClock() });
    for (let round = 0; round < 3; round++) {
      const { challenge, params } = await check.issueChallenge();
      expect(await check.verify(await solveProofOfWork(challenge, Number(params.difficulty)))).toBe(true);
    }
  });

  it("finds the very counter the server's solver finds", async () => {
    for (const challenge of ['a', 'challenge.signature', 'x'.repeat(200)]) {
      expect(await solveProofOfWork(challenge, 9)).toBe(await server.solveProofOfWork(challenge, 9));
    }
  });

  it('counts leading zero bits as the server does', () => {
    for (let n = 0; n < 200; n++) {
      const bytes = createHash('sha256').update(`sample${n}`).digest();
      expect(leadingZeroBits(bytes)).toBe(server.leadingZeroBits(bytes));
    }
    expect(leadingZeroBits(new Uint8Array([0, 0]))).toBe(16);
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(solveProofOfWork('never-solved', 32, { signal: controller.signal })).rejects.toThrow();
  });
});
