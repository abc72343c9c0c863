// What a browser downloads (JS + CSS, gzip level 9) before the signed-out shell is ready; then each area
// opened by a signed-in user in a new tab with nothing cached: its remote's own files, and for a
// campaigner the whole first screen by kind (React, TanStack Query, module federation, the product's
// own code); then the public campaign page opened cold (an ad click) in headless Chromium through CDP,
// median of 5 runs each: bytes transferred, and Largest Contentful Paint on a throttled phone
// (1.6 Mbps, 150 ms RTT, 4x CPU) and on Fast 4G (9 Mbps, 60 ms RTT); and
// what a campaigner's browser receives, compressed as sent, from opening the app cold to their first
// page after signing in.
// Run: npx tsx bench/first-load.ts [runs] [--list]
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import { buildWeb } from '@causeway/scripts/build-web.mjs';
import { TYPES } from '@causeway/api/types';
import { chromiumArgs, chromiumPath } from '@causeway/tests/support/browser';
import { pngOfSize } from '@causeway/tests/support/png';
import { startTestApp } from '@causeway/tests/support/start-app';

const RUNS = Number(process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? 5);
/** `--list`: every file of each cold load, largest first. */
const LIST = process.argv.includes('--list');

const AREAS: [string, string][] = [
  ['campaigner', '/campaigner'],
  ['promoter', '/donor'],
  ['admin', '/admin'],
  ['admin', '/reports'],
];

await buildWeb({ log: () => undefined });
const app = await startTestApp({ env: { CAMPAIGN_PAGE_CACHE_MS: '1000' } });
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });

/** A script or style of a first load: its address on the app, sizes, and what it is. */
interface CodeFile {
  url: string;
  gzip: number;
  raw: number;
  kind: string;
}

/** The scripts and styles a page fetches; `take()` hands over those fetched so far, bodies read. */
function recorder(page: Page) {
  let files: CodeFile[] = [];
  let reading: Promise<void>[] = [];
  page.on('response', (response) => {
    if (!/\.(js|css)(\?|$)/.test(response.url())) return;
    reading.push(
      response.body().then(
        (body) => {
          const url = response.url().replace(app.url, '');
          // A module preloaded and then imported can answer twice: each file counts once.
          if (files.some((file) => file.url === url)) return;
          files.push({ url, raw: body.length, gzip: gzipSync(body, { level: 9 }).length, kind: kindOf(url, body) });
        },
        () => undefined,
      ),
    );
  });
  return async () => {
    await Promise.all(reading);
    const taken = files;
    files = [];
    reading = [];
    return taken;
  };
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1).padStart(7);
const rows: string[] = [];
/** With `--list`: each file of a load and its size in KiB, largest first. */
const listFiles = (files: { url: string; size: number }[]) => {
  if (!LIST) return;
  for (const file of [...files].sort((a, b) => b.size - a.size))
    console.log(`  ${kib(file.size)} ${file.url.replace(app.url, '')}`);
};
const line = (label: string, files: { gzip: number; raw: number }[]) =>
  rows.push(
    `${label.padEnd(34)} ${String(files.length).padStart(5)} ${kib(files.reduce((s, f) => s + f.raw, 0))} ${kib(files.reduce((s, f) => s + f.gzip, 0))}`,
  );

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
/** What a file of a first load is: a library, the federation's code, or the product's own. */
function kindOf(url: string, body: Buffer): string {
  if (/tanstack/.test(url)) return 'TanStack Query';
  if (/(loadShare|prebuild)__react/.test(url)) return 'React and React DOM';
  if (
    /(_virtual_mf|remoteEntry|hostInit|mf-entry-bootstrap|pendingShares|vite-preload-helper|\/helpers-)/.test(url) ||
    body.includes('[ Federation Runtime ]')
  )
    return 'module federation (runtime and glue)';
  return "the product's own code and styles";
}

