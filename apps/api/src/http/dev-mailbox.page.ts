import type { DeliveredMail } from '@causeway/core/ports/mailer.port';

export const escapeHtml = (value: string): string =>
  value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;

/** The text with every web address made a link; everything else escaped. */
export function linkified(text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    // A sentence's closing punctuation is not part of the address.
    const url = match[0].replace(/[.,;:!?)]+$/, '');
    const start = match.index;
    html += escapeHtml(text.slice(last, start));
    html += `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    last = start + url.length;
  }
  return html + escapeHtml(text.slice(last));
}

const timeOf = (iso: string): string =>
  `${new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'UTC' }).format(new Date(iso))} UTC`;

/** The link to one mail's HTML version. */
export const htmlVersionPath = (messageId: string) => `/dev/mail/html?id=${encodeURIComponent(messageId)}`;
/** A mail's attachment (by its place among them), downloaded as the file it is. */
export const attachmentPath = (messageId: string, index: number) =>
  `/dev/mail/attachment?id=${encodeURIComponent(messageId)}&n=${index}`;

const sizeOf = (bytes: number) => (bytes < 1024 ? `${bytes} B` : `${Math.round(bytes / 1024)} kB`);

/** The line of a mail's attachments, each a download link with its size; empty without any. */
function attachmentsLine(mail: DeliveredMail): string {
  if (!mail.attachments?.length) return '';
  const links = mail.attachments.map(
    (file, index) =>
      `<a href="${escapeHtml(attachmentPath(mail.messageId, index))}" download="${escapeHtml(file.filename)}">${escapeHtml(file.filename)}</a> (${sizeOf(file.content.byteLength)})`,
  );
  return `<p class="meta">Attached: ${links.join(', ')}</p>\n`;
}

const STYLE = `
  :root { color-scheme: light; }
  * { box-sizing: border-box; }
  body { margin: 0; font: 15px/1.5 Inter, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
    color: #16191d; background: #f6f7f9; }
  header { background: #fff; border-bottom: 1px solid #e3e6ea; }
  .bar { max-width: 920px; margin: 0 auto; padding: 16px 24px; display: flex; align-items: center; gap: 12px; }
  .mark { display: grid; place-items: center; width: 32px; height: 32px; border-radius: 9px; color: #fff;
    font-weight: 700; background: linear-gradient(135deg, #14b8a6, #115e59); }
  .brand { font-weight: 700; font-size: 18px; letter-spacing: -0.02em; }
  .tag { margin-left: auto; padding: 2px 8px; border-radius: 999px; font-size: 12px; font-weight: 600;
    color: #92400e; background: #fef3c7; }
  main { max-width: 920px; margin: 0 auto; padding: 32px 24px 64px; }
  h1 { margin: 0 0 4px; font-size: 26px; letter-spacing: -0.02em; }
  .intro { margin: 0 0 24px; color: #5b636d; }
  form { display: flex; gap: 8px; margin-bottom: 24px; }
  input { flex: 1; height: 40px; padding: 0 12px; border: 1px solid #cfd4da; border-radius: 6px; font: inherit; }
  button, .button { height: 40px; padding: 0 14px; border: 1px solid #cfd4da; border-radius: 6px; font: inherit;
    font-weight: 600; font-size: 14px; color: #16191d; background: #fff; cursor: pointer; text-decoration: none;
    display: inline-flex; align-items: center; }
  button.primary { color: #fff; background: #0f766e; border-color: #0f766e; }
  .empty { padding: 32px; text-align: center; color: #5b636d; background: #fff; border: 1px dashed #cfd4da;
    border-radius: 16px; }
  details { background: #fff; border: 1px solid #e3e6ea; border-radius: 12px; margin-bottom: 12px;
    box-shadow: 0 1px 2px rgb(16 24 40 / 6%); }
  summary { display: grid; grid-template-columns: 1fr auto; gap: 2px 16px; padding: 14px 18px; cursor: pointer;
    list-style: none; }
  summary::-webkit-details-marker { display: none; }
  .subject { font-weight: 600; }
  .time { color: #858d97; font-size: 13px; white-space: nowrap; }
  .to { color: #5b636d; font-size: 14px; }
  .kind { justify-self: end; font-size: 12px; color: #0f766e; }
  .body { padding: 0 18px 18px; border-top: 1px solid #e3e6ea; }
  .meta { margin: 12px 0; font-size: 13px; color: #5b636d; }
  pre { margin: 0; padding: 14px; white-space: pre-wrap; word-break: break-word; font: 14px/1.6 ui-monospace,
    SFMono-Regular, Menlo, monospace; background: #f1f3f5; border-radius: 8px; }
  a { color: #0f766e; }
`;

/** The dev mailbox page: every mail kept, newest first, each opening to its text with links. */
export function renderDevMailbox(mails: DeliveredMail[], filter: { to?: string }): string {
  const to = filter.to ?? '';
  const list =
    mails.length === 0
      ? `<p class="empty">${to ? `No mail to ${escapeHtml(to)} yet.` : 'No mail yet. Invitations and other mail the platform sends appear here.'}</p>`
      : mails
          .map(
            (mail) => `<details>
<summary><span class="subject">${escapeHtml(mail.subject)}</span><time class="time" datetime="${escapeHtml(mail.sentAt)}">${escapeHtml(timeOf(mail.sentAt))}</time><span class="to">To ${escapeHtml(mail.to)}</span><span class="kind">${escapeHtml(mail.kind)}</span></summary>
<div class="body">
<p class="meta">From ${escapeHtml(mail.from)} · Message ${escapeHtml(mail.messageId)}${mail.html === undefined ? '' : ` · <a href="${escapeHtml(htmlVersionPath(mail.messageId))}">HTML version</a>`}</p>
${attachmentsLine(mail)}<pre>${linkified(mail.text)}</pre>
</div>
</details>`,
          )
          .join('\n');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dev mailbox · Causeway</title>
<style>${STYLE}</style>
</head>
<body>
<header><div class="bar"><span class="mark" aria-hidden="true">C</span><span class="brand">Causeway</span><span class="tag">Development only</span></div></header>
<main>
<h1>Dev mailbox</h1>
<p class="intro">The mail this run of the platform sent, newest first. It was kept here, not delivered, and is gone when the server restarts.</p>
<form method="get" action="/dev/mail" role="search">
<input id="to" name="to" type="search" placeholder="Show only mail to this address" value="${escapeHtml(to)}" aria-label="Recipient">
<button class="primary" type="submit">Filter</button>
${to ? '<a class="button" href="/dev/mail">Show all</a>' : ''}
</form>
${list}
</main>
</body>
</html>
`;
}
