import type { ReceiptDocument } from '@causeway/core/payments/payment-receipts.service';
import { ACCENT, createPdfWriter, MARGIN, MUTED } from './pdf-layout';

/** A one-page PDF of a donation receipt, for the donor to keep. */
export async function renderReceiptPdf(receipt: ReceiptDocument): Promise<Uint8Array> {
  const doc = await createPdfWriter({
    title: `${receipt.title} · ${receipt.organizationName}`,
    author: receipt.organizationName,
  });
  const { write, bold, width } = doc;

  write('Causeway', { font: bold, size: 12, color: ACCENT });
  doc.y -= 12;
  write(receipt.title, { font: bold, size: 22 });
  write(receipt.organizationName, { size: 13, color: MUTED });
  doc.y -= 16;
  const labelWidth = 130;
  for (const fact of receipt.facts) {
    const top = doc.y;
    write(fact.label, { size: 11, color: MUTED, w: labelWidth - 8 });
    const afterLabel = doc.y;
    doc.y = top;
    write(fact.value, { font: bold, size: 11, x: MARGIN + labelWidth, w: width - labelWidth });
    doc.y = Math.min(doc.y, afterLabel) - 4;
  }
  if (receipt.taxStatement.length > 0) {
    doc.y -= 12;
    doc.rule();
    doc.y -= 14;
    for (const line of receipt.taxStatement) write(line, { size: 11 });
  }
  doc.y -= 12;
  write(receipt.thanks, { size: 11, color: MUTED });
  return doc.pdf.save();
}
