import type { OutgoingMail } from '../ports/mailer.port';
import { formatExpiry } from '../registration/invitation.mail';

export const RESET_PASSWORD_PATH = '/reset-password';

/** The set-new-password page of a reset: `/reset-password?token=…`. */
export function resetPasswordLink(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${RESET_PASSWORD_PATH}?${new URLSearchParams({ token }).toString()}`;
}

const escapeHtml = (value: string): string =>
  value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

export interface PasswordResetMailInput {
  to: string;
  /** The person's first name, when known. */
  name: string;
  /** Where the new password is set: our page, or the identity service's own. */
  link: string;
  /** Null when the identity service decides how long its link works. */
  expiresAt: string | null;
}

/** The password reset e-mail: a plain-text body and the same words as simple HTML. */
export function passwordResetMail(input: PasswordResetMailInput): OutgoingMail {
  const subject = 'Reset your Causeway password';
  const greeting = input.name ? `Hello ${input.name},` : 'Hello,';
  const validity = input.expiresAt
    ? `The link works once and until ${formatExpiry(input.expiresAt)}. Setting a new password signs you out everywhere.`
    : 'The link works once, for a limited time. Setting a new password signs you out everywhere.';
  const text = [
    greeting,
    '',
    'Someone asked to reset the password of your Causeway account. Choose a new password with this link:',
    input.link,
    '',
    validity,
    '',
    'If you did not ask for this, you can ignore this e-mail: your password stays as it is.',
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
<p style="margin:0 0 16px;font-size:15px;line-height:1.5;">${escapeHtml(greeting)}</p>
<p style="margin:0 0 24px;font-size:15px;line-height:1.5;">Someone asked to reset the password of your Causeway account.</p>
<p style="margin:0 0 24px;"><a href="${link}" style="display:inline-block;padding:12px 20px;border-radius:6px;background:#0f766e;color:#ffffff;font-weight:600;text-decoration:none;">Choose a new password</a></p>
<p style="margin:0 0 16px;font-size:14px;line-height:1.5;color:#5b636d;">${escapeHtml(validity)}</p>
<p style="margin:0 0 16px;font-size:13px;line-height:1.5;color:#5b636d;">If the button does not work, copy this address into your browser:<br><a href="${link}" style="color:#0f766e;word-break:break-all;">${link}</a></p>
<p style="margin:0;font-size:13px;line-height:1.5;color:#5b636d;">If you did not ask for this, you can ignore this e-mail: your password stays as it is.</p>
</td></tr>
</table>
</body>
</html>
`;
  return { to: input.to, subject, text, html, kind: 'passwordReset' };
}
