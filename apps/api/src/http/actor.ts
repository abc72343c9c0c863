import type { NextFunction, Request, Response } from 'express';
import { actorOf, type Actor } from '@causeway/core/auth/authorization';
import type { AuthService } from '@causeway/core/auth/auth.service';
import { unauthenticated } from '@causeway/core/shared/errors';
import type { SessionUser } from '@causeway/core/users/user.entity';
import { clearSessionCookies, sessionTokenOf, setSessionCookies, type CookiePolicy } from './session-cookies';

interface SessionLocals {
  sessionUser?: SessionUser;
  actor?: Actor;
}

/**
 * Resolves the session cookie once per API request: the signed-in user and the actor are kept on
 * `res.locals` for the routes. A renewed session gets fresh cookies; a dead one has them cleared.
 * Signed-out requests go on: each route decides whether it needs a session (`requireActor`).
 */
export function sessionResolver(auth: AuthService, cookies: CookiePolicy) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const token = sessionTokenOf(req);
    if (!token) return next();
    const current = await auth.currentUser(token);
    if (!current) {
      clearSessionCookies(res, cookies);
      return next();
    }
    if (current.renewed)
      setSessionCookies(res, cookies, { token, uid: current.user.uid, expiresAt: current.expiresAt });
    const locals = res.locals as SessionLocals;
    locals.sessionUser = current.user;
    locals.actor = actorOf(current.user);
    next();
  };
}

/** The signed-in user of this request, or a 401. */
export function requireSessionUser(res: Response): SessionUser {
  const user = (res.locals as SessionLocals).sessionUser;
  if (!user) throw unauthenticated('Please sign in to continue.');
  return user;
}

/** Who acts in this request, or a 401. */
export function requireActor(res: Response): Actor {
  const actor = (res.locals as SessionLocals).actor;
  if (!actor) throw unauthenticated('Please sign in to continue.');
  return actor;
}

/** The actor when signed in, else null (routes open to everyone). */
export function optionalActor(res: Response): Actor | null {
  return (res.locals as SessionLocals).actor ?? null;
}
