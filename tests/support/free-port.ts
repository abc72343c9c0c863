import { createServer } from 'node:net';

/**
 * A TCP port free right now on 127.0.0.1. An app started on it (rather than on port 0) knows its own
 * address before it listens, so the links it writes into mail (from PUBLIC_URL's default) work.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}
