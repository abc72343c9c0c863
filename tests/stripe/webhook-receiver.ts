import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One webhook as it arrived: the raw body, its signature header, and the event read from it. */
export interface ReceivedWebhook {
  body: Uint8Array;
  signature: string;
  event: { id: string; type: string; created: number; data: { object: Record<string, unknown> } };
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** The last webhook of a type whose object passes the test. */
  last(type: string, test?: (object: Record<string, unknown>) => boolean): ReceivedWebhook;
  /** Answer the next `count` deliveries with this status (a failing endpoint). */
  failNext(count: number, status?: number): void;
  close(): Promise<void>;
}

/** A webhook endpoint on a free port that keeps what it is sent (and answers any GET with a page), for tests. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  let failures = 0;
  let failureStatus = 500;
  const server: Server = createServer((req, res) => {
    // A page to come back to after paying (a success URL on another origin than the sandbox).
    if (req.method === 'GET') {
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(`<!doctype html><title>Back</title><h1>Back at ${req.url}</h1>`);
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (failures > 0) {
        failures--;
        res.writeHead(failureStatus).end();
        return;
      }
      const body = new Uint8Array(Buffer.concat(chunks));
      received.push({
        body,
        signature: String(req.headers['stripe-signature'] ?? ''),
        event: JSON.parse(Buffer.from(body).toString('utf8')),
      });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhook`,
    received,
    last(type, test = () => true) {
      const found = received.findLast((hook) => hook.event.type === type && test(hook.event.data.object));
      if (!found)
        throw new Error(`No ${type} webhook was received (got ${received.map((h) => h.event.type).join(', ')}).`);
      return found;
    },
    failNext(count, status = 500) {
      failures = count;
      failureStatus = status;
    },
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}
