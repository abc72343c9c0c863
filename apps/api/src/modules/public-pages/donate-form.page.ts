import { formatUsd } from '@causeway/core/budget/budget.rules';
import type { CampaignPage } from '@causeway/core/contracts/campaigns.contract';
import {
  DEFAULT_AMOUNT,
  DONATION_MESSAGE_MAX_LENGTH,
  DONOR_NAME_MAX_LENGTH,
  MAX_DONATION_CENTS,
  MIN_DONATION_CENTS,
  PRESET_AMOUNTS,
} from '@causeway/core/donations/donation.rules';

/** Where the donate form's own script is served (on the platform, so `script-src 'self'` allows it). */
export const DONATE_FORM_SCRIPT_PATH = '/embed/donate-form.js';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

const whole = (cents: number) => formatUsd(cents).replace(/\.00$/, '');

/**
 * The compact donate form shown in a frame on an organization's own site: amount, once or monthly
 * where the campaign takes monthly gifts, name, message and Donate. The card is entered on the
 * payment provider's page, which the form opens in the whole window. `returnUrl`, a page of a listed site
 * (checked by the caller), goes with the checkout so that the donor comes back to it.
 */
export function donateFormHtml(page: CampaignPage, pageUrl: string, returnUrl: string | null = null): string {
  const title = escapeHtml(page.title || page.name);
  const organization = page.organization ? escapeHtml(page.organization.name) : '';
  const percent = page.goalCents > 0 ? Math.min(100, Math.round((page.raisedCents / page.goalCents) * 100)) : 0;
  const goal = page.goalCents > 0 ? ` of ${whole(page.goalCents)}` : '';
  const presets = PRESET_AMOUNTS.map(
    (cents) =>
      `<label class="df-chip"><input type="radio" name="preset" value="${cents}"${
        cents === DEFAULT_AMOUNT ? ' checked' : ''
      }><span>${whole(cents)}</span></label>`,
  ).join('');
  const frequency = page.allowMonthlyGifts
    ? `<fieldset class="df-field df-frequency"><legend>How often</legend>
        <label class="df-chip"><input type="radio" name="frequency" value="once" checked><span>Once</span></label>
        <label class="df-chip"><input type="radio" name="frequency" value="monthly"><span>Monthly</span></label>
      </fieldset>`
    : '';
  const form = page.allowDonations
    ? `<form class="df-form" novalidate>
      ${frequency}
      <fieldset class="df-field"><legend id="df-amount-label">Amount</legend>
        <div class="df-presets">${presets}</div>
        <label class="df-other"><span>Other amount ($)</span>
          <input name="other" inputmode="decimal" autocomplete="off" placeholder="e.g. 40"
            aria-describedby="df-amount-hint"></label>
        <p id="df-amount-hint" class="df-hint">${whole(MIN_DONATION_CENTS)} to ${whole(MAX_DONATION_CENTS)}</p>
      </fieldset>
      <label class="df-field"><span>Your name <em>(optional)</em></span>
        <input name="donorName" maxlength="${DONOR_NAME_MAX_LENGTH}" autocomplete="name"></label>
      <label class="df-field"><span>Message <em>(optional)</em></span>
        <textarea name="message" rows="2" maxlength="${DONATION_MESSAGE_MAX_LENGTH}"></textarea></label>
      <p class="df-error" role="alert" hidden></p>
      <button type="submit" class="df-donate">Donate</button>
      <p class="df-note">You enter your card on the secure payment page, not here.</p>
    </form>`
    : `<p class="df-closed" role="status">This campaign is not taking gifts at the moment.</p>`;
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="robots" content="noindex">
  <title>Donate to ${title}</title>
  <style>
    *{box-sizing:border-box}
    html,body{margin:0;background:#fff;color:#0f172a;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
    .df{padding:18px 18px 14px;max-width:480px;margin:0 auto}
    .df-org{margin:0;color:#475569;font-size:13px;font-weight:600;text-transform:uppercase;letter-spacing:.04em}
    .df-title{margin:2px 0 10px;font-size:19px;line-height:1.25}
    .df-bar{height:8px;border-radius:4px;background:#e2e8f0;overflow:hidden}
    .df-bar>span{display:block;height:100%;background:#0f766e}
    .df-raised{margin:6px 0 14px;font-size:13px;color:#334155}
    .df-form{display:grid;gap:12px}
    .df-field{display:grid;gap:4px;border:0;margin:0;padding:0;min-width:0}
    .df-field legend,.df-field>span,.df-other>span{font-weight:600;font-size:14px;padding:0;margin-bottom:4px}
    .df-field em{font-weight:400;color:#64748b;font-style:normal}
    .df-presets,.df-frequency{display:flex;flex-wrap:wrap;gap:8px}
    .df-frequency legend{width:100%}
    .df-chip{position:relative}
    .df-chip input{position:absolute;opacity:0;inset:0;margin:0;cursor:pointer}
    .df-chip span{display:inline-block;min-width:64px;text-align:center;padding:8px 12px;border:1px solid #cbd5e1;border-radius:8px;background:#fff}
    .df-chip input:checked+span{border-color:#0f766e;background:#f0fdfa;color:#115e59;font-weight:600;box-shadow:inset 0 0 0 1px #0f766e}
    .df-chip input:focus-visible+span{outline:2px solid #0f766e;outline-offset:2px}
    .df-other{display:grid;gap:2px;margin-top:8px}
    input[name=other],input[name=donorName],textarea{width:100%;padding:8px 10px;border:1px solid #cbd5e1;border-radius:8px;font:inherit}
    input:focus,textarea:focus{outline:2px solid #0f766e;outline-offset:1px}
    .df-hint,.df-note{margin:0;font-size:12px;color:#64748b}
    .df-error{margin:0;color:#b91c1c;font-size:14px}
    .df-donate{padding:11px 16px;border:0;border-radius:8px;background:#0f766e;color:#fff;font:inherit;font-weight:700;font-size:16px;cursor:pointer}
    .df-donate:disabled{opacity:.7;cursor:progress}
    .df-closed{padding:12px;border-radius:8px;background:#f1f5f9}
    .df-more{margin:12px 0 0;font-size:13px}
    .df-more a{color:#0f766e}
  </style>
</head>
<body>
  <main class="df" data-campaign-id="${escapeHtml(page.campaignId)}" data-page-url="${escapeHtml(pageUrl)}"${
    returnUrl ? ` data-return-url="${escapeHtml(returnUrl)}"` : ''
  }>
    ${organization ? `<p class="df-org">${organization}</p>` : ''}
    <h1 class="df-title">${title}</h1>
    <div class="df-bar" role="progressbar" aria-label="Raised so far" aria-valuemin="0" aria-valuemax="100"
      aria-valuenow="${percent}"><span style="width:${percent}%"></span></div>
    <p class="df-raised"><strong>${whole(page.raisedCents)}</strong> raised${goal} · ${page.donators} ${
      page.donators === 1 ? 'donor' : 'donors'
    }</p>
    ${form}
    <p class="df-more"><a href="${escapeHtml(pageUrl)}" target="_blank" rel="noopener">Read about this campaign</a></p>
  </main>
  <script src="${DONATE_FORM_SCRIPT_PATH}" defer></script>
</body>
</html>
`;
}
