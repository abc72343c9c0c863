import type { CookieOptions, Request, Response } from 'express';

/** SPEC §9: the session cookie names, both with path /. */
export const SESSION_COOKIE = '__session';
export const USER_ID_COOKIE = 'userId';

export interface CookiePolicy {
  secure: boolean;
}

const base = (policy: CookiePolicy): CookieOptions => ({ path: '/', sameSite: 'lax', secure: policy.secure });

export function setSessionCookies(
  res: Response,
  policy: CookiePolicy,
  session: { token: string; uid: string; expiresAt: string },
): void {
  const maxAge = Math.max(0, new Date(session.expiresAt).getTime() - Date.now());
  res.cookie(SESSION_COOKIE, session.token, { ...base(policy), httpOnly: true, maxAge });
  // Readable by the front end, as the original's was; it proves nothing on its own.
  res.cookie(USER_ID_COOKIE, session.uid, { ...base(policy), httpOnly: false, maxAge });
}

export function clearSessionCookies(res: Response, policy: CookiePolicy): void {
  res.clearCookie(SESSION_COOKIE, { ...base(policy), httpOnly: true });
  res.clearCookie(USER_ID_COOKIE, { ...base(policy), httpOnly: false });
}

export const sessionTokenOf = (req: Request): string | undefined => {
  const value = (req.cookies as Record<string, unknown> | undefined)?.[SESSION_COOKIE];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
};
