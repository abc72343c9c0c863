import { readFile } from 'node:fs/promises';
import type { Locator } from 'playwright-core';
import { expect } from 'vitest';
import { decodeQrPng, decodeQrSvg } from './qr-decode';

/** The QR code of a panel: its preview and its PNG and SVG downloads all read as the link it shows. */
export async function expectQrCodeOf(panel: Locator, link: string): Promise<void> {
  const page = panel.page();
  const preview = panel.getByRole('img', { name: /^QR code that opens/ });
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBe(256);
  const previewBytes = await page.evaluate(
    async (src) => Array.from(new Uint8Array(await (await fetch(src)).arrayBuffer())),
    (await preview.getAttribute('src'))!,
  );
  expect(decodeQrPng(new Uint8Array(previewBytes))).toBe(link);
  const [png] = await Promise.all([
    page.waitForEvent('download'),
    panel.getByRole('link', { name: 'Download PNG' }).click(),
  ]);
  expect(png.suggestedFilename()).toMatch(/-qr\.png$/);
  expect(decodeQrPng(new Uint8Array(await readFile((await png.path())!)))).toBe(link);
  const [svg] = await Promise.all([
    page.waitForEvent('download'),
    panel.getByRole('link', { name: 'Download SVG' }).click(),
  ]);
  expect(svg.suggestedFilename()).toMatch(/-qr\.svg$/);
  expect(decodeQrSvg(await readFile((await svg.path())!, 'utf8'))).toBe(link);
}
