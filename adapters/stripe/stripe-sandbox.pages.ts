import { SUGGESTED_TEST_CARDS } from './stripe-sandbox.cards';

const HTML_SPECIAL = /[&<>"']/;
export const escapeHtml = (value: string): string =>
  HTML_SPECIAL.test(value)
    ? value
        .replaceAll('&', '&amp;')
        .replaceAll('<', '&lt;')
        .replaceAll('>', '&gt;')
        .replaceAll('"', '&quot;')
        .replaceAll("'", '&#39;')
    : value;

/** Formatters are made once per currency (making one costs far more than using it). */
const moneyFormats = new Map<string, Intl.NumberFormat>();

/** Amounts in the smallest unit of usd, shown as dollars. */
export const formatMoney = (amount: number, currency: string): string => {
  const code = currency.toUpperCase();
  let format = moneyFormats.get(code);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { style: 'currency', currency: code });
    moneyFormats.set(code, format);
  }
  return format.format(amount / 100);
};

const DATE_FORMAT = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });
export const formatDate = (unixSeconds: number): string => `${DATE_FORMAT.format(new Date(unixSeconds * 1000))} UTC`;

const STYLE = `
  :root { color-scheme: light; }
  * { box-sizing: border-box; }
  body { margin: 0; font: 15px/1.5 ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
    color: #1a1f36; background: #f6f9fc; }
  main { max-width: 920px; margin: 0 auto; padding: 40px 24px; display: grid; gap: 40px;
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); }
  @media (max-width: 760px) { main { grid-template-columns: 1fr; padding: 24px 16px; gap: 24px; } }
  .badge { display: inline-block; margin-left: 8px; padding: 1px 8px; border-radius: 4px; background: #ffde92;
    color: #983705; font-size: 12px; font-weight: 600; letter-spacing: .02em; text-transform: uppercase; }
  .merchant { font-weight: 600; color: #3c4257; }
  .back { color: #635bff; text-decoration: none; font-size: 14px; }
  .label { color: #697386; margin: 28px 0 4px; }
  .amount { font-size: 36px; font-weight: 700; margin: 0; letter-spacing: -.01em; }
  .description { margin: 8px 0 0; color: #3c4257; }
  form, .card { background: #fff; border-radius: 8px; padding: 24px; box-shadow: 0 2px 5px rgba(60,66,87,.08),
    0 1px 1px rgba(0,0,0,.04); }
  label { display: block; font-size: 14px; color: #3c4257; margin: 14px 0 6px; font-weight: 500; }
  input { width: 100%; font: inherit; padding: 9px 12px; border: 1px solid #d5dbe1; border-radius: 6px; background: #fff; }
  input:focus { outline: 2px solid #a4a0ff; border-color: #635bff; }
  input[aria-invalid="true"] { border-color: #df1b41; }
  .row { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; }
  button { margin-top: 22px; width: 100%; font: inherit; font-weight: 600; color: #fff; background: #635bff;
    border: 0; border-radius: 6px; padding: 12px; cursor: pointer; }
  button:hover { background: #5851e6; }
  .error { margin: 16px 0 0; padding: 10px 12px; border-radius: 6px; background: #fff0f1; color: #b3093c;
    border: 1px solid #ffccd5; }
  .hint { margin: 16px 0 0; font-size: 13px; color: #697386; }
  .hint code { font-size: 12px; color: #3c4257; }
  .single { max-width: 520px; display: block; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 8px 16px; margin: 16px 0 0; }
  dt { color: #697386; } dd { margin: 0; font-weight: 500; }
`;

/** Headers already made, by their form targets (most pages of a sandbox share a few). */
const headersByTargets = new Map<string, Record<string, string>>();
const HEADERS_KEPT = 100;

/** Page headers: nothing runs, nothing is loaded, and the form may post only to us and redirect on. */
export function pageSecurityHeaders(formTargets: string[] = []): Record<string, string> {
  const key = formTargets.join('\n');
  const known = headersByTargets.get(key);
  if (known) return { ...known };
  const headers = securityHeaders(formTargets);
  if (headersByTargets.size >= HEADERS_KEPT) headersByTargets.delete(headersByTargets.keys().next().value!);
  headersByTargets.set(key, headers);
  return { ...headers };
}

function securityHeaders(formTargets: string[]): Record<string, string> {
  const origins = [
    ...new Set(
      formTargets.flatMap((target) => {
        try {
          const url = new URL(target);
          return url.protocol === 'http:' || url.protocol === 'https:' ? [url.origin] : [];
        } catch {
          return [];
        }
      }),
    ),
  ];
  return {
    'content-security-policy': [
      "default-src 'none'",
      "style-src 'unsafe-inline'",
      'img-src data:',
      `form-action 'self' ${origins.join(' ')}`.trim(),
      "base-uri 'none'",
      "frame-ancestors 'none'",
    ].join('; '),
    'cache-control': 'no-store',
    'referrer-policy': 'same-origin',
  };
}

/** The page around a title and a body, its static parts joined once. */
const PAGE_START = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>`;
const PAGE_AFTER_TITLE = `</title>
<style>${STYLE}</style>
</head>
<body>
<main class="`;
const PAGE_END = `
</main>
</body>
</html>`;

