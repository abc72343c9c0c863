import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { Router } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import {
  BotCheckResponse,
  CurrentSessionResponse,
  ErrorResponse,
  SessionResponse,
  SignInBody,
} from '@causeway/core/contracts/auth.contract';
import type { AuthService } from '@causeway/core/auth/auth.service';
import { requirePerson } from '@causeway/core/auth/person-check';
import type { BotCheck } from '@causeway/core/ports/bot-check.port';
import type { ErrorBody } from '../http/errors';
import { SharedRateLimitStore, type SharedLimits } from '../http/shared-rate-limit.store';
import { defineRoute } from '../http/route';
import { clearSessionCookies, setSessionCookies, sessionTokenOf, type CookiePolicy } from '../http/session-cookies';

export interface AuthRoutesOptions {
  auth: AuthService;
  /** SPEC §2: sign-in carries a solved bot-check challenge. */
  botCheck: BotCheck;
  cookies: CookiePolicy;
  registry: OpenAPIRegistry;
  signInLimit: { maxFailures: number; windowMinutes: number };
  /** Where failed sign-ins are counted: the data store, so every instance agrees (else this process). */
  sharedLimits?: SharedLimits;
}

export function authRoutes({
  auth,
  botCheck,
  cookies,
  registry,
  signInLimit,
  sharedLimits,
}: AuthRoutesOptions): Router {
  const router = Router();

  // Only failures count: a person who signs in fine is never slowed down.
  const limiter = rateLimit({
    windowMs: signInLimit.windowMinutes * 60_000,
    limit: signInLimit.maxFailures,
    skipSuccessfulRequests: true,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    ...(sharedLimits ? { store: new SharedRateLimitStore(sharedLimits, 'sign-in') } : {}),
    keyGenerator: (req) => {
      const email = typeof req.body?.email === 'string' ? req.body.email.trim().toLowerCase() : '';
      return `${ipKeyGenerator(req.ip ?? 'unknown')}|${email}`;
    },
    handler: (_req, res) => {
      const body: ErrorBody = {
        error: {
          code: 'rate_limited',
          message: `Too many failed sign-in attempts. Please wait ${signInLimit.windowMinutes} minutes and try again.`,
        },
      };
      res.status(429).json(body);
    },
  });
  router.post('/api/auth/sign-in', limiter);

  defineRoute(router, registry, {
    method: 'get',
    path: '/api/auth/bot-check',
    tag: 'Auth',
    summary: 'A bot-check challenge',
    description:
      'Solve it in the browser and send the solution as `botCheck` with sign-in or sign-up. `proof-of-work`: find ' +
      'a counter whose SHA-256 of challenge + counter starts with `params.difficulty` zero bits and send ' +
      '`challenge:counter`. `captcha`: show the hosted widget with `params.siteKey` and send its response. ' +
      'Each solution is accepted once, before `expiresAt`.',
    responses: { 200: BotCheckResponse },
    async handler({ res }) {
      res.setHeader('Cache-Control', 'no-store');
      return { kind: botCheck.kind, ...(await botCheck.issueChallenge()) };
    },
  });

  defineRoute(router, registry, {
    method: 'post',
    path: '/api/auth/sign-in',
    tag: 'Auth',
    summary: 'Sign in with e-mail and password',
    description:
      'Needs a bot-check solution (`GET /api/auth/bot-check`). Sets the `__session` (HttpOnly) and `userId` ' +
      'cookies. Repeated failures are rate limited (429).',
    body: SignInBody,
    responses: { 200: SessionResponse, 401: ErrorResponse, 429: ErrorResponse },
    async handler({ body, req, res }) {
      await requirePerson(botCheck, body.botCheck, req.ip);
      const { session, user, branding } = await auth.signIn(body.email, body.password);
      setSessionCookies(res, cookies, session);
      return { user, branding };
    },
  });

  defineRoute(router, registry, {
    method: 'get',
    path: '/api/auth/session',
    tag: 'Auth',
    summary: 'The signed-in user',
    description:
      'Answers `user: null` when signed out (a forged or ended session clears its cookies). Using the session renews it at most every 10 minutes.',
    responses: { 200: CurrentSessionResponse },
    async handler({ req, res }) {
      const token = sessionTokenOf(req);
      const current = await auth.currentUser(token);
      if (!current) {
        if (token) clearSessionCookies(res, cookies);
        return { user: null, branding: null };
      }
      if (current.renewed && token) {
        setSessionCookies(res, cookies, { token, uid: current.user.uid, expiresAt: current.expiresAt });
      }
      return { user: current.user, branding: current.branding };
    },
  });

  defineRoute(router, registry, {
    method: 'post',
    path: '/api/auth/sign-out',
    tag: 'Auth',
    summary: 'Sign out',
    description: 'Ends the session and clears both cookies.',
    responses: { 204: null },
    async handler({ req, res }) {
      await auth.signOut(sessionTokenOf(req));
      clearSessionCookies(res, cookies);
      return undefined;
    },
  });

  return router;
}
