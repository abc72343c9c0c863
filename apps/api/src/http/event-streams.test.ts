import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { createEventStreams, type EventStream, type EventStreams } from './event-streams';

let server: Server | undefined;
let streams: EventStreams;
let opened: EventStream[];
let closedCount: number;

async function serve(options: Parameters<typeof createEventStreams>[0]) {
  streams = createEventStreams(options);
  opened = [];
  closedCount = 0;
  const app = express();
  app.get('/stream', (req, res) => {
    const stream = streams.open(req, res);
    stream.onClose(() => closedCount++);
    opened.push(stream);
  });
  server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/stream`;
}

/** Reads the raw stream text until `until` holds or the stream ends. */
async function read(response: Response, until: (text: string) => boolean): Promise<string> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text;
    text += decoder.decode(value, { stream: true });
    if (until(text)) {
      await reader.cancel();
      return text;
    }
  }
}

const waitUntil = async (done: () => boolean) => {
  const deadline = Date.now() + 2_000;
  while (!done() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(done()).toBe(true);
};

afterEach(async () => {
  await streams?.closeAll();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

describe('event streams', () => {
  it('opens with the reconnect delay, sends events as one JSON data line, and a comment heartbeat', async () => {
    const url = await serve({ heartbeatMs: 30, retryMs: 1_500 });
    const response = await fetch(url);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    await waitUntil(() => opened.length === 1);
    opened[0]!.send('notification', { type: 'REFRESH_NOTIFICATIONS', text: 'two\nlines' });
    const text = await read(response, (sofar) => sofar.includes(': heartbeat\n\n'));
    expect(text).toContain('retry: 1500\n: connected\n\n');
    expect(text).toContain('event: notification\ndata: {"type":"REFRESH_NOTIFICATIONS","text":"two\\nlines"}\n\n');
    expect(text).toContain(': heartbeat\n\n');
  });

  it('forgets a stream and runs its close callbacks once when the client leaves', async () => {
    const url = await serve({});
    const abort = new AbortController();
    await fetch(url, { signal: abort.signal });
    await waitUntil(() => streams.size === 1);
    abort.abort();
    await waitUntil(() => streams.size === 0);
    expect(closedCount).toBe(1);
    expect(opened[0]!.closed).toBe(true);
    // Writing to it now is a no-op, and a late close callback runs at once.
    opened[0]!.send('notification', { type: 'REFRESH_NOTIFICATIONS' });
    let late = false;
    opened[0]!.onClose(() => (late = true));
    expect(late).toBe(true);
  });

  it('ends every open stream on closeAll, and the clients see the end', async () => {
    const url = await serve({});
    const responses = await Promise.all([fetch(url), fetch(url)]);
    await waitUntil(() => streams.size === 2);
    const ends = responses.map((response) => read(response, () => false));
    await streams.closeAll();
    expect(streams.size).toBe(0);
    expect(closedCount).toBe(2);
    for (const text of await Promise.all(ends)) expect(text).toContain(': connected');
  });
});