/** Signs `account` in from the app's front page. */
async function signIn(page: Page, account: string) {
  await page.goto(`${app.url}/`);
  await page.getByLabel('E-mail address').fill(`${account}@demo.local`);
  await page.getByLabel('Password').fill(app.demoPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * A signed-in user opens `path` in a new tab with nothing cached: every script and style their browser
 * fetches until the page is shown and the network is quiet (the shell, the signed-in frame and the
 * area's remote), gzip level 9.
 */
async function signedInFirstScreen(account: string, path: string): Promise<CodeFile[]> {
  const context = await browser.newContext();
  try {
    const first = await context.newPage();
    await signIn(first, account);
    await first.getByRole('button', { name: 'Sign out' }).waitFor();
    await first.close();
    const page = await context.newPage();
    await transferMeter(page);
    const take = recorder(page);
    await page.goto(`${app.url}${path}`);
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    await page.waitForLoadState('networkidle');
    return await take();
  } finally {
    await context.close();
  }
}

interface Profile {
  name: string;
  latencyMs: number;
  downloadBps: number;
  uploadBps: number;
  cpuSlowdown: number;
}

/** Throughputs in bytes a second, as Chrome's network emulation takes them. */
const PROFILES: Profile[] = [
  {
    name: 'phone (1.6 Mbps, 150 ms RTT, 4x CPU)',
    latencyMs: 150,
    downloadBps: 1.6e6 / 8,
    uploadBps: 750e3 / 8,
    cpuSlowdown: 4,
  },
  { name: 'Fast 4G (9 Mbps, 60 ms RTT)', latencyMs: 60, downloadBps: 9e6 / 8, uploadBps: 1.5e6 / 8, cpuSlowdown: 1 },
];

interface ColdLoad {
  bytes: number;
  requests: number;
  lcpMs: number;
  lcpElement: string;
}

/**
 * Every response's bytes as received (compressed, headers included) on a page, by address, with the
 * browser's cache off; and the page's CDP session.
 */
async function transferMeter(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const urls = new Map<string, string>();
  const files: { url: string; bytes: number }[] = [];
  cdp.on('Network.requestWillBeSent', (event: { requestId: string; request: { url: string } }) =>
    urls.set(event.requestId, event.request.url),
  );
  cdp.on('Network.loadingFinished', (event: { requestId: string; encodedDataLength: number }) =>
    files.push({ url: urls.get(event.requestId) ?? '?', bytes: event.encodedDataLength }),
  );
  return { cdp, files };
}

interface SignedInLoad {
  /** Everything received: the page, scripts, styles, fonts and the API's answers. */
  bytes: number;
  /** The scripts and styles alone. */
  codeBytes: number;
  requests: number;
}

/**
 * A campaigner opens the app cold (nothing cached), signs in and lands on their home: what their browser
 * received until that page is shown with its lists.
 */
async function campaignerSignsIn(): Promise<SignedInLoad> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const { files } = await transferMeter(page);
    await signIn(page, 'campaigner');
    await page.getByRole('heading', { name: 'Drafts' }).waitFor();
    await page.waitForLoadState('networkidle');
    listFiles(files.map((file) => ({ url: file.url, size: file.bytes })));
    const code = files.filter((file) => /\.(js|css)(\?|$)/.test(file.url));
    return {
      bytes: files.reduce((sum, file) => sum + file.bytes, 0),
      codeBytes: code.reduce((sum, file) => sum + file.bytes, 0),
      requests: files.length,
    };
  } finally {
    await context.close();
  }
}

/** A live campaign with a cover image, as an ad's click finds it. */
async function liveCampaignPage(): Promise<string> {
  const repositories = app.server.container.get(TYPES.Repositories);
  const organization = (await repositories.organizations.list())[0]!;
  const campaigner = (await repositories.users.findByEmail('campaigner@demo.local'))!;
  const campaignId = 'first-load-campaign';
  const cover = await app.server.container
    .get(TYPES.FileStore)
    .put(`campaigns/${campaignId}/cover.png`, pngOfSize(1200, 630), 'image/png');
  await repositories.campaigns.create({
    campaignUUID: campaignId,
    userId: campaigner.uid,
    organizationId: organization.organizationId,
    createdAt: new Date().toISOString(),
    campaignName: 'Winter meals',
    campaignTitle: 'Warm meals for 500 families',
    campaignDescription:
      'Every week our volunteers cook and deliver warm meals to families across the city.\n\n'.repeat(6),
    campaignCategory: 'Hunger and food security',
    campaignTags: ['food', 'winter'],
    campaignCoverImage: cover.url,
    campaignRaiseGoal: 10_000_00,
    campaignRaised: 2_500_00,
    donators: 12,
    campaignRaiseGoalDeadline: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    allowDonations: true,
    isPaid: true,
  });
  return `${app.url}/campaign/${campaignId}/details/`;
}

/** One cold visit (a fresh profile: nothing cached) on a phone-sized screen under `profile`. */
async function coldLoad(url: string, profile: Profile): Promise<ColdLoad> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    await page.addInitScript(() => {
      const found: { startTime: number; element: string }[] = [];
      (window as unknown as { __lcp: typeof found }).__lcp = found;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { element?: Element | null })[]) {
          const element = entry.element;
          found.push({
            startTime: entry.startTime,
            element: element ? `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}` : '(gone)',
          });
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    const { cdp, files } = await transferMeter(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: profile.latencyMs,
      downloadThroughput: profile.downloadBps,
      uploadThroughput: profile.uploadBps,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    // The page's own code has taken over (its donation panel is there).
    await page.locator('.cw-cpage__donate').waitFor();
    const entries = await page.evaluate(
      () => (window as unknown as { __lcp: { startTime: number; element: string }[] }).__lcp,
    );
    const last = entries.at(-1);
    if (!last) throw new Error('No largest contentful paint was reported.');
    listFiles(files.map((file) => ({ url: file.url, size: file.bytes })));
    return {
      bytes: files.reduce((sum, file) => sum + file.bytes, 0),
      requests: files.length,
      lcpMs: last.startTime,
      lcpElement: last.element,
    };
  } finally {
    await context.close();
  }
}

try {
  const page = await browser.newPage();
  const take = recorder(page);
  await page.goto(`${app.url}/`);
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  await page.waitForLoadState('networkidle');
  const shellFiles = await take();
  line('shell (signed out, sign-in page)', shellFiles);
  let campaignerScreen: CodeFile[] | null = null;
  for (const [account, path] of AREAS) {
    const screen = await signedInFirstScreen(account, path);
    campaignerScreen ??= screen;
    line(
      `remote ${path} (its own files)`,
      screen.filter((file) => file.url.startsWith('/remotes/')),
    );
  }
  console.log(`${'first load'.padEnd(34)} files  KiB raw  KiB gzip`);
  console.log(rows.join('\n'));
  const firstScreen = campaignerScreen!;
  const total = firstScreen.reduce((sum, file) => sum + file.gzip, 0);
  console.log(
    `\nsigned-in campaigner's first screen, /campaigner in a new tab with nothing cached (JS + CSS, gzip): ` +
      `${(total / 1024).toFixed(1)} KiB (${(total / 1000).toFixed(1)} kB) in ${firstScreen.length} files`,
  );
  const kinds = new Map<string, number>();
  for (const file of firstScreen) kinds.set(file.kind, (kinds.get(file.kind) ?? 0) + file.gzip);
  for (const [kind, bytes] of [...kinds].sort((a, b) => b[1] - a[1]))
    console.log(`  ${kind.padEnd(40)} ${kib(bytes)} KiB`);
  listFiles(firstScreen.map((file) => ({ url: file.url, size: file.gzip })));
  const signIns: SignedInLoad[] = [];
  for (let run = 0; run < RUNS; run++) signIns.push(await campaignerSignsIn());
  console.log(
    `campaigner, cold, from the sign-in page to their home (median of ${RUNS}), KiB as sent: ` +
      `${(median(signIns.map((load) => load.bytes)) / 1024).toFixed(1)} in all, ` +
      `${(median(signIns.map((load) => load.codeBytes)) / 1024).toFixed(1)} of scripts and styles, ` +
      `${median(signIns.map((load) => load.requests))} requests`,
  );

  const campaignUrl = await liveCampaignPage();
  console.log(`\ncampaign page, cold (median of ${RUNS})   KiB sent  requests  LCP ms  LCP element`);
  for (const profile of PROFILES) {
    const runs: ColdLoad[] = [];
    for (let run = 0; run < RUNS; run++) runs.push(await coldLoad(campaignUrl, profile));
    const middle = (pick: (load: ColdLoad) => number) => median(runs.map(pick));
    const lcp = middle((load) => load.lcpMs);
    console.log(
      `${profile.name.padEnd(36)} ${kib(middle((load) => load.bytes))} ${String(middle((load) => load.requests)).padStart(9)} ${lcp.toFixed(0).padStart(7)}  ${runs.find((load) => load.lcpMs === lcp)?.lcpElement ?? ''}`,
    );
  }
} finally {
  await browser.close();
  await app.close();
}
