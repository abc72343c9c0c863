import { describe, expect, it } from 'vitest';
import { decodeQrPng, decodeQrSvg, pngPixels } from '@causeway/tests/support/qr-decode';
import { qrFileName, qrImage } from './qr-image';

describe('QR code images', () => {
  it('draws a PNG of the width asked and an SVG, both reading as the text', async () => {
    const text = 'https://causeway.example/s/abcDEF_123';
    const png = await qrImage(text, 'png', 300);
    expect(png.contentType).toBe('image/png');
    expect(pngPixels(png.body).width).toBe(300);
    expect(decodeQrPng(png.body)).toBe(text);
    const svg = await qrImage(text, 'svg');
    expect(svg.contentType).toBe('image/svg+xml');
    expect(decodeQrSvg(svg.body.toString('utf8'))).toBe(text);
  });

  it.each([128, 256, 404])('draws a PNG exactly %i pixels wide whatever the number of modules', async (size) => {
    // 41 modules and the quiet zone, 49: widths the library's own rounding drew one pixel short.
    const text = `https://causeway.example/q/${'c'.repeat(36)}/${'p'.repeat(36)}`;
    const png = await qrImage(text, 'png', size);
    expect(pngPixels(png.body).width).toBe(size);
    expect(decodeQrPng(png.body)).toBe(text);
  });

  it.each([
    ['Winter coats: Portland!', 'png', 'winter-coats-portland-qr.png'],
    ['  Café  Ünïcode  ', 'svg', 'cafe-unicode-qr.svg'],
    ['"; rm -rf /', 'png', 'rm-rf-qr.png'],
    ['!!!', 'svg', 'campaign-qr.svg'],
    ['a'.repeat(100), 'png', `${'a'.repeat(60)}-qr.png`],
  ] as const)('names the download of %j %s as %s', (name, format, file) => {
    expect(qrFileName(name, format)).toBe(file);
  });

  it("names a fundraising page's code after its campaign too", () => {
    expect(qrFileName('Winter coats', 'svg', 'fundraiser')).toBe('winter-coats-fundraiser-qr.svg');
    expect(qrFileName('a'.repeat(100), 'png', 'fundraiser')).toBe(`${'a'.repeat(60)}-fundraiser-qr.png`);
  });
});