export function layout(title: string, body: string, mainClass = ''): string {
  return `${PAGE_START}${escapeHtml(title)}${PAGE_AFTER_TITLE}${mainClass}">
${body}${PAGE_END}`;
}

/** The card form's hint: the suggested test cards, the same on every page. */
export const CARDS_HINT = `<p class="hint">Test mode: no real card is charged. ${SUGGESTED_TEST_CARDS.map(
  (card) => `<code>${card.number}</code> ${escapeHtml(card.outcome)}`,
).join('; ')}; any future expiry date and any CVC.</p>`;

export interface CheckoutPageModel {
  merchant: string;
  description: string;
  amount: number;
  currency: string;
  email: string;
  cancelUrl: string | null;
  /** What the payer typed, kept when the page is shown again with an error (never the CVC). */
  values?: { email?: string; cardNumber?: string; cardExpiry?: string; billingName?: string };
  error?: { message: string; field: 'number' | 'expiry' | 'cvc' | null } | null;
}

/** The hosted checkout page: the summary, the card form and, after a failed try, Stripe's message. */
export function renderCheckoutPage(model: CheckoutPageModel): string {
  const values = model.values ?? {};
  const invalidField = model.error?.field ?? null;
  const amount = escapeHtml(formatMoney(model.amount, model.currency));
  const field = (
    id: string,
    label: string,
    attributes: string,
    value: string | undefined,
    invalidOn: 'number' | 'expiry' | 'cvc' | null = null,
  ) => `
      <label for="${id}">${label}</label>
      <input id="${id}" name="${id}" ${attributes} value="${escapeHtml(value ?? '')}"${
        invalidOn && invalidOn === invalidField ? ' aria-invalid="true" aria-describedby="payment-error"' : ''
      }>`;
  return layout(
    `Pay ${model.merchant}`,
    `
  <section aria-label="Order summary">
    <div><span class="merchant">${escapeHtml(model.merchant)}</span><span class="badge">Test mode</span></div>
    ${model.cancelUrl ? `<p><a class="back" href="${escapeHtml(model.cancelUrl)}">&larr; Back</a></p>` : ''}
    <p class="label">${escapeHtml(model.description)}</p>
    <p class="amount" data-testid="amount">${amount}</p>
  </section>
  <form method="post" novalidate aria-label="Pay with card">
    ${field('email', 'Email', 'type="email" autocomplete="email"', values.email ?? model.email)}
    ${field('cardNumber', 'Card number', 'inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" required', values.cardNumber, 'number')}
    <div class="row">
      <div>${field('cardExpiry', 'Expiration (MM / YY)', 'inputmode="numeric" autocomplete="cc-exp" placeholder="MM / YY" required', values.cardExpiry, 'expiry')}</div>
      <div>${field('cardCvc', 'Security code (CVC)', 'inputmode="numeric" autocomplete="cc-csc" placeholder="CVC" required', '', 'cvc')}</div>
    </div>
    ${field('billingName', 'Name on card', 'autocomplete="cc-name"', values.billingName)}
    ${model.error ? `<p class="error" id="payment-error" role="alert">${escapeHtml(model.error.message)}</p>` : ''}
    <button type="submit">Pay ${amount}</button>
    ${CARDS_HINT}
  </form>`,
  );
}

/** A short page for a session or link that cannot take a payment (paid, expired, inactive). */
export function renderNoticePage(title: string, message: string, link?: { href: string; text: string }): string {
  return layout(
    title,
    `
  <section class="card">
    <h1>${escapeHtml(title)}</h1>
    <p role="status">${escapeHtml(message)}</p>
    ${link ? `<p><a class="back" href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p>` : ''}
  </section>`,
    'single',
  );
}

export interface ReceiptPageModel {
  merchant: string;
  receiptNumber: string;
  amount: number;
  amountRefunded: number;
  currency: string;
  paidAt: number;
  description: string | null;
  card: { brand: string; last4: string } | null;
}

/** The receipt a charge's receipt_url points at. */
export function renderReceiptPage(model: ReceiptPageModel): string {
  const brand = model.card ? model.card.brand.toUpperCase() : null;
  return layout(
    `Receipt from ${model.merchant}`,
    `
  <section class="card">
    <div><span class="merchant">Receipt from ${escapeHtml(model.merchant)}</span><span class="badge">Test mode</span></div>
    <p class="label">Amount paid</p>
    <p class="amount">${escapeHtml(formatMoney(model.amount, model.currency))}</p>
    <dl>
      <dt>Receipt number</dt><dd>${escapeHtml(model.receiptNumber)}</dd>
      <dt>Date paid</dt><dd>${escapeHtml(formatDate(model.paidAt))}</dd>
      ${brand && model.card ? `<dt>Payment method</dt><dd>${escapeHtml(brand)} &ndash; ${escapeHtml(model.card.last4)}</dd>` : ''}
      ${model.description ? `<dt>Description</dt><dd>${escapeHtml(model.description)}</dd>` : ''}
      ${model.amountRefunded > 0 ? `<dt>Refunded</dt><dd>${escapeHtml(formatMoney(model.amountRefunded, model.currency))}</dd>` : ''}
    </dl>
  </section>`,
    'single',
  );
}
