import { Agent, request, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

/**
 * Kept-alive connections for load from the test and bench side: the server's keep-alive hint is
 * honoured, so a connection is not reused as the server closes it.
 */
export const keepAliveAgent = new Agent({ keepAlive: true });

export interface LightResponse {
  status: number;
  /** The body as text, decoded when it came compressed (a caller that sent Accept-Encoding, as browsers do). */
  body: string;
  headers: IncomingHttpHeaders;
}

export interface LightRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** The connections to use (default: one kept-alive agent shared by every caller). */
  agent?: Agent;
  /** The local address to connect from: a simulated client of its own on the loopback (127.x.y.z). */
  localAddress?: string;
}

/**
 * An HTTP request over kept-alive connections, its body read whole. Senders of many requests use it
 * rather than `fetch`, which takes about five times the CPU a request (web streams, its own request
 * objects): a bench's senders in the app's process or beside it must not be what it measures.
 */
export function httpCall(url: string, init: LightRequest = {}): Promise<LightResponse> {
  return new Promise<LightResponse>((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method: init.method ?? 'GET',
        headers: init.headers,
        agent: init.agent ?? keepAliveAgent,
        ...(init.localAddress ? { localAddress: init.localAddress } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          try {
            const body = decoded(Buffer.concat(chunks), res.headers['content-encoding']).toString('utf8');
            resolve({ status: res.statusCode ?? 0, body, headers: res.headers });
          } catch (error) {
            reject(error as Error);
          }
        });
        res.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(init.body);
  });
}

function decoded(body: Buffer, encoding: string | undefined): Buffer {
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'gzip') return gunzipSync(body);
  if (encoding === 'deflate') return inflateSync(body);
  return body;
}
