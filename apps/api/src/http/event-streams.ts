import type { Request, Response } from 'express';

/** One open server-sent-events response. */
export interface EventStream {
  /** Writes one event; does nothing once the stream is closed. */
  send(event: string, data: unknown): void;
  /** Runs once when the stream ends, whoever ends it (the client, the server, shutdown). */
  onClose(callback: () => void): void;
  readonly closed: boolean;
}

/** Every open event stream of this instance, so shutdown can end them instead of waiting on them. */
export interface EventStreams {
  /** Answers with the event-stream headers and keeps the response open, with a comment heartbeat. */
  open(req: Request, res: Response): EventStream;
  /** Ends every open stream; resolves when their responses are finished. */
  closeAll(): Promise<void>;
  readonly size: number;
}

export interface EventStreamsOptions {
  /** A comment line this often keeps proxies and load balancers from closing an idle stream. */
  heartbeatMs?: number;
  /** What a browser's EventSource waits before reconnecting after the stream ends. */
  retryMs?: number;
}

export function createEventStreams({ heartbeatMs = 25_000, retryMs = 3_000 }: EventStreamsOptions = {}): EventStreams {
  const open = new Set<{ end(): Promise<void> }>();

  return {
    open(req, res) {
      res.status(200);
      res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
      // no-transform: a proxy must neither compress nor rewrite the stream (compression buffers it).
      res.setHeader('Cache-Control', 'no-cache, no-transform');
      res.setHeader('X-Accel-Buffering', 'no');
      req.socket.setNoDelay(true);
      req.socket.setKeepAlive(true);
      res.flushHeaders();
      res.write(`retry: ${retryMs}\n: connected\n\n`);

      const callbacks: (() => void)[] = [];
      let closed = false;
      const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), heartbeatMs);
      heartbeat.unref();

      const finished = new Promise<void>((resolve) => {
        const cleanUp = () => {
          if (closed) return resolve();
          closed = true;
          clearInterval(heartbeat);
          open.delete(entry);
          for (const callback of callbacks.splice(0)) callback();
          resolve();
        };
        res.once('close', cleanUp);
        res.once('finish', cleanUp);
      });
      const entry = {
        async end() {
          if (!closed) res.end();
          await finished;
        },
      };
      open.add(entry);

      return {
        send(event, data) {
          if (closed) return;
          // JSON has no raw line breaks, so the data fits on one `data:` line.
          res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
        },
        onClose(callback) {
          if (closed) callback();
          else callbacks.push(callback);
        },
        get closed() {
          return closed;
        },
      };
    },

    async closeAll() {
      await Promise.all([...open].map((entry) => entry.end()));
    },

    get size() {
      return open.size;
    },
  };
}
