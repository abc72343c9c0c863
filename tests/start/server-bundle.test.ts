import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, bundlesSandboxes } from '@causeway/scripts/build-server.mjs';

const ROOT = join(import.meta.dirname, '../..');
// Inside the project, so the bundle finds its packages in node_modules as dist/server does.
const production = join(ROOT, 'dist', `bundle-test-${randomBytes(4).toString('hex')}-production`);
const development = join(ROOT, 'dist', `bundle-test-${randomBytes(4).toString('hex')}-development`);

const codeOf = (dir: string) =>
  readdirSync(dir)
    .filter((file) => file.endsWith('.mjs'))
    .map((file) => readFileSync(join(dir, file), 'utf8'))
    .join('\n');

const SANDBOX_CODE = ['function createStripeSandbox', 'function createAmobeeSandbox', 'function chargeCard'];

beforeAll(async () => {
  const quiet = { log: () => undefined, force: true };
  await buildServer({ ...quiet, outdir: production, env: { NODE_ENV: 'production' } });
  await buildServer({ ...quiet, outdir: development, env: {} });
}, 120_000);

afterAll(() => {
  rmSync(production, { recursive: true, force: true });
  rmSync(development, { recursive: true, force: true });
});

describe('the server bundle', () => {
  it('carries the built-in sandboxes outside production, or when SANDBOXES=true asks for them', () => {
    expect(bundlesSandboxes({})).toBe(true);
    expect(bundlesSandboxes({ NODE_ENV: 'development' })).toBe(true);
    expect(bundlesSandboxes({ NODE_ENV: 'production' })).toBe(false);
    expect(bundlesSandboxes({ NODE_ENV: 'production', SANDBOXES: 'true' })).toBe(true);
    expect(bundlesSandboxes({ NODE_ENV: 'production', SANDBOXES: 'false' })).toBe(false);
    const code = codeOf(development);
    for (const marker of SANDBOX_CODE) expect(code).toContain(marker);
  });

  it('leaves the sandboxes out of a production build altogether', () => {
    const code = codeOf(production);
    for (const marker of SANDBOX_CODE) expect(code).not.toContain(marker);
  });

  it('a production build asked to run the sandboxes stops at once, saying why', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'causeway-bundle-'));
    try {
      const run = spawnSync(process.execPath, [join(production, 'main.mjs')], {
        cwd: ROOT,
        encoding: 'utf8',
        timeout: 60_000,
        env: {
          PATH: process.env.PATH,
          NODE_ENV: 'production',
          SANDBOXES: 'true',
          SMTP_URL: 'smtp://127.0.0.1:2525',
          DATA_DIR: dataDir,
          PORT: '0',
          LOG_LEVEL: 'silent',
        },
      });
      expect(run.status).not.toBe(0);
      expect(`${run.stdout}${run.stderr}`).toContain('This server was built without the built-in sandboxes');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
