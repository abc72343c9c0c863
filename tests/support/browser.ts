import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface BrowserSession {
  context: BrowserContext;
  page: Page;
  /** Uncaught errors of the page, for tests to assert there were none. */
  errors: string[];
  close(): Promise<void>;
}

/** How every Chromium of the tests and benches starts: headless, nothing of its own running beside the page. */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * One headless Chromium for every session of a test process: starting a browser costs more than most
 * tests' own work, and a browser context is as separate as a fresh profile (its own cookies, storage and
 * cache). It ends with the process.
 */
let shared: Promise<Browser> | undefined;
function sharedBrowser(): Promise<Browser> {
  const launching =
    shared ??
    chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs }).then((browser) => {
      browser.on('disconnected', () => {
        if (shared === launching) shared = undefined;
      });
      return browser;
    });
  shared = launching;
  launching.catch(() => {
    if (shared === launching) shared = undefined;
  });
  return launching;
}

/** A headless Chromium session with nothing in it: its own cookies and storage, shared with no other session. */
export async function openBrowser(): Promise<BrowserSession> {
  // A missing browser is a failure here; whether to run this tier at all is the test runner's call.
  if (!existsSync(chromiumPath)) {
    throw new Error(`No Chromium at ${chromiumPath}: install it (apt-get install chromium) or set CHROMIUM_PATH.`);
  }
  const context = await (await sharedBrowser()).newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return {
    context,
    page,
    errors,
    async close() {
      await context.close();
    },
  };
}

/** Fills the shell's sign-in form and submits it. */
export async function signInInBrowser(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** The axe-core engine's source, run in the page (through the debugging protocol, so the CSP allows it). */
let axeSource: string | undefined;
const axeScript = () =>
  (axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'));

export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  nodes: string[];
}

/** What axe finds on the page as it is now that is critical or serious (WCAG 2.x A and AA, and best practice). */
export async function seriousAxeFindings(page: Page): Promise<AxeFinding[]> {
  // Colours are judged as they settle: a toast or dialog fading in is still translucent for a moment.
  await page.evaluate(() => {
    const ending = document
      .getAnimations()
      .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
      .map((animation) => animation.finished.catch(() => undefined));
    return Promise.race([Promise.all(ending), new Promise((done) => setTimeout(done, 2_000))]);
  });
  await page.evaluate(`${axeScript()}\n;void 0`);
  return page.evaluate(async () => {
    const engine = (window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResults> } }).axe;
    type AxeResults = {
      violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[];
    };
    const results = await engine.run(document, { resultTypes: ['violations'] });
    return results.violations
      .filter((violation) => violation.impact === 'critical' || violation.impact === 'serious')
      .map((violation) => ({
        id: violation.id,
        impact: violation.impact ?? '',
        help: violation.help,
        nodes: violation.nodes.slice(0, 5).map((node) => node.target.map(String).join(' ')),
      }));
  });
}

/** Fails with what axe found when the page has a critical or serious accessibility problem. */
export async function expectAccessible(page: Page, where: string): Promise<void> {
  const findings = await seriousAxeFindings(page);
  if (findings.length === 0) return;
  const report = findings
    .map((finding) => `- ${finding.impact} ${finding.id}: ${finding.help}\n    ${finding.nodes.join('\n    ')}`)
    .join('\n');
  throw new Error(`axe found ${findings.length} serious or critical problem(s) on ${where}:\n${report}`);
}

/** Fails, naming them, when text boxes of the page (typed in, not read-only) carry no maximum length. */
export async function expectMaxLengths(page: Page, where: string): Promise<void> {
  const missing = await page.evaluate(() => {
    const notTyped = new Set(['checkbox', 'radio', 'file', 'color', 'date', 'number', 'hidden', 'range', 'submit']);
    const boxes = [...document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')].filter(
      (box) => !(box instanceof HTMLInputElement && notTyped.has(box.type)) && !box.readOnly && !box.disabled,
    );
    return boxes
      .filter((box) => box.maxLength <= 0)
      .map((box) => box.labels?.[0]?.textContent?.trim() || box.getAttribute('aria-label') || box.id || box.name);
  });
  if (missing.length > 0) throw new Error(`Text boxes without a maximum length on ${where}: ${missing.join(', ')}`);
}
