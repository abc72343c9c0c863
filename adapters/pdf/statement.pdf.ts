import type { StatementDocument } from '@causeway/core/statements/statement';
import { MARGIN, MUTED, startDocument, wrap, type PdfWriter, type WriteOptions } from './pdf-layout';

interface Column {
  /** Its share of the page's width. */
  share: number;
  alignRight?: boolean;
}

/** One row of a table: each cell wrapped in its column, the row as tall as its tallest cell. */
function row(doc: PdfWriter, columns: readonly Column[], cells: readonly string[], options: WriteOptions = {}) {
  const size = options.size ?? 10;
  const font = options.font ?? doc.regular;
  // The row's tallest cell decides whether it fits on this page: a row is never split across two.
  const lines = Math.max(
    ...columns.map((column, index) => wrap(font, cells[index] ?? '', size, doc.width * column.share - 8).length),
  );
  doc.keep(lines * size * 1.45 + 2);
  const top = doc.y;
  let bottom = top;
  let x = MARGIN;
  columns.forEach((column, index) => {
    const w = doc.width * column.share;
    doc.y = top;
    doc.write(cells[index] ?? '', { size: 10, ...options, x, w: w - 8, alignRight: column.alignRight });
    bottom = Math.min(bottom, doc.y);
    x += w;
  });
  doc.y = bottom - 2;
}

const GIFT_COLUMNS: Column[] = [
  { share: 0.2 },
  { share: 0.48 },
  { share: 0.16, alignRight: true },
  { share: 0.16, alignRight: true },
];
const REFUND_COLUMNS: Column[] = [{ share: 0.2 }, { share: 0.64 }, { share: 0.16, alignRight: true }];

/** A year-end giving statement: the donor's gifts to one organization in a year, refunds and the net total. */
export async function renderStatementPdf(statement: StatementDocument): Promise<Uint8Array> {
  const doc = await startDocument(statement);
  const { write, bold } = doc;
  write(statement.yearNote, { size: 10, color: MUTED });

  doc.y -= 14;
  write('Gifts', { font: bold, size: 14 });
  doc.y -= 4;
  row(doc, GIFT_COLUMNS, ['Date', 'Campaign', 'Amount', 'Fee covered'], { color: MUTED });
  doc.rule();
  doc.y -= 6;
  for (const gift of statement.gifts) row(doc, GIFT_COLUMNS, [gift.date, gift.campaign, gift.amount, gift.feeCovered]);

  doc.y -= 14;
  write('Refunds', { font: bold, size: 14 });
  doc.y -= 4;
  if (statement.refunds.length === 0) {
    write('No gift of this year was refunded.', { size: 10, color: MUTED });
  } else {
    row(doc, REFUND_COLUMNS, ['Gift of', 'Campaign', 'Refunded'], { color: MUTED });
    doc.rule();
    doc.y -= 6;
    for (const refund of statement.refunds) row(doc, REFUND_COLUMNS, [refund.date, refund.campaign, refund.amount]);
  }

  doc.y -= 14;
  doc.rule();
  doc.y -= 10;
  statement.totals.forEach((total, index) => {
    const last = index === statement.totals.length - 1;
    row(doc, [{ share: 0.7 }, { share: 0.3, alignRight: true }], [total.label, total.value], {
      size: last ? 12 : 11,
      ...(last ? { font: bold } : {}),
    });
  });

  if (statement.taxStatement.length > 0) {
    doc.y -= 12;
    doc.rule();
    doc.y -= 14;
    for (const line of statement.taxStatement) write(line, { size: 11 });
  }
  doc.y -= 12;
  write(statement.thanks, { size: 11, color: MUTED });
  return doc.pdf.save();
}
