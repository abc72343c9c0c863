import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { Router, type Request } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { requirePerson } from '@causeway/core/auth/person-check';
import { ErrorResponse } from '@causeway/core/contracts/auth.contract';
import {
  CreateTokenBody,
  CreateTokenResponse,
  EmailServiceBody,
  EmailServiceResponse,
  SignUpBody,
  SignUpResponse,
  ValidateTokenBody,
  ValidateTokenResponse,
} from '@causeway/core/contracts/people.contract';
import type { BotCheck } from '@causeway/core/ports/bot-check.port';
import type { RegistrationService } from '@causeway/core/registration/registration.service';
import { requireActor } from '../http/actor';
import type { ErrorBody } from '../http/errors';
import { SharedRateLimitStore, type SharedLimits } from '../http/shared-rate-limit.store';
import { defineRoute } from '../http/route';
import { setSessionCookies, type CookiePolicy } from '../http/session-cookies';

export interface RegistrationRoutesOptions {
  registration: RegistrationService;
  botCheck: Pick<BotCheck, 'verify'>;
  cookies: CookiePolicy;
  registry: OpenAPIRegistry;
  /** Where attempts are counted: the data store, so every instance agrees (else this process). */
  sharedLimits?: SharedLimits;
}

/** Invitation links are tried by address and e-mail: enough for a person, far too few to guess a token. */
const LIMIT_WINDOW_MINUTES = 15;

const limitedByAddressAndEmail = (limit: number, skipSuccessfulRequests: boolean, store?: SharedRateLimitStore) =>
  rateLimit({
    windowMs: LIMIT_WINDOW_MINUTES * 60_000,
    limit,
    skipSuccessfulRequests,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    ...(store ? { store } : {}),
    keyGenerator: (req: Request) => {
      const email = typeof req.body?.email === 'string' ? req.body.email.trim().toLowerCase() : '';
      return `${ipKeyGenerator(req.ip ?? 'unknown')}|${email}`;
    },
    handler: (_req, res) => {
      const body: ErrorBody = {
        error: {
          code: 'rate_limited',
          message: `Too many attempts with this invitation. Please wait ${LIMIT_WINDOW_MINUTES} minutes and try again.`,
        },
      };
      res.status(429).json(body);
    },
  });

/** SPEC §7 registration calls (names kept from the original), and sign-up. */
export function registrationRoutes({
  registration,
  botCheck,
  cookies,
  registry,
  sharedLimits,
}: RegistrationRoutesOptions): Router {
  const router = Router();
  const storeOf = (prefix: string) => (sharedLimits ? new SharedRateLimitStore(sharedLimits, prefix) : undefined);
  router.post('/api/registration/validateToken', limitedByAddressAndEmail(20, false, storeOf('validate-token')));
  router.post('/api/auth/sign-up', limitedByAddressAndEmail(10, true, storeOf('sign-up')));

  defineRoute(router, registry, {
    method: 'post',
    path: '/api/registration/createToken',
    tag: 'Registration',
    summary: 'Create an invitation token',
    description:
      'Platform staff invite into any organization, an organization admin into their own. The token is ' +
      'answered once (only its hash is kept) and works for 7 days. 409 when the e-mail already has an account.',
    body: CreateTokenBody,
    responses: {
      200: CreateTokenResponse,
      401: ErrorResponse,
      403: ErrorResponse,
      404: ErrorResponse,
      409: ErrorResponse,
    },
    handler: ({ body, res }) => registration.createToken(requireActor(res), body),
  });

  defineRoute(router, registry, {
    method: 'post',
    path: '/api/registration/validateToken',
    tag: 'Registration',
    summary: 'Check an invitation token',
    description:
      'Open to signed-out visitors (the sign-up page). Answers whether the token can be used by this e-mail, ' +
      "why not (unknown, used, expired), and the inviting organization's branding when it can. Rate limited (429).",
    body: ValidateTokenBody,
    responses: { 200: ValidateTokenResponse, 429: ErrorResponse },
    handler: ({ body }) => registration.validateToken(body),
  });

  defineRoute(router, registry, {
    method: 'post',
    path: '/api/registration/emailService',
    tag: 'Registration',
    summary: 'Send the invitation e-mail',
    description:
      'Sends the sign-up link of a token made for this person and organization. 503 when the mail could not be ' +
      'sent (the failure is recorded in errorEmails).',
    body: EmailServiceBody,
    responses: {
      200: EmailServiceResponse,
      401: ErrorResponse,
      403: ErrorResponse,
      409: ErrorResponse,
      503: ErrorResponse,
    },
    handler: ({ body, res }) => registration.sendInvitation(requireActor(res), body),
  });

  defineRoute(router, registry, {
    method: 'post',
    path: '/api/auth/sign-up',
    tag: 'Auth',
    summary: 'Create an account with an invitation',
    description:
      'Needs a bot-check solution (`GET /api/auth/bot-check`). Creates the account in the invitation’s ' +
      'organization, uses the token up and signs in: sets the same cookies as sign-in.',
    body: SignUpBody,
    responses: { 200: SignUpResponse, 409: ErrorResponse, 429: ErrorResponse },
    async handler({ body, req, res }) {
      await requirePerson(botCheck, body.botCheck, req.ip);
      const { session, user, branding } = await registration.signUp(body);
      setSessionCookies(res, cookies, session);
      return { user, branding };
    },
  });

  return router;
}
