import type { ReceiptDocument } from '@causeway/core/payments/payment-receipts.service';
import { MUTED, startDocument } from './pdf-layout';

/** A one-page PDF of a donation receipt, for the donor to keep. */
export async function renderReceiptPdf(receipt: ReceiptDocument): Promise<Uint8Array> {
  const doc = await startDocument(receipt);
  const { write } = doc;
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
