import { escapeHtml, mailHtml } from '../email/link-mail';
import type { OutgoingMail } from '../ports/mailer.port';

export interface InvitationMailInput {
  to: string;
  /** The invitee's name. */
  name: string;
  organizationName: string;
  /** Who sent the invitation, as people know them. */
  inviterName: string;
  token: string;
  expiresAt: string;
  /** Where the platform is reached, without a trailing slash. */
  publicUrl: string;
}

/** The sign-up page of an invitation: `/sign-up?email=…&token=…`. */
export function signUpLink(publicUrl: string, email: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/sign-up?${new URLSearchParams({ email, token }).toString()}`;
}

/** "January 22, 2026 at 12:00 PM UTC": mail is read anywhere, so the time zone is said. */
export function formatExpiry(expiresAt: string): string {
  const formatted = new Intl.DateTimeFormat('en-US', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(new Date(expiresAt));
  return `${formatted} UTC`;
}

/** The invitation e-mail: a plain-text body and the same words as simple HTML. */
export function invitationMail(input: InvitationMailInput): OutgoingMail {
  const link = signUpLink(input.publicUrl, input.to, input.token);
  const expiry = formatExpiry(input.expiresAt);
  const subject = `${input.inviterName} invited you to join ${input.organizationName} on Causeway`;
  const text = [
    `Hello ${input.name},`,
    '',
    `${input.inviterName} invited you to join ${input.organizationName} on Causeway, where nonprofits run their fundraising campaigns.`,
    '',
    'Create your account with this link:',
    link,
    '',
    `The link works once and until ${expiry}. If it has expired, ask ${input.inviterName} for a new invitation.`,
    '',
    'If you did not expect this invitation, you can ignore this e-mail.',
    '',
    '— Causeway',
  ].join('\n');

  const h = {
    name: escapeHtml(input.name),
    inviter: escapeHtml(input.inviterName),
    organization: escapeHtml(input.organizationName),
    link: escapeHtml(link),
    expiry: escapeHtml(expiry),
  };
  const html = mailHtml(
    subject,
    `<p style="margin:0 0 16px;font-size:15px;line-height:1.5;">Hello ${h.name},</p>
<p style="margin:0 0 24px;font-size:15px;line-height:1.5;">${h.inviter} invited you to join <strong>${h.organization}</strong> on Causeway, where nonprofits run their fundraising campaigns.</p>
<p style="margin:0 0 24px;"><a href="${h.link}" style="display:inline-block;padding:12px 20px;border-radius:6px;background:#0f766e;color:#ffffff;font-weight:600;text-decoration:none;">Create your account</a></p>
<p style="margin:0 0 16px;font-size:14px;line-height:1.5;color:#5b636d;">The link works once and until ${h.expiry}. If it has expired, ask ${h.inviter} for a new invitation.</p>
<p style="margin:0 0 16px;font-size:13px;line-height:1.5;color:#5b636d;">If the button does not work, copy this address into your browser:<br><a href="${h.link}" style="color:#0f766e;word-break:break-all;">${h.link}</a></p>
<p style="margin:0;font-size:13px;line-height:1.5;color:#858d97;">If you did not expect this invitation, you can ignore this e-mail.</p>
`,
  );
  return { to: input.to, subject, text, html, kind: 'invitation' };
}
