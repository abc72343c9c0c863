import { pngOfSize } from './png';

export { pngOfSize };

/** The header of a GIF of the given size: enough for a reader of dimensions. */
export function gifOfSize(width: number, height: number): Uint8Array {
  const bytes = Buffer.alloc(13 + 1);
  bytes.write('GIF89a', 0, 'ascii');
  bytes.writeUInt16LE(width, 6);
  bytes.writeUInt16LE(height, 8);
  bytes[13] = 0x3b; // trailer
  return new Uint8Array(bytes);
}

/** The start of a JFIF JPEG: its APP0 segment and its frame header (SOF0) of the given size. */
export function jpegOfSize(width: number, height: number): Uint8Array {
  const app0 = Buffer.from([
    0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00,
  ]);
  const frame = Buffer.alloc(2 + 2 + 15);
  frame.writeUInt16BE(0xffc0, 0);
  frame.writeUInt16BE(17, 2);
  frame[4] = 8;
  frame.writeUInt16BE(height, 5);
  frame.writeUInt16BE(width, 7);
  frame[9] = 3;
  return new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xd8]), app0, frame, Buffer.from([0xff, 0xd9])]));
}

/** An extended-format WebP (VP8X) header of the given canvas size. */
export function webpOfSize(width: number, height: number): Uint8Array {
  const chunk = Buffer.alloc(8 + 10);
  chunk.write('VP8X', 0, 'ascii');
  chunk.writeUInt32LE(10, 4);
  chunk.writeUIntLE(width - 1, 12, 3);
  chunk.writeUIntLE(height - 1, 15, 3);
  const header = Buffer.alloc(12);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(4 + chunk.length, 4);
  header.write('WEBP', 8, 'ascii');
  return new Uint8Array(Buffer.concat([header, chunk]));
}
