import { linkMail } from '../email/link-mail';
import type { OutgoingMail } from '../ports/mailer.port';
import { formatExpiry } from '../registration/invitation.mail';

export const RESET_PASSWORD_PATH = '/reset-password';

/** The set-new-password page of a reset: `/reset-password?token=…`. */
export function resetPasswordLink(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${RESET_PASSWORD_PATH}?${new URLSearchParams({ token }).toString()}`;
}

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
  return linkMail({
    to: input.to,
    subject,
    kind: 'passwordReset',
    greeting,
    lead: 'Someone asked to reset the password of your Causeway account.',
    linkCue: 'Choose a new password with this link:',
    button: 'Choose a new password',
    link: input.link,
    validity,
    ignore: 'If you did not ask for this, you can ignore this e-mail: your password stays as it is.',
  });
}
