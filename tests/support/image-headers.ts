/** Images in formats besides those of images.ts: an SVG, and the header of a BMP (a format uploads refuse). */

export function bmpOfSize(width: number, height: number): Uint8Array {
  const header = Buffer.alloc(54);
  header.write('BM', 0, 'ascii');
  header.writeUInt32LE(54, 2);
  header.writeUInt32LE(54, 10);
  header.writeUInt32LE(40, 14);
  header.writeUInt32LE(width, 18);
  header.writeInt32LE(height, 22);
  header.writeUInt16LE(1, 26);
  header.writeUInt16LE(24, 28);
  return new Uint8Array(header);
}

export function svgOfSize(
  width: number,
  height: number,
  body = '<rect width="100%" height="100%" fill="#0f3d3e"/>',
): Uint8Array {
  return new TextEncoder().encode(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`,
  );
}
