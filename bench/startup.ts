// Time from process start to the first healthy GET /healthz, for `npm start` on its embedded defaults
// (PGlite; it checks the web and server builds, then runs the server bundle), beside the same server run
// from its TypeScript sources through tsx, and a bare Node HTTP server, started the same way in the same run.
// Run: npx tsx bench/startup.ts [runs]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServer } from '@causeway/scripts/build-server.mjs';
import { buildWeb } from '@causeway/scripts/build-web.mjs';

const runs = Number(process.argv[2] ?? 7);
const root = join(import.meta.dirname, '..');

async function timeToHealthy(args: string[], env: Record<string, string>, port: number): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return performance.now() - started;
      if (performance.now() - started > 60_000) throw new Error(`no /healthz within 60 s: ${args.join(' ')}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const baselineServer = `require('node:http').createServer((q, s) => s.end('{"status":"ok"}')).listen(process.env.PORT)`;

const dataDir = mkdtempSync(join(tmpdir(), 'causeway-bench-'));
const env = {
  DATA_DIR: dataDir,
  DEMO_PASSWORD: 'bench-password-1',
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
  COOKIE_SECURE: 'false',
  // Production needs an SMTP server; nothing is sent while the benchmark runs, so none needs to listen.
  SMTP_URL: 'smtp://127.0.0.1:2525',
  // No vendor keys here: the built-in sandboxes, asked for by name as production requires.
  SANDBOXES: 'true',
};
// Both builds up to date first, as on a second `npm start`.
await buildWeb({ log: () => undefined });
await buildServer({ log: () => undefined });
const npmStart = ['scripts/start.mjs'];
const fromSources = ['--import', 'tsx', 'apps/api/src/main.ts'];
try {
  const first = await timeToHealthy(npmStart, env, 3901);
  const warm: number[] = [];
  const sources: number[] = [];
  const bare: number[] = [];
  for (let run = 0; run < runs; run++) {
    bare.push(await timeToHealthy(['-e', baselineServer], {}, 3902));
    warm.push(await timeToHealthy(npmStart, env, 3901));
    sources.push(await timeToHealthy(fromSources, env, 3901));
  }
  console.log(`first start (migrate + seed; web and server bundle already built): ${first.toFixed(0)} ms`);
  console.log(`later starts of npm start, median of ${runs}: ${median(warm).toFixed(0)} ms`);
  console.log(`later starts from the TypeScript sources (tsx), median of ${runs}: ${median(sources).toFixed(0)} ms`);
  console.log(`bare Node HTTP server, median of ${runs}: ${median(bare).toFixed(0)} ms`);
  console.log(`ratio npm start / bare server: ${(median(warm) / median(bare)).toFixed(1)}x`);
  console.log(`ratio npm start / tsx sources: ${(median(warm) / median(sources)).toFixed(2)}`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
