import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';

/** A query's answer, as PGlite gives it. */
export interface PgliteResult<Row> {
  rows: Row[];
  affectedRows?: number;
}

let compiledCode: Promise<WebAssembly.Module | undefined> | undefined;

/**
 * PGlite's WebAssembly (9 MB), compiled once per process and handed to every thread that opens a
 * database: compiling it and optimizing its busy functions again on each thread was about half of an
 * embedded database's start (some 2.5 s of CPU of 5). A compiled module is code only; each thread still
 * has its own memory and database. Where it cannot be compiled here, each thread's PGlite loads its own.
 */
function pgliteCode(): Promise<WebAssembly.Module | undefined> {
  return (compiledCode ??= (async () => {
    const dist = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    return WebAssembly.compile(await readFile(join(dist, 'pglite.wasm')));
  })().catch(() => undefined));
}

/**
 * An embedded database (PGlite) running on a worker thread (pglite.worker.mjs). PGlite runs each query
 * in WebAssembly on the thread that asked for it: on the app's own thread every query, and a report
 * over a year of gifts, would hold up every request meanwhile. Here only a message crosses.
 * Kysely's PGlite dialect uses `query` and `close` of it, as of a PGlite.
 */
export class PgliteThread {
  /** Id 0 is the thread's answer that the database opened (or why it did not). */
  private nextId = 1;
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  private exited: Error | null = null;
  private closing: Promise<void> | null = null;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (message: { id: number; result?: unknown; error?: Record<string, unknown> }) => {
      const waiting = this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id);
      // Idle, the thread does not keep the process alive; a query in flight does.
      if (this.pending.size === 0) this.worker.unref();
      if (message.error) waiting.reject(rebuiltError(message.error));
      else waiting.resolve(message.result);
    });
    const fail = (error: Error) => {
      this.exited ??= error;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`The embedded database's thread ended (exit code ${code}).`)));
  }

  /** Opens the database in `dataDir` (in memory without one), or from a tarball of another's data. */
  static async open({ dataDir, from }: { dataDir?: string; from?: Blob }): Promise<PgliteThread> {
    const tarball = from ? new Uint8Array(await from.arrayBuffer()) : undefined;
    const wasmModule = await pgliteCode();
    const thread = new PgliteThread(
      new Worker(new URL('./pglite.worker.mjs', import.meta.url), {
        workerData: { dataDir, from: tarball, wasmModule },
        transferList: tarball ? [tarball.buffer] : [],
      }),
    );
    try {
      await thread.answer(0);
    } catch (error) {
      await thread.worker.terminate();
      throw error;
    }
    return thread;
  }

  get closed(): boolean {
    return this.closing !== null || this.exited !== null;
  }

  /** The thread's answer to message `id`. */
  private answer<T>(id: number): Promise<T> {
    if (this.exited) return Promise.reject(this.exited);
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.ref();
    });
  }

  private call<T>(op: 'query' | 'exec' | 'dump' | 'close', sql?: string, params?: unknown[]): Promise<T> {
    const id = this.nextId++;
    const answered = this.answer<T>(id);
    if (!this.exited) this.worker.postMessage({ id, op, sql, params });
    return answered;
  }

  query<Row = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<PgliteResult<Row>> {
    return this.call('query', sql, params);
  }

  /** Runs a script of several statements as one simple query. */
  async exec(script: string): Promise<void> {
    await this.call('exec', script);
  }

  /** The whole database as a tarball. */
  async dumpDataDir(): Promise<Blob> {
    return new Blob([await this.call<Uint8Array<ArrayBuffer>>('dump')]);
  }

  close(): Promise<void> {
    return (this.closing ??= (async () => {
      if (!this.exited) await this.call('close').catch(() => undefined);
      await this.worker.terminate();
    })());
  }
}

/** The failure as an Error again, with Postgres's fields (`code` and the rest) where it had them. */
function rebuiltError(fields: Record<string, unknown>): Error {
  const error = new Error(String(fields.message ?? 'The embedded database failed.'));
  for (const [key, value] of Object.entries(fields)) {
    if (key === 'message') continue;
    (error as unknown as Record<string, unknown>)[key] = value;
  }
  return error;
}
