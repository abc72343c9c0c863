/**
 * The browser's side of the proof-of-work bot check. The rule is the server's
 * (adapters/botcheck/proof-of-work.solver.ts), repeated here because the front end imports nothing of
 * the server but its contracts: the solution is `challenge + ':' + counter` where
 * SHA-256(challenge + counter) starts with `difficulty` zero bits.
 */

/** How many of the leading bits of `bytes` are zero. */
export function leadingZeroBits(bytes: Uint8Array): number {
  let zeros = 0;
  for (const byte of bytes) {
    if (byte === 0) {
      zeros += 8;
      continue;
    }
    return zeros + Math.clz32(byte) - 24;
  }
  return zeros;
}

const encoder = new TextEncoder();

async function digest(challenge: string, counter: number): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(`${challenge}${counter}`)));
}

/** Lets the page paint and take input between batches of hashing. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** How many hashes run between two pauses (a few milliseconds of work). */
const BATCH = 2048;

/** Finds the first counter that does the work and answers the solution to send. */
export async function solveProofOfWork(
  challenge: string,
  difficulty: number,
  options: { signal?: AbortSignal } = {},
): Promise<string> {
  for (let counter = 0; ; counter++) {
    if (counter % BATCH === 0 && counter > 0) {
      options.signal?.throwIfAborted();
      await nextTask();
    }
    if (leadingZeroBits(await digest(challenge, counter)) >= difficulty) return `${challenge}:${counter}`;
  }
}
