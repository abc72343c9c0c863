import { z } from 'zod';
import { SessionUser } from '../users/user.entity';
import { Branding } from './branding.contract';

export const BOT_CHECK_REQUIRED = 'Please complete the check that you are a person.';

/** The bot-check solution a sign-in or sign-up carries: a proof of work or a captcha response (SPEC §2). */
export const BotCheckSolution = z
  .string({ error: BOT_CHECK_REQUIRED })
  .min(1, BOT_CHECK_REQUIRED)
  .max(4096, BOT_CHECK_REQUIRED);

export const SignInBody = z.object({
  email: z.string().trim().min(1, 'Enter your e-mail address.').email('Enter a valid e-mail address.').max(254),
  password: z.string().min(1, 'Enter your password.').max(200),
  botCheck: BotCheckSolution,
});
export type SignInBody = z.infer<typeof SignInBody>;

/** A bot-check challenge for the browser to solve before it signs in or up. */
export const BotCheckResponse = z.object({
  kind: z.enum(['proof-of-work', 'captcha']),
  challenge: z.string(),
  /** proof-of-work: `difficulty` (leading zero bits) and `algorithm`; captcha: `siteKey`. */
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  expiresAt: z.string(),
});
export type BotCheckResponse = z.infer<typeof BotCheckResponse>;

export const SessionResponse = z.object({
  user: SessionUser,
  /** The user's organization's branding; null without an organization or when it is deleted. */
  branding: Branding.nullable().optional(),
});
export type SessionResponse = z.infer<typeof SessionResponse>;

/** The current session: no user (null) when signed out, which is a state of the page, not an error. */
export const CurrentSessionResponse = z.object({
  user: SessionUser.nullable(),
  branding: Branding.nullable().optional(),
});
export type CurrentSessionResponse = z.infer<typeof CurrentSessionResponse>;

/** The error body of every failed API call. */
export const ErrorResponse = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    /** Field path → what is wrong with it, for bad input. */
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;

export const NEW_PASSWORD_MIN_LENGTH = 10;
export const NewPassword = z
  .string({ error: 'Choose a new password.' })
  .min(NEW_PASSWORD_MIN_LENGTH, `Use at least ${NEW_PASSWORD_MIN_LENGTH} characters.`)
  .max(200, 'Use at most 200 characters.');

/** Asks for a password reset link by e-mail. */
export const PasswordResetRequestBody = z.object({
  email: z.string().trim().min(1, 'Enter your e-mail address.').email('Enter a valid e-mail address.').max(254),
});
export type PasswordResetRequestBody = z.infer<typeof PasswordResetRequestBody>;

export const PASSWORD_RESET_REQUESTED =
  'If an account uses this address, we have sent it a link to choose a new password. It works for an hour.';

/** The same answer whether or not an account has the address. */
export const PasswordResetRequestResponse = z.object({ message: z.string() });

export const ResetToken = z.string().min(1, 'The reset link is incomplete.').max(200, 'The reset link is not valid.');

export const PasswordResetCheckBody = z.object({ token: ResetToken });
export const PasswordResetCheckResponse = z.object({
  state: z.enum(['valid', 'used', 'expired', 'unknown']),
  /** Why the link cannot be used; null when it can. */
  message: z.string().nullable(),
});
export type PasswordResetCheckResponse = z.infer<typeof PasswordResetCheckResponse>;

export const PasswordResetBody = z.object({ token: ResetToken, password: NewPassword });
export type PasswordResetBody = z.infer<typeof PasswordResetBody>;
export const PasswordResetResponse = z.object({ email: z.string() });
