import { inflateSync } from 'node:zlib';
import jsQR from 'jsqr';

/** RGBA pixels of an 8-bit PNG (grayscale, RGB, palette, with or without alpha; not interlaced). */
export function pngPixels(png: Uint8Array): { width: number; height: number; data: Uint8ClampedArray } {
  const bytes = Buffer.from(png);
  if (bytes.readUInt32BE(0) !== 0x89504e47) throw new Error('Not a PNG.');
  let offset = 8;
  let width = 0;
  let height = 0;
  let colorType = 0;
  let palette = Buffer.alloc(0);
  const idat: Buffer[] = [];
  while (offset < bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('ascii', offset + 4, offset + 8);
    const data = bytes.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      if (data[8] !== 8 || data[12] !== 0) throw new Error('Only 8-bit, non-interlaced PNGs are read here.');
      colorType = data[9]!;
    } else if (type === 'PLTE') palette = Buffer.from(data);
    else if (type === 'IDAT') idat.push(Buffer.from(data));
    offset += 12 + length;
  }
  const channels = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 }[colorType];
  if (!channels) throw new Error(`PNG color type ${colorType} is not read here.`);
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const rows = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    for (let x = 0; x < stride; x++) {
      const value = raw[y * (stride + 1) + 1 + x]!;
      const left = x >= channels ? rows[y * stride + x - channels]! : 0;
      const up = y > 0 ? rows[(y - 1) * stride + x]! : 0;
      const upLeft = y > 0 && x >= channels ? rows[(y - 1) * stride + x - channels]! : 0;
      let predicted = 0;
      if (filter === 1) predicted = left;
      else if (filter === 2) predicted = up;
      else if (filter === 3) predicted = (left + up) >> 1;
      else if (filter === 4) {
        const p = left + up - upLeft;
        const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
        predicted = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
      }
      rows[y * stride + x] = (value + predicted) & 0xff;
    }
  }
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    const at = i * channels;
    const [r, g, b, a] =
      colorType === 0
        ? [rows[at]!, rows[at]!, rows[at]!, 255]
        : colorType === 4
          ? [rows[at]!, rows[at]!, rows[at]!, rows[at + 1]!]
          : colorType === 3
            ? [palette[rows[at]! * 3]!, palette[rows[at]! * 3 + 1]!, palette[rows[at]! * 3 + 2]!, 255]
            : [rows[at]!, rows[at + 1]!, rows[at + 2]!, colorType === 6 ? rows[at + 3]! : 255];
    data.set([r, g, b, a], i * 4);
  }
  return { width, height, data };
}

/** The text a PNG QR code holds, or null when none reads. */
export function decodeQrPng(png: Uint8Array): string | null {
  const { width, height, data } = pngPixels(png);
  return jsQR(data, width, height)?.data ?? null;
}

/**
 * The text an SVG QR code holds (as the `qrcode` library draws it: a square `viewBox` of modules and one
 * stroked path of horizontal runs, `M x y.5 h n m dx dy …`), drawn again as pixels and read; null when
 * none reads.
 */
export function decodeQrSvg(svg: string): string | null {
  const size = Number(/viewBox="0 0 (\d+) \1"/.exec(svg)?.[1]);
  const path = /<path[^>]*stroke="[^"]*"[^>]*d="([^"]+)"/.exec(svg)?.[1];
  if (!size || !path) throw new Error('Not a QR code drawn as the qrcode library draws it.');
  const dark = new Set<string>();
  let x = 0;
  let y = 0;
  for (const [, command, args] of path.matchAll(/([MmHhVv])([^MmHhVv]*)/g)) {
    const numbers = args!
      .trim()
      .split(/[\s,]+/)
      .filter(Boolean)
      .map(Number);
    if (command === 'M') [x, y] = [numbers[0]!, numbers[1]!];
    else if (command === 'm') [x, y] = [x + numbers[0]!, y + numbers[1]!];
    else if (command === 'h') {
      for (let i = 0; i < numbers[0]!; i++) dark.add(`${x + i},${Math.floor(y)}`);
      x += numbers[0]!;
    } else throw new Error(`Path command ${command} is not read here.`);
  }
  const scale = 8;
  const side = size * scale;
  const data = new Uint8ClampedArray(side * side * 4).fill(255);
  for (let py = 0; py < side; py++) {
    for (let px = 0; px < side; px++) {
      if (!dark.has(`${Math.floor(px / scale)},${Math.floor(py / scale)}`)) continue;
      data.set([0, 0, 0, 255], (py * side + px) * 4);
    }
  }
  return jsQR(data, side, side)?.data ?? null;
}
