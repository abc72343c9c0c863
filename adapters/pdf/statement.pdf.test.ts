import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { statementDocument } from '@causeway/core/statements/statement';
import { pdfText } from '@causeway/tests/support/pdf-text';
import { renderStatementPdf } from './statement.pdf';

const gift = (id: string, date: string, amount: number, refunded = 0, coveredFee = 0) => ({
  donation: { id, campaign_id: 'c-1', date, amount, refunded, covered_fee: coveredFee, covered_fee_refunded: 0 },
  campaign: { campaignTitle: 'Warm meals for 500 families' },
});

describe('the statement PDF', () => {
  it('draws the gifts, refunds, totals, the organization’s tax statement and the UTC note as text', async () => {
    const document = statementDocument({
      donorEmail: 'ada@example.org',
      year: 2026,
      organization: {
        name: 'Harbor Light',
        legalName: 'Harbor Light Food Bank, Inc.',
        taxId: '12-3456789',
        receiptNote: 'No goods or services were provided.',
      },
      gifts: [
        gift('d-1', '2026-03-01T10:00:00.000Z', 2_500, 500),
        gift('d-2', '2026-11-02T10:00:00.000Z', 4_000, 0, 146),
      ],
    });
    const lines = pdfText(await renderStatementPdf(document));
    for (const text of [
      'Giving statement 2026',
      'Harbor Light Food Bank, Inc.',
      '12-3456789',
      'Years are calendar years in UTC: gifts are dated in UTC.',
      'Mar 1, 2026',
      'Warm meals for 500 families',
      '$25.00',
      '$1.46',
      '-$5.00',
      'Total given, net of refunds',
      '$60.00 (USD)',
      'Harbor Light Food Bank, Inc., tax id 12-3456789.',
      'No goods or services were provided.',
    ]) {
      expect(lines).toContain(text);
    }
  });

  it('goes on to further pages for a donor of many gifts', async () => {
    const gifts = Array.from({ length: 80 }, (_, index) =>
      gift(`d-${index}`, new Date(Date.UTC(2026, 0, 1 + index * 4)).toISOString(), 1_000),
    );
    const document = statementDocument({
      donorEmail: 'ada@example.org',
      year: 2026,
      organization: { name: 'Harbor Light', legalName: null, taxId: null, receiptNote: null },
      gifts,
    });
    const bytes = await renderStatementPdf(document);
    expect((await PDFDocument.load(bytes)).getPageCount()).toBeGreaterThan(1);
    expect(pdfText(bytes)).toContain('$800.00 (USD)');
  });
});
