// Renders the demo campaigns' cover designs (apps/api/src/demo/covers/*.svg) to the JPEG files the demo
// seed stores (1200 × 630, the link-preview size), with the Chromium the browser tests use. Run it again
// after changing a design: `node scripts/render-demo-covers.mjs`.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const directory = join(import.meta.dirname, '..', 'apps', 'api', 'src', 'demo', 'covers');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
  for (const name of readdirSync(directory).filter((file) => file.endsWith('.svg'))) {
    const svg = readFileSync(join(directory, name), 'utf8');
    await page.setContent(`<!doctype html><html><body style="margin:0">${svg}</body></html>`);
    const output = join(directory, name.replace(/\.svg$/, '.jpg'));
    await page.screenshot({ path: output, type: 'jpeg', quality: 82, clip: { x: 0, y: 0, width: 1200, height: 630 } });
    console.log(`${output}: ${Math.round(statSync(output).size / 1024)} kB`);
  }
} finally {
  await browser.close();
}
