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
