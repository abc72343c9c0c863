/**
 * The proof-of-work rule shared by the server and the browser: a solution is
 * `challenge + ':' + counter` where sha256(challenge + counter) starts with `difficulty` zero bits.
 * Web Crypto only, so this file runs in both.
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

export async function proofOfWorkDigest(challenge: string, counter: number): Promise<Uint8Array> {
  const data = new TextEncoder().encode(`${challenge}${counter}`);
  return new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', data));
}

/** Finds the first counter that does the work and answers the solution to send. */
export async function solveProofOfWork(
  challenge: string,
  difficulty: number,
  options: { signal?: AbortSignal } = {},
): Promise<string> {
  for (let counter = 0; ; counter++) {
    if (counter % 1024 === 0) options.signal?.throwIfAborted();
    if (leadingZeroBits(await proofOfWorkDigest(challenge, counter)) >= difficulty) return `${challenge}:${counter}`;
  }
}
