import type { OutgoingMail } from '../ports/mailer.port';

export const escapeHtml = (value: string): string =>
  value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

/**
 * A mail's HTML: the platform's frame (a card with its name on top) around `body`, which is HTML
 * already escaped by the caller. The link mails and the year-end statement are laid out by it.
 */
export function mailHtml(subject: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:24px;background:#f6f7f9;font-family:Inter,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#16191d;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e3e6ea;border-radius:16px;">
<tr><td style="padding:32px;">
<p style="margin:0 0 24px;font-size:18px;font-weight:700;color:#0f766e;">Causeway</p>
${body}</td></tr>
</table>
</body>
</html>
`;
}

export interface LinkMailInput {
  to: string;
  subject: string;
  kind: string;
  greeting: string;
  /** Why the mail came, as its first sentence. */
  lead: string;
  /** What the link is for, after the lead in the plain text (the HTML has the button instead). */
  linkCue: string;
  button: string;
  link: string;
  /** How long and how often the link works. */
  validity: string;
  /** What to do when it was not asked for. */
  ignore: string;
}

/** An e-mail that carries one link (a password reset, a donor's gifts): plain text and the same words as simple HTML. */
export function linkMail(input: LinkMailInput): OutgoingMail {
  const text = [
    input.greeting,
    '',
    `${input.lead} ${input.linkCue}`,
    input.link,
    '',
    input.validity,
    '',
    input.ignore,
    '',
    '— Causeway',
  ].join('\n');
  const link = escapeHtml(input.link);
  const html = mailHtml(
    input.subject,
    `<p style="margin:0 0 16px;font-size:15px;line-height:1.5;">${escapeHtml(input.greeting)}</p>
<p style="margin:0 0 24px;font-size:15px;line-height:1.5;">${escapeHtml(input.lead)}</p>
<p style="margin:0 0 24px;"><a href="${link}" style="display:inline-block;padding:12px 20px;border-radius:6px;background:#0f766e;color:#ffffff;font-weight:600;text-decoration:none;">${escapeHtml(input.button)}</a></p>
<p style="margin:0 0 16px;font-size:14px;line-height:1.5;color:#5b636d;">${escapeHtml(input.validity)}</p>
<p style="margin:0 0 16px;font-size:13px;line-height:1.5;color:#5b636d;">If the button does not work, copy this address into your browser:<br><a href="${link}" style="color:#0f766e;word-break:break-all;">${link}</a></p>
<p style="margin:0;font-size:13px;line-height:1.5;color:#5b636d;">${escapeHtml(input.ignore)}</p>
`,
  );
  return { to: input.to, subject: input.subject, text, html, kind: input.kind };
}
