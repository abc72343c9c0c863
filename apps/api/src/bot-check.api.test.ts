import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOT_CHECK_REQUIRED } from '@causeway/core/contracts/auth.contract';
import { solveBotCheck } from '@causeway/tests/support/api-client';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';

const signIn = (app: TestApp, body: Record<string, unknown>) =>
  fetch(`${app.url}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'campaigner@demo.local', password: app.demoPassword, ...body }),
  });

describe('the proof-of-work bot check on sign-in', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { BOT_CHECK_DIFFICULTY: '6' } });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  it('hands out a fresh challenge with its difficulty, never cached', async () => {
    const response = await fetch(`${app.url}/api/auth/bot-check`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = await response.json();
    expect(body).toEqual({
      kind: 'proof-of-work',
      challenge: expect.any(String),
      params: { difficulty: 6, algorithm: 'SHA-256' },
      expiresAt: expect.any(String),
    });
    expect(Date.parse(body.expiresAt)).toBeGreaterThan(Date.now());
    const other = await (await fetch(`${app.url}/api/auth/bot-check`)).json();
    expect(other.challenge).not.toBe(body.challenge);
  });

  it('refuses a sign-in without a solution, naming the field', async () => {
    const response = await signIn(app, {});
    expect(response.status).toBe(400);
    expect((await response.json()).error.fields).toEqual({ botCheck: BOT_CHECK_REQUIRED });
  });

  it('refuses a wrong solution, and lets nobody in with it', async () => {
    const solution = await solveBotCheck(app);
    const challenge = solution.slice(0, solution.lastIndexOf(':'));
    for (const wrong of [`${challenge}:not-a-number`, `forged.${challenge}:1`, 'nonsense']) {
      const response = await signIn(app, { botCheck: wrong });
      expect(response.status).toBe(400);
      expect((await response.json()).error).toMatchObject({ fields: { botCheck: BOT_CHECK_REQUIRED } });
      expect(response.headers.getSetCookie()).toEqual([]);
    }
  });

  it('accepts a solution once: replayed, it is refused', async () => {
    const solution = await solveBotCheck(app);
    expect((await signIn(app, { botCheck: solution })).status).toBe(200);
    const replayed = await signIn(app, { botCheck: solution });
    expect(replayed.status).toBe(400);
    expect((await replayed.json()).error.fields).toEqual({ botCheck: BOT_CHECK_REQUIRED });
  });

  it('does not let the page load scripts or frames from a captcha service', async () => {
    const csp = (await fetch(`${app.url}/healthz`)).headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('challenges.cloudflare.com');
  });
});

/** Stands in for Turnstile's siteverify: "pass-…" responses succeed once. */
async function startVerifyServer() {
  const seen: { response: string | null; remoteip: string | null; secret: string | null }[] = [];
  const used = new Set<string>();
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      const response = form.get('response') ?? '';
      seen.push({ response, remoteip: form.get('remoteip'), secret: form.get('secret') });
      const success = form.get('secret') === 'turnstile-secret' && response.startsWith('pass-') && !used.has(response);
      used.add(response);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/siteverify`,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('the hosted-captcha bot check on sign-in', () => {
  let app: TestApp;
  let verifier: Awaited<ReturnType<typeof startVerifyServer>>;
  beforeAll(async () => {
    verifier = await startVerifyServer();
    app = await startTestApp({
      env: { CAPTCHA_SECRET: 'turnstile-secret', CAPTCHA_SITE_KEY: 'site-key-123', CAPTCHA_VERIFY_URL: verifier.url },
    });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await verifier?.close();
  });

  it('hands out the site key for the widget', async () => {
    const body = await (await fetch(`${app.url}/api/auth/bot-check`)).json();
    expect(body).toMatchObject({ kind: 'captcha', params: { siteKey: 'site-key-123' } });
  });

  it("lets the page load the widget's script and frame", async () => {
    const csp = (await fetch(`${app.url}/healthz`)).headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self' https://challenges.cloudflare.com");
    expect(csp).toContain("frame-src 'self' https://challenges.cloudflare.com");
  });

  it('signs in with a response the service accepts, once, and sends it the secret and the address', async () => {
    expect((await signIn(app, { botCheck: 'pass-abc' })).status).toBe(200);
    expect(verifier.seen.at(-1)).toEqual({
      response: 'pass-abc',
      secret: 'turnstile-secret',
      remoteip: expect.stringMatching(/127\.0\.0\.1$/),
    });
    const replayed = await signIn(app, { botCheck: 'pass-abc' });
    expect(replayed.status).toBe(400);
    const refused = await signIn(app, { botCheck: 'fail-abc' });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.fields).toEqual({ botCheck: BOT_CHECK_REQUIRED });
  });
});
