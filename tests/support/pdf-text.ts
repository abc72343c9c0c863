import { inflateSync } from 'node:zlib';

/**
 * The text a PDF shows, line by line, as drawn with the standard fonts (hex strings of
 * Windows-1252 bytes shown by `Tj`): enough to read what a receipt says without a PDF reader.
 *
 * Each stream is cut by its dictionary's `/Length`, not by searching for `endstream`: compressed
 * bytes may end in a carriage return, which a search would take for the line break before `endstream`.
 */
export function pdfText(bytes: Uint8Array): string[] {
  const raw = Buffer.from(bytes).toString('latin1');
  const lines: string[] = [];
  const streams = /<<((?:(?!>>\s*stream)[\s\S])*?)>>\s*stream\r?\n/g;
  for (let match = streams.exec(raw); match; match = streams.exec(raw)) {
    const length = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(match[1]!);
    if (!length) throw new Error('a PDF stream without a direct /Length');
    const start = match.index + match[0].length;
    const data = Buffer.from(raw.slice(start, start + Number(length[1])), 'latin1');
    streams.lastIndex = start + data.length;
    const content = /\/FlateDecode/.test(match[1]!) ? inflateSync(data).toString('latin1') : data.toString('latin1');
    for (const shown of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
      lines.push(Buffer.from(shown[1]!, 'hex').toString('latin1'));
    }
    for (const shown of content.matchAll(/\(((?:\\.|[^\\)])*)\)\s*Tj/g)) lines.push(shown[1]!);
  }
  return lines;
}
