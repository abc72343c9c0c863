import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../memory/manual-clock';
import { createCaptchaBotCheck } from './captcha.bot-check';

const SECRET = 'captcha-secret';

interface VerifyRequest {
  secret: string | null;
  response: string | null;
  remoteip: string | null;
  contentType: string | undefined;
}

const bodyOf = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => resolve(body));
  });

/**
 * Stands in for Turnstile's siteverify: responses starting with "pass-" succeed once, a second use is
 * "timeout-or-duplicate"; "slow-" responses are answered after 10 seconds, "broken-" with a 500.
 */
async function startVerifyServer() {
  const requests: VerifyRequest[] = [];
  const used = new Set<string>();
  const server: Server = createServer(async (req, res) => {
    const form = new URLSearchParams(await bodyOf(req));
    const request: VerifyRequest = {
      secret: form.get('secret'),
      response: form.get('response'),
      remoteip: form.get('remoteip'),
      contentType: req.headers['content-type'],
    };
    requests.push(request);
    const token = request.response ?? '';
    if (token.startsWith('slow-')) await new Promise((resolve) => setTimeout(resolve, 10_000));
    if (token.startsWith('broken-')) {
      res.writeHead(500).end('oops');
      return;
    }
    let answer: Record<string, unknown>;
    if (request.secret !== SECRET) answer = { success: false, 'error-codes': ['invalid-input-secret'] };
    else if (!token.startsWith('pass-')) answer = { success: false, 'error-codes': ['invalid-input-response'] };
    else if (used.has(token)) answer = { success: false, 'error-codes': ['timeout-or-duplicate'] };
    else {
      used.add(token);
      answer = { success: true, hostname: 'give.example', 'error-codes': [] };
    }
    if (!res.writableEnded) res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/turnstile/v0/siteverify`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('the hosted-captcha bot check', () => {
  let verifier: Awaited<ReturnType<typeof startVerifyServer>>;
  const clock = new ManualClock('2026-02-01T10:00:00.000Z');
  const errors: unknown[] = [];
  const check = () =>
    createCaptchaBotCheck({
      secret: SECRET,
      siteKey: 'site-key-1',
      verifyUrl: verifier.url,
      clock,
      // Long enough for a loaded machine to answer at once, far shorter than a hung service.
      timeoutMs: 1_500,
      onError: (error) => errors.push(error),
    });

  beforeEach(async () => {
    errors.length = 0;
    verifier = await startVerifyServer();
  });
  afterEach(async () => {
    await verifier.close();
  });

  it('is a captcha and gives the browser its site key, with a 5-minute expiry', async () => {
    const botCheck = check();
    expect(botCheck.kind).toBe('captcha');
    const challenge = await botCheck.issueChallenge();
    expect(challenge).toEqual({
      challenge: expect.any(String),
      params: { siteKey: 'site-key-1' },
      expiresAt: '2026-02-01T10:05:00.000Z',
    });
    expect((await botCheck.issueChallenge()).challenge).not.toBe(challenge.challenge);
  });

  it('posts the secret, the response and the address as a form, and accepts what the service accepts', async () => {
    expect(await check().verify('pass-1', '203.0.113.9')).toBe(true);
    expect(verifier.requests).toEqual([
      {
        secret: SECRET,
        response: 'pass-1',
        remoteip: '203.0.113.9',
        contentType: 'application/x-www-form-urlencoded',
      },
    ]);
  });

  it('refuses what the service refuses, a replayed response included', async () => {
    const botCheck = check();
    expect(await botCheck.verify('wrong-1')).toBe(false);
    expect(await botCheck.verify('pass-2')).toBe(true);
    expect(await botCheck.verify('pass-2')).toBe(false);
    expect(verifier.requests.map((request) => request.remoteip)).toEqual([null, null, null]);
  });

  it('refuses an empty or oversized response without asking the service', async () => {
    expect(await check().verify('')).toBe(false);
    expect(await check().verify(`pass-${'x'.repeat(5000)}`)).toBe(false);
    expect(verifier.requests).toEqual([]);
  });

  it('treats a service that fails, hangs or is down as not verified', async () => {
    const botCheck = check();
    expect(await botCheck.verify('broken-1')).toBe(false);
    expect(await botCheck.verify('slow-1')).toBe(false);
    await verifier.close();
    expect(await botCheck.verify('pass-3')).toBe(false);
    expect(errors).toHaveLength(3);
  });
});
