/**
 * Reads until `check` holds, every 50 ms, `attempts` times at most (webhooks and their follow-ups run a
 * moment after a payment); fails naming `what` it waited for.
 */
export async function eventually<T>(
  read: () => Promise<T>,
  check: (value: T) => boolean,
  what: string,
  attempts = 200,
): Promise<T> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    const value = await read();
    if (check(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`Timed out waiting for ${what}`);
}
