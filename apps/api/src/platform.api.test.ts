import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe('the platform over HTTP', () => {
  it('answers liveness and readiness', async () => {
    const health = await fetch(`${app.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${app.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', database: 'up' });
  });

  it('sends JSON compressed as the caller accepts it, brotli first', async () => {
    const raw = (acceptEncoding: string) =>
      new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
        const req = request(
          `${app.url}/api/openapi.json`,
          { headers: { 'accept-encoding': acceptEncoding } },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
          },
        );
        req.on('error', reject);
        req.end();
      });
    const plain = await raw('identity');
    expect(plain.encoding).toBeUndefined();
    const document = JSON.parse(plain.body.toString()) as unknown;
    const br = await raw('gzip, deflate, br');
    expect(br.encoding).toBe('br');
    expect(br.body.length).toBeLessThan(plain.body.length / 4);
    expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(document);
    const gzip = await raw('gzip');
    expect(gzip.encoding).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.body).toString())).toEqual(document);
  });

  it('answers a public campaign page again with 304 when the caller holds the same one', async () => {
    const { campaigns } = (await (await fetch(`${app.url}/api/campaigns`)).json()) as {
      campaigns: { campaignId: string }[];
    };
    const url = `${app.url}/api/campaigns/${campaigns[0]!.campaignId}/page`;
    const first = await fetch(url);
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    // As a browser revalidates its cached copy (fetch would otherwise add `Cache-Control: no-cache`).
    const again = await fetch(url, { headers: { 'if-none-match': etag!, 'cache-control': 'max-age=0' } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('sends security headers', async () => {
    const response = await fetch(`${app.url}/healthz`);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(response.headers.get('x-powered-by')).toBeNull();
  });

  it('answers 404 with the error shape for an unknown API route', async () => {
    const response = await fetch(`${app.url}/api/no-such-thing`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: { code: 'not_found', message: 'No route for GET /api/no-such-thing.' },
    });
  });

  it('answers 400 for a body that is not JSON, without internals', async () => {
    const response = await fetch(`${app.url}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email": ',
    });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body).toEqual({
      error: {
        code: 'invalid_json',
        message: 'The request body is not valid JSON.',
        fields: { '(body)': 'Not valid JSON.' },
      },
    });
  });

  it('serves an OpenAPI document generated from the contracts, and its reference page', async () => {
    const response = await fetch(`${app.url}/api/openapi.json`);
    expect(response.status).toBe(200);
    const document = await response.json();
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/auth/sign-in', '/api/auth/session', '/api/auth/sign-out']),
    );
    const signIn = document.paths['/api/auth/sign-in'].post;
    expect(signIn.requestBody.content['application/json'].schema.required).toEqual(['email', 'password', 'botCheck']);
    const docs = await fetch(`${app.url}/api/docs/`);
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain('swagger-ui');
  });

  it('refuses a state-changing call from a page of another site, and takes one from its own', async () => {
    const from = (origin: string) => fetch(`${app.url}/api/auth/sign-out`, { method: 'POST', headers: { origin } });
    const foreign = await from('https://evil.example');
    expect(foreign.status).toBe(403);
    expect((await foreign.json()).error.message).toBe('Requests from other sites are not accepted.');
    expect((await from(app.url)).status).toBe(204);
  });

  it('gives every response a request id, keeping a well-formed one the caller sent', async () => {
    const made = await fetch(`${app.url}/api/auth/session`);
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await fetch(`${app.url}/api/auth/session`, { headers: { 'x-request-id': 'trace-123' } });
    expect(kept.headers.get('x-request-id')).toBe('trace-123');
  });
});
