import { z } from 'zod';
import { Email, Id, Timestamp } from '../shared/primitives';
import { AccountType } from '../users/user.entity';

/** How long an invitation can be accepted. */
export const REGISTRATION_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * An invitation to register into an organization. The token itself is given to the inviter once and
 * never stored: only its SHA-256 (`tokenHash`) is, so a leaked table lets nobody sign up.
 */
export const RegistrationToken = z.object({
  id: Id,
  /** SPEC §5: lowercased. */
  email: Email,
  /** The invitee's name, as the inviter wrote it. */
  name: z.string().trim().min(1).max(200),
  organizationId: Id,
  /** The account the invitee gets. */
  accountType: AccountType,
  /** Lowercase hex SHA-256 of the token. */
  tokenHash: z.string().regex(/^[0-9a-f]{64}$/),
  createdBy: Id,
  createdAt: Timestamp,
  expiresAt: Timestamp,
  usedAt: Timestamp.nullable().default(null),
  /** The uid of the account made with it. */
  usedBy: Id.nullable().default(null),
});
export type RegistrationToken = z.infer<typeof RegistrationToken>;
export type NewRegistrationToken = z.input<typeof RegistrationToken>;

/** What events and logs may carry: everything but the hash. */
export const publicTokenFields = ({ tokenHash: _hash, ...rest }: RegistrationToken) => rest;

export type TokenState = 'valid' | 'used' | 'expired';

export function tokenState(token: RegistrationToken, now: Date): TokenState {
  if (token.usedAt !== null) return 'used';
  if (new Date(token.expiresAt).getTime() <= now.getTime()) return 'expired';
  return 'valid';
}

/**
 * Lowercase hex SHA-256 of a token. Web Crypto is a global of Node and of browsers (no import), so
 * core keeps its dependency rule.
 */
export async function hashRegistrationToken(token: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
