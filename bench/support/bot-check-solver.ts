import { Worker } from 'node:worker_threads';

/**
 * Solves the app's proof-of-work bot check (adapters/botcheck/proof-of-work.solver.ts: the first
 * counter whose SHA-256(challenge + counter) starts with `difficulty` zero bits) on a thread of its own,
 * with Node's synchronous hashing: what a payer's browser does on its own CPU, kept off the thread that
 * sends a bench's requests and times them.
 */
const SOURCE = `
const { parentPort } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const leadingZeroBits = (bytes) => {
  let zeros = 0;
  for (const byte of bytes) {
    if (byte === 0) { zeros += 8; continue; }
    return zeros + Math.clz32(byte) - 24;
  }
  return zeros;
};
parentPort.on('message', ({ id, challenge, difficulty }) => {
  let counter = 0;
  while (leadingZeroBits(createHash('sha256').update(challenge + counter).digest()) < difficulty) counter++;
  parentPort.postMessage({ id, solution: challenge + ':' + counter });
});
`;

export interface BotCheckSolver {
  solve(challenge: string, difficulty: number): Promise<string>;
  close(): Promise<void>;
}

export function botCheckSolver(): BotCheckSolver {
  const worker = new Worker(SOURCE, { eval: true });
  worker.unref();
  const waiting = new Map<number, (solution: string) => void>();
  let next = 0;
  worker.on('message', (answer: { id: number; solution: string }) => {
    waiting.get(answer.id)?.(answer.solution);
    waiting.delete(answer.id);
  });
  return {
    solve(challenge, difficulty) {
      const id = next++;
      return new Promise((resolve) => {
        waiting.set(id, resolve);
        worker.postMessage({ id, challenge, difficulty });
      });
    },
    close: async () => {
      await worker.terminate();
    },
  };
}
