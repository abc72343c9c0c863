import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { PaymentDetailResponse } from '@causeway/core/contracts/payments.contract';
import { ReceiptView } from './receipt-view';

const receipt = (fields: Partial<PaymentDetailResponse> = {}): PaymentDetailResponse => ({
  payment: {
    paymentId: 'pi_1',
    formattedDate: 'March 1, 2026',
    createdAt: '2026-03-01T12:00:00.000Z',
    amount: 25_00,
    formattedAmount: '$25.00',
    card: { brand: 'visa', last4: '4242' },
    link: null,
  },
  donation: null,
  party: null,
  pdfUrl: null,
  frequency: 'once',
  ...fields,
});

const render = (shown: PaymentDetailResponse) =>
  renderToStaticMarkup(<ReceiptView campaignId="winter-meals" receipt={shown} campaign={null} />);

describe('the receipt of a gift from the organization’s own site', () => {
  it('links back to the page the server found listed, escaped', () => {
    const html = render(
      receipt({ returnLink: { url: "https://www.example.org/give?a=%22&b='x'", host: 'www.example.org' } }),
    );
    expect(html).toContain(
      '<a class="cw-button cw-button--primary cw-receipt__return" href="https://www.example.org/give?a=%22&amp;b=%27x%27"',
    );
    expect(html).toContain('Back to www.example.org</a>');
    expect(html).toContain('Back to the campaign');
    const odd = render(receipt({ returnLink: { url: 'https://www.example.org/', host: '<img src=x>' } }));
    expect(odd).toContain('Back to &lt;img src=x&gt;</a>');
  });

  it('shows no link back without one, nor for an address that is no web page', () => {
    expect(render(receipt())).not.toContain('cw-receipt__return');
    expect(render(receipt({ returnLink: { url: 'javascript:alert(1)', host: 'www.example.org' } }))).not.toContain(
      'cw-receipt__return',
    );
  });
});
