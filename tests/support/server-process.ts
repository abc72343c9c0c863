import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from './free-port';
import { seedPgliteDir } from './pglite-template';
import { buildServer, SERVER_ENTRY } from '@causeway/scripts/build-server.mjs';

let serverBuilt: Promise<void> | undefined;

/**
 * The server as its own process, from the same bundle `npm start` runs (dist/server, built when its
 * sources changed), so a test can kill it with SIGKILL and start it again on the same data.
 */
const ROOT = join(import.meta.dirname, '../..');

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
}

/** Starts the server with `env` over this process's environment; answers once `/readyz` does. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const childEnv: Record<string, string | undefined> = { ...process.env, ...env, PORT: String(port) };
  for (const key of Object.keys(childEnv)) if (key === 'VITEST' || key.startsWith('VITEST_')) delete childEnv[key];
  delete childEnv.NODE_ENV;
  await (serverBuilt ??= buildServer({ log: () => undefined }));
  // An embedded database starts from the migrated template rather than an empty cluster, as a test app's
  // does (initdb and the migrations were over half of a first start's CPU); a restart finds it there.
  const embedded = !childEnv.DATABASE_URL && childEnv.DATA_STORE !== 'firestore' && childEnv.DATA_DIR;
  if (embedded && !existsSync(join(childEnv.DATA_DIR!, 'pglite')))
    await seedPgliteDir(join(childEnv.DATA_DIR!, 'pglite'));
  const child = spawn(process.execPath, ['--enable-source-maps', SERVER_ENTRY], {
    cwd: ROOT,
    env: childEnv,
    stdio: 'pipe',
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}):\n${output}`);
    if (Date.now() > deadline) {
      await killHard(child);
      throw new Error(`The server did not get ready:\n${output}`);
    }
    const ready = await fetch(`${url}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { child, url, output: () => output };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** SIGKILL: no shutdown hook runs, nothing is flushed; resolves once the process is gone. */
export function killHard(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

/** A fresh database on the server of TEST_DATABASE_URL; `cleanups` gets its drop. Answers its URL. */
export async function serverDatabaseFor(prefix: string, cleanups: (() => Promise<void> | void)[]): Promise<string> {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  const name = `${prefix}_${Date.now()}_${process.pid}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const again = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await again.connect();
    await again.query(`drop database if exists ${name} with (force)`);
    await again.end();
  });
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * The stores a crash test runs on. A run of the API tier for one store (TEST_STORE) plays it on that store:
 * PGlite (the embedded default), the Postgres server or Firestore (its emulator, a project per test);
 * unset, on the embedded default and on the Postgres server when TEST_DATABASE_URL is set.
 */
const only = process.env.TEST_STORE;
export const crashStores: { name: string; env: Record<string, string> }[] = [
  ...(!only || only === 'pglite' ? [{ name: 'the embedded default', env: { DATABASE_URL: '' } }] : []),
  ...(process.env.TEST_DATABASE_URL && (!only || only === 'postgres')
    ? [{ name: 'the Postgres server', env: { DATABASE_URL: 'server' } }]
    : []),
  ...(only === 'firestore'
    ? [
        {
          name: 'Firestore (emulator)',
          env: { DATA_STORE: 'firestore', FIREBASE_PROJECT_ID: `demo-crash-${Date.now()}`, DATABASE_URL: '' },
        },
      ]
    : []),
];

/** Reads a JSON answer; fails with the status and body when it is not 2xx. */
export async function okJson<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}
