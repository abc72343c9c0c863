import { Worker } from 'node:worker_threads';

/**
 * Solves the app's proof-of-work bot check (adapters/botcheck/proof-of-work.solver.ts: the first
 * counter whose SHA-256(challenge + counter) starts with `difficulty` zero bits) on a thread of its own,
 * with Node's synchronous hashing: what a payer's browser does on its own CPU, kept off the thread that
 * sends a bench's requests and times them. Each answer says how long its hashing took.
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
  const started = process.hrtime.bigint();
  let counter = 0;
  while (leadingZeroBits(createHash('sha256').update(challenge + counter).digest()) < difficulty) counter++;
  parentPort.postMessage({ id, solution: challenge + ':' + counter, ms: Number(process.hrtime.bigint() - started) / 1e6 });
});
`;

export interface BotCheckSolver {
  solve(challenge: string, difficulty: number): Promise<string>;
  /** Milliseconds spent hashing so far, and how many challenges were solved. */
  spent(): { ms: number; solved: number };
  close(): Promise<void>;
}

export function botCheckSolver(): BotCheckSolver {
  const worker = new Worker(SOURCE, { eval: true });
  worker.unref();
  const waiting = new Map<number, (solution: string) => void>();
  let next = 0;
  let ms = 0;
  let solved = 0;
  worker.on('message', (answer: { id: number; solution: string; ms: number }) => {
    ms += answer.ms;
    solved += 1;
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
    spent: () => ({ ms, solved }),
    close: async () => {
      await worker.terminate();
    },
  };
}
