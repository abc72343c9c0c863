/* eslint-disable @typescript-eslint/no-explicit-any -- tests read event data loosely and assert on it */
import type { TestApp } from './start-app';

/** One server-sent event as a browser's EventSource would see it. */
export interface ReceivedEvent {
  event: string;
  data: any;
}

/** An open server-sent-events response, read as it arrives (Node has no EventSource). */
export interface OpenEventStream {
  status: number;
  headers: Headers;
  events: ReceivedEvent[];
  /** Comment lines (": heartbeat"), without the colon. */
  comments: string[];
  /** True once the server ended the stream. */
  readonly ended: boolean;
  /** Resolves when `count` events have arrived; fails after `timeoutMs`. */
  waitForEvents(count: number, timeoutMs?: number): Promise<ReceivedEvent[]>;
  /** Resolves when the server has ended the stream; fails after `timeoutMs`. */
  waitForEnd(timeoutMs?: number): Promise<void>;
  /** Closes it from the client side, as a closed browser tab would. */
  close(): void;
  /** The body of a response that is not a stream (an error), as JSON. */
  json(): Promise<any>;
}

const poll = async (done: () => boolean, timeoutMs: number, what: string) => {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

/** Opens `path` as an event stream, signed in when a cookie header is given. */
export async function openEventStream(app: TestApp, path: string, cookie?: string): Promise<OpenEventStream> {
  const abort = new AbortController();
  const response = await fetch(`${app.url}${path}`, {
    headers: { accept: 'text/event-stream', ...(cookie ? { cookie } : {}) },
    signal: abort.signal,
  });
  const events: ReceivedEvent[] = [];
  const comments: string[] = [];
  let ended = false;
  const isStream = response.ok && (response.headers.get('content-type') ?? '').startsWith('text/event-stream');

  const handleBlock = (block: string) => {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) comments.push(line.slice(1).trim());
      else if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
    }
    if (data.length > 0) {
      const text = data.join('\n');
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // Kept as text.
      }
      events.push({ event, data: parsed });
    }
  };

  if (isStream && response.body) {
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    void (async () => {
      let buffer = '';
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          let boundary = buffer.indexOf('\n\n');
          while (boundary !== -1) {
            handleBlock(buffer.slice(0, boundary));
            buffer = buffer.slice(boundary + 2);
            boundary = buffer.indexOf('\n\n');
          }
        }
      } catch {
        // Aborted by close(), or the connection dropped: either way the stream is over.
      } finally {
        ended = true;
      }
    })();
  } else {
    ended = true;
  }

  return {
    status: response.status,
    headers: response.headers,
    events,
    comments,
    get ended() {
      return ended;
    },
    async waitForEvents(count, timeoutMs = 5_000) {
      await poll(() => events.length >= count, timeoutMs, `${count} event(s), got ${events.length}`);
      return events;
    },
    async waitForEnd(timeoutMs = 5_000) {
      await poll(() => ended, timeoutMs, 'the stream to end');
    },
    close() {
      abort.abort();
    },
    async json() {
      return response.json();
    },
  };
}

/** Lets anything already on its way arrive, to be sure of what did not. */
export const quietPeriod = (ms = 300) => new Promise((resolve) => setTimeout(resolve, ms));
