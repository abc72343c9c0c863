import { inflateSync } from 'node:zlib';

/**
 * The text a PDF shows, line by line, as drawn with the standard fonts (hex strings of
 * Windows-1252 bytes shown by `Tj`): enough to read what a receipt says without a PDF reader.
 */
export function pdfText(bytes: Uint8Array): string[] {
  const raw = Buffer.from(bytes).toString('latin1');
  const lines: string[] = [];
  const streams = /stream\r?\n([\s\S]*?)\r?\nendstream/g;
  for (let match = streams.exec(raw); match; match = streams.exec(raw)) {
    const data = Buffer.from(match[1]!, 'latin1');
    let content: string;
    try {
      content = inflateSync(data).toString('latin1');
    } catch {
      content = data.toString('latin1');
    }
    for (const shown of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
      lines.push(Buffer.from(shown[1]!, 'hex').toString('latin1'));
    }
    for (const shown of content.matchAll(/\(((?:\\.|[^\\)])*)\)\s*Tj/g)) lines.push(shown[1]!);
  }
  return lines;
}
