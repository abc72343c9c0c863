import { PDFDocument, StandardFonts, rgb, type PDFFont } from 'pdf-lib';
import type { ReceiptDocument } from '@causeway/core/payments/payment-receipts.service';

const PAGE = { width: 595.28, height: 841.89 }; // A4, in points
const MARGIN = 56;
const ACCENT = rgb(15 / 255, 118 / 255, 110 / 255);
const TEXT = rgb(22 / 255, 25 / 255, 29 / 255);
const MUTED = rgb(91 / 255, 99 / 255, 109 / 255);

/** The standard PDF fonts draw only Windows-1252: other characters are replaced rather than refused. */
function drawable(font: PDFFont, text: string): string {
  let out = '';
  for (const char of text.replace(/\s+/g, ' ')) {
    try {
      font.encodeText(char);
      out += char;
    } catch {
      out += '?';
    }
  }
  return out;
}

/** Splits text into lines no wider than `width` at `size`, breaking long words too. */
function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of drawable(font, text).split(' ')) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = '';
    let rest = word;
    while (font.widthOfTextAtSize(rest, size) > width) {
      let cut = rest.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut -= 1;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line) lines.push(line);
  return lines;
}

/** A one-page PDF of a donation receipt, for the donor to keep. */
export async function renderReceiptPdf(receipt: ReceiptDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${receipt.title} · ${receipt.organizationName}`);
  pdf.setAuthor(receipt.organizationName);
  pdf.setCreator('Causeway');
  pdf.setProducer('Causeway');
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let page = pdf.addPage([PAGE.width, PAGE.height]);
  const width = PAGE.width - 2 * MARGIN;
  let y = PAGE.height - MARGIN;

  const write = (
    text: string,
    options: { font?: PDFFont; size?: number; color?: typeof TEXT; x?: number; w?: number },
  ) => {
    const font = options.font ?? regular;
    const size = options.size ?? 11;
    const lines = wrap(font, text, size, options.w ?? width);
    for (const line of lines) {
      if (y < MARGIN + size) {
        page = pdf.addPage([PAGE.width, PAGE.height]);
        y = PAGE.height - MARGIN;
      }
      page.drawText(line, { x: options.x ?? MARGIN, y: y - size, size, font, color: options.color ?? TEXT });
      y -= size * 1.45;
    }
    return lines.length;
  };

  write('Causeway', { font: bold, size: 12, color: ACCENT });
  y -= 12;
  write(receipt.title, { font: bold, size: 22 });
  write(receipt.organizationName, { size: 13, color: MUTED });
  y -= 16;
  const labelWidth = 130;
  for (const fact of receipt.facts) {
    const top = y;
    write(fact.label, { size: 11, color: MUTED, w: labelWidth - 8 });
    const afterLabel = y;
    y = top;
    write(fact.value, { font: bold, size: 11, x: MARGIN + labelWidth, w: width - labelWidth });
    y = Math.min(y, afterLabel) - 4;
  }
  if (receipt.taxStatement.length > 0) {
    y -= 12;
    page.drawLine({
      start: { x: MARGIN, y },
      end: { x: PAGE.width - MARGIN, y },
      thickness: 0.5,
      color: MUTED,
    });
    y -= 14;
    for (const line of receipt.taxStatement) write(line, { size: 11 });
  }
  y -= 12;
  write(receipt.thanks, { size: 11, color: MUTED });
  return pdf.save();
}
