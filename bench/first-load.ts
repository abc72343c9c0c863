// What a browser downloads (JS + CSS, gzip level 9) before the signed-out shell is ready, then what
// each remote adds when its area first opens. Run: npx tsx bench/first-load.ts
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import { buildWeb } from '../scripts/build-web.mjs';
import { startTestApp } from '../tests/support/start-app';

const AREAS: [string, string][] = [
  ['campaigner', '/campaigner'],
  ['promoter', '/donor'],
  ['admin', '/admin'],
  ['admin', '/reporting'],
];

await buildWeb({ log: () => undefined });
const app = await startTestApp();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

function recorder(page: Page) {
  let files: { url: string; gzip: number; raw: number }[] = [];
  page.on('response', async (response) => {
    if (!/\.(js|css)(\?|$)/.test(response.url())) return;
    const body = await response.body().catch(() => null);
    if (body) files.push({ url: response.url(), raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
  });
  return () => {
    const taken = files;
    files = [];
    return taken;
  };
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1).padStart(7);
const rows: string[] = [];
const line = (label: string, files: { gzip: number; raw: number }[]) =>
  rows.push(
    `${label.padEnd(34)} ${String(files.length).padStart(5)} ${kib(files.reduce((s, f) => s + f.raw, 0))} ${kib(files.reduce((s, f) => s + f.gzip, 0))}`,
  );

try {
  const page = await browser.newPage();
  const take = recorder(page);
  await page.goto(`${app.url}/`);
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  await page.waitForLoadState('networkidle');
  line('shell (signed out, sign-in page)', take());
  for (const [account, path] of AREAS) {
    const context = await browser.newContext();
    const areaPage = await context.newPage();
    const takeArea = recorder(areaPage);
    await areaPage.goto(`${app.url}/`);
    await areaPage.getByLabel('E-mail address').fill(`${account}@demo.local`);
    await areaPage.getByLabel('Password').fill(app.demoPassword);
    await areaPage.getByRole('button', { name: 'Sign in' }).click();
    await areaPage.getByRole('button', { name: 'Sign out' }).waitFor();
    await areaPage.waitForLoadState('networkidle');
    takeArea();
    await areaPage.goto(`${app.url}${path}`);
    await areaPage.getByRole('button', { name: 'Sign out' }).waitFor();
    await areaPage.waitForLoadState('networkidle');
    const shellAgain = takeArea();
    const remoteFiles = shellAgain.filter((file) => file.url.includes(`/remotes/`));
    line(`remote ${path} (its own files)`, remoteFiles);
    await context.close();
  }
  console.log(`${'first load'.padEnd(34)} files  KiB raw  KiB gzip`);
  console.log(rows.join('\n'));
} finally {
  await browser.close();
  await app.close();
}
