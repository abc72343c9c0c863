import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

/** The layout every document of the platform shares: A4, its margins, colours and fonts. */
export const PAGE = { width: 595.28, height: 841.89 }; // A4, in points
export const MARGIN = 56;
export const ACCENT = rgb(15 / 255, 118 / 255, 110 / 255);
export const TEXT = rgb(22 / 255, 25 / 255, 29 / 255);
export const MUTED = rgb(91 / 255, 99 / 255, 109 / 255);
export type Colour = typeof TEXT;

/** The standard PDF fonts draw only Windows-1252: other characters are replaced rather than refused. */
export function drawable(font: PDFFont, text: string): string {
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
export function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
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

export interface WriteOptions {
  font?: PDFFont;
  size?: number;
  color?: Colour;
  x?: number;
  w?: number;
  /** Drawn flush right within `x`..`x + w` (a figure in a column). */
  alignRight?: boolean;
}

/**
 * A document written top to bottom: text wrapped to the page's width, a new page when one is full, and
 * the cursor (`y`) shared by every call, so columns are drawn by going back up to a row's top.
 */
export interface PdfWriter {
  pdf: PDFDocument;
  regular: PDFFont;
  bold: PDFFont;
  /** The width between the margins. */
  width: number;
  y: number;
  page: PDFPage;
  /** Writes wrapped text at the cursor and moves it down; answers how many lines it took. */
  write(text: string, options?: WriteOptions): number;
  /** A thin line across the page at the cursor. */
  rule(): void;
  /** Starts a new page when fewer than `height` points are left above the bottom margin. */
  keep(height: number): void;
}

/** A new document with the platform's fonts and its first page, titled and credited as Causeway's. */
export async function createPdfWriter(meta: { title: string; author: string }): Promise<PdfWriter> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(meta.title);
  pdf.setAuthor(meta.author);
  pdf.setCreator('Causeway');
  pdf.setProducer('Causeway');
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const writer: PdfWriter = {
    pdf,
    regular,
    bold,
    width: PAGE.width - 2 * MARGIN,
    y: PAGE.height - MARGIN,
    page: pdf.addPage([PAGE.width, PAGE.height]),
    write(text, options = {}) {
      const font = options.font ?? regular;
      const size = options.size ?? 11;
      const x = options.x ?? MARGIN;
      const w = options.w ?? writer.width;
      const lines = wrap(font, text, size, w);
      for (const line of lines) {
        if (writer.y < MARGIN + size) newPage();
        const at = options.alignRight ? x + w - font.widthOfTextAtSize(line, size) : x;
        writer.page.drawText(line, { x: at, y: writer.y - size, size, font, color: options.color ?? TEXT });
        writer.y -= size * 1.45;
      }
      return lines.length;
    },
    rule() {
      writer.page.drawLine({
        start: { x: MARGIN, y: writer.y },
        end: { x: PAGE.width - MARGIN, y: writer.y },
        thickness: 0.5,
        color: MUTED,
      });
    },
    keep(height) {
      if (writer.y - height < MARGIN) newPage();
    },
  };
  function newPage() {
    writer.page = pdf.addPage([PAGE.width, PAGE.height]);
    writer.y = PAGE.height - MARGIN;
  }
  return writer;
}

/** What a document's head shows: its title, the organization it is from, and its facts as label and value. */
export interface DocumentHead {
  title: string;
  organizationName: string;
  facts: { label: string; value: string }[];
}

/**
 * A new document with the head every Causeway document has (receipts, statements): the platform's name,
 * the title, the organization, then its facts in two columns. The cursor is left under the facts.
 */
export async function startDocument(head: DocumentHead): Promise<PdfWriter> {
  const doc = await createPdfWriter({
    title: `${head.title} · ${head.organizationName}`,
    author: head.organizationName,
  });
  const { write, bold, width } = doc;
  write('Causeway', { font: bold, size: 12, color: ACCENT });
  doc.y -= 12;
  write(head.title, { font: bold, size: 22 });
  write(head.organizationName, { size: 13, color: MUTED });
  doc.y -= 16;
  const labelWidth = 130;
  for (const fact of head.facts) {
    const top = doc.y;
    write(fact.label, { size: 11, color: MUTED, w: labelWidth - 8 });
    const afterLabel = doc.y;
    doc.y = top;
    write(fact.value, { font: bold, size: 11, x: MARGIN + labelWidth, w: width - labelWidth });
    doc.y = Math.min(doc.y, afterLabel) - 4;
  }
  return doc;
}
