import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';
import { loadConfig } from './config';
import { createLogger } from './server';

/** What the app writes to its log, one JSON object a line, as production reads it. */
const lines: Record<string, any>[] = []; // eslint-disable-line @typescript-eslint/no-explicit-any
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    done();
  },
});

let app: TestApp;
const requestLine = (path: string) => lines.find((line) => line.req?.url === path || line.msg?.includes(` ${path} `));

beforeAll(async () => {
  const logger = createLogger(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'debug' }), sink);
  app = await startTestApp({ logger });
});
afterAll(async () => {
  await app?.close();
});

describe('the request log', () => {
  it('says method, path, status and time in one line, and never carries credentials', async () => {
    const response = await fetch(`${app.url}/api/users/me`, {
      headers: { authorization: 'Bearer secret-token-123', cookie: '__session=secret-session-456; userId=u1' },
    });
    expect(response.status).toBe(401);
    await expect.poll(() => requestLine('/api/users/me')).toBeTruthy();
    const line = requestLine('/api/users/me')!;
    expect(line.msg).toMatch(/^GET \/api\/users\/me 401 \d+ ms$/);
    expect(line.level).toBe(40); // a refusal is a warning
    expect(line.req.headers.authorization).toBe('[hidden]');
    expect(line.req.headers.cookie).toBe('[hidden]');
    const written = JSON.stringify(lines);
    expect(written).not.toContain('secret-token-123');
    expect(written).not.toContain('secret-session-456');
  });

  it('keeps the embedded sandboxes’ own traffic at debug, found by its full path', async () => {
    const response = await fetch(`${app.url}/sandbox/amobee/_sandbox`);
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    await expect.poll(() => requestLine('/sandbox/amobee/_sandbox')).toBeTruthy();
    const line = requestLine('/sandbox/amobee/_sandbox')!;
    expect(line.level).toBe(20);
    expect(line.msg).toMatch(/^GET \/sandbox\/amobee\/_sandbox 200 \d+ ms$/);
  });
});

describe('the request log at info', () => {
  const infoLines: Record<string, any>[] = []; // eslint-disable-line @typescript-eslint/no-explicit-any
  let infoApp: TestApp;
  beforeAll(async () => {
    const infoSink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) infoLines.push(JSON.parse(line));
        done();
      },
    });
    infoApp = await startTestApp({
      logger: createLogger(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info' }), infoSink),
    });
  });
  afterAll(async () => {
    await infoApp?.close();
  });

  it('is one short line: the request id, method, path and status, no headers', async () => {
    const response = await fetch(`${infoApp.url}/api/users/me`, {
      headers: { 'x-request-id': 'req-info-1', cookie: '__session=secret-session-789' },
    });
    expect(response.status).toBe(401);
    await expect.poll(() => infoLines.find((line) => line.req?.id === 'req-info-1')).toBeTruthy();
    const line = infoLines.find((line) => line.req?.id === 'req-info-1')!;
    expect(line.req).toEqual({ id: 'req-info-1', method: 'GET', url: '/api/users/me' });
    expect(line.res).toEqual({ statusCode: 401 });
    expect(line.msg).toMatch(/^GET \/api\/users\/me 401 \d+ ms$/);
    expect(JSON.stringify(infoLines)).not.toContain('secret-session-789');
  });
});
