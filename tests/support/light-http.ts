import { Agent, request } from 'node:http';

/**
 * Kept-alive connections for load from the test and bench side: the server's keep-alive hint is
 * honoured, so a connection is not reused as the server closes it.
 */
export const keepAliveAgent = new Agent({ keepAlive: true });

export interface LightResponse {
  status: number;
  body: string;
}

/**
 * An HTTP request over kept-alive connections, its body read whole. Senders of many requests use it
 * rather than `fetch`, which takes about five times the CPU a request (web streams, its own request
 * objects): a bench's senders in the app's process or beside it must not be what it measures.
 */
export function httpCall(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<LightResponse> {
  return new Promise<LightResponse>((resolve, reject) => {
    const outgoing = request(
      url,
      { method: init.method ?? 'GET', headers: init.headers, agent: keepAliveAgent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(init.body);
  });
}
