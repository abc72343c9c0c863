import { describe, expect, it } from 'vitest';
import { pdfText } from '@causeway/tests/support/pdf-text';
import { renderReceiptPdf } from './receipt.pdf';

const receipt = (reference: string) => ({
  title: 'Donation receipt',
  organizationName: 'Harbor Light Food Bank',
  facts: [
    { label: 'Organization', value: 'Harbor Light Food Bank, Inc.' },
    { label: 'Amount', value: '$25.00 (USD)' },
    { label: 'Payment reference', value: reference },
  ],
  taxStatement: ['No goods or services were provided in exchange for this gift.'],
  thanks: 'Thank you, Dana.',
});

describe('the receipt PDF', () => {
  it('draws the title, each fact and the tax statement as text', async () => {
    const lines = pdfText(await renderReceiptPdf(receipt('cs_test_1')));
    for (const text of [
      'Donation receipt',
      'Harbor Light Food Bank, Inc.',
      '$25.00 (USD)',
      'cs_test_1',
      'No goods or services were provided in exchange for this gift.',
    ]) {
      expect(lines).toContain(text);
    }
  });

  // About one receipt in a thousand compresses to bytes that end in a carriage return; this reference is one.
  it('still reads as text when its compressed page ends in a carriage return', async () => {
    const bytes = await renderReceiptPdf(receipt('cs_test_1079'));
    expect(Buffer.from(bytes).toString('latin1')).toMatch(/\r\nendstream/);
    expect(pdfText(bytes)).toContain('Harbor Light Food Bank, Inc.');
  });
});
