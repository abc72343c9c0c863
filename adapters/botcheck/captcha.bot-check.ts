import { randomBytes } from 'node:crypto';
import type { BotCheck } from '@causeway/core/ports/bot-check.port';
import type { Clock } from '@causeway/core/ports/clock.port';

export interface CaptchaBotCheckOptions {
  /** The secret key the captcha service gave this site. */
  secret: string;
  /** The public site key the browser's widget is shown with. */
  siteKey: string;
  /** The service's verify endpoint (Turnstile's siteverify, or one that answers like it). */
  verifyUrl: string;
  clock: Clock;
  /** How long to wait for the service's answer. */
  timeoutMs?: number;
  /** How long the widget's response is good for (Turnstile: 5 minutes). */
  ttlMs?: number;
  /** Told when the service could not be asked (the person is then not let through). */
  onError?: (error: unknown) => void;
}

const DEFAULT_TIMEOUT_MS = 5_000;
const DEFAULT_TTL_MS = 5 * 60 * 1000;
/** Turnstile's responses are at most 2048 characters. */
const MAX_RESPONSE_LENGTH = 4096;

/**
 * A hosted captcha (Cloudflare Turnstile by default): the browser shows the service's widget with the
 * site key and sends its response; the response is checked with the service, which refuses a replayed
 * or expired one. When the service cannot be reached the response counts as not verified.
 */
export function createCaptchaBotCheck(options: CaptchaBotCheckOptions): BotCheck {
  const { secret, siteKey, verifyUrl, clock, onError } = options;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const ttlMs = options.ttlMs ?? DEFAULT_TTL_MS;
  if (!secret || !siteKey) throw new Error('The captcha bot check needs a secret and a site key.');

  return {
    kind: 'captcha',

    async issueChallenge() {
      // The widget makes its own challenge; this one only tells requests apart.
      return {
        challenge: randomBytes(16).toString('base64url'),
        params: { siteKey },
        expiresAt: new Date(clock.now().getTime() + ttlMs).toISOString(),
      };
    },

    async verify(solution, remoteIp) {
      if (solution.length === 0 || solution.length > MAX_RESPONSE_LENGTH) return false;
      const form = new URLSearchParams({ secret, response: solution });
      if (remoteIp) form.set('remoteip', remoteIp);
      try {
        const response = await fetch(verifyUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: form,
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!response.ok) {
          onError?.(new Error(`The captcha service answered ${response.status}`));
          return false;
        }
        const answer = (await response.json()) as { success?: unknown };
        return answer.success === true;
      } catch (error) {
        onError?.(error);
        return false;
      }
    },
  };
}
