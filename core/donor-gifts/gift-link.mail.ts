import { myGiftsLink } from '../contracts/donor-gifts.contract';
import type { OutgoingMail } from '../ports/mailer.port';
import { formatExpiry } from '../registration/invitation.mail';

export { myGiftsLink };

const escapeHtml = (value: string): string =>
  value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

export interface GiftsLinkMailInput {
  to: string;
  link: string;
  expiresAt: string;
}

/** The e-mail the "Find my gifts" form sends: a plain-text body and the same words as simple HTML. */
export function giftsLinkMail(input: GiftsLinkMailInput): OutgoingMail {
  const subject = 'Your gifts on Causeway';
  const validity = `The link works once, until ${formatExpiry(input.expiresAt)}. It shows the gifts made with this e-mail address.`;
  const text = [
    'Hello,',
    '',
    'Someone asked for a link to the gifts made with this e-mail address on Causeway. See them, with their receipts, here:',
    input.link,
    '',
    validity,
    '',
    'If you did not ask for this, you can ignore this e-mail: nobody else can open the link.',
    '',
    '— Causeway',
  ].join('\n');
  const link = escapeHtml(input.link);
  const html = `<!DOCTYPE html>
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
<p style="margin:0 0 16px;font-size:15px;line-height:1.5;">Hello,</p>
<p style="margin:0 0 24px;font-size:15px;line-height:1.5;">Someone asked for a link to the gifts made with this e-mail address on Causeway.</p>
<p style="margin:0 0 24px;"><a href="${link}" style="display:inline-block;padding:12px 20px;border-radius:6px;background:#0f766e;color:#ffffff;font-weight:600;text-decoration:none;">See your gifts</a></p>
<p style="margin:0 0 16px;font-size:14px;line-height:1.5;color:#5b636d;">${escapeHtml(validity)}</p>
<p style="margin:0 0 16px;font-size:13px;line-height:1.5;color:#5b636d;">If the button does not work, copy this address into your browser:<br><a href="${link}" style="color:#0f766e;word-break:break-all;">${link}</a></p>
<p style="margin:0;font-size:13px;line-height:1.5;color:#5b636d;">If you did not ask for this, you can ignore this e-mail: nobody else can open the link.</p>
</td></tr>
</table>
</body>
</html>
`;
  return { to: input.to, subject, text, html, kind: 'giftsLink' };
}
