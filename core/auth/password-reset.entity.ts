import { hashSecretToken } from '../shared/secret-token';

/** How long a password reset link works. */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;

/** At most this many reset e-mails per address per window; further requests send nothing. */
export const PASSWORD_RESET_MAX_PER_WINDOW = 3;
export const PASSWORD_RESET_WINDOW_MS = 60 * 60 * 1000;

/**
 * A request to set a new password, sent by e-mail as a link. The token itself is only in the e-mail:
 * the store keeps its SHA-256 (`tokenHash`), so a leaked table resets nobody's password.
 */
export interface PasswordReset {
  id: string;
  uid: string;
  /** Lowercased. */
  email: string;
  /** Lowercase hex SHA-256 of the token. */
  tokenHash: string;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
}

export type PasswordResetState = 'valid' | 'used' | 'expired';

export function passwordResetState(reset: PasswordReset, now: Date): PasswordResetState {
  if (reset.usedAt !== null) return 'used';
  if (new Date(reset.expiresAt).getTime() <= now.getTime()) return 'expired';
  return 'valid';
}

/** Lowercase hex SHA-256 of a token. */
export const hashPasswordResetToken = hashSecretToken;
