import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { Router } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import {
  ErrorResponse,
  PASSWORD_RESET_REQUESTED,
  PasswordResetBody,
  PasswordResetCheckBody,
  PasswordResetCheckResponse,
  PasswordResetRequestBody,
  PasswordResetRequestResponse,
  PasswordResetResponse,
} from '@causeway/core/contracts/auth.contract';
import type { PasswordResetService } from '@causeway/core/auth/password-reset.service';
import type { ErrorBody } from '../http/errors';
import { defineRoute } from '../http/route';

export interface PasswordResetRoutesOptions {
  passwordReset: PasswordResetService;
  registry: OpenAPIRegistry;
}

const WINDOW_MINUTES = 15;

/** Per address: the store also limits how many links one e-mail address gets. */
const limitedByAddress = (limit: number) =>
  rateLimit({
    windowMs: WINDOW_MINUTES * 60_000,
    limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    keyGenerator: (req) => ipKeyGenerator(req.ip ?? 'unknown'),
    handler: (_req, res) => {
      const body: ErrorBody = {
        error: {
          code: 'rate_limited',
          message: `Too many password reset attempts. Please wait ${WINDOW_MINUTES} minutes and try again.`,
        },
      };
      res.status(429).json(body);
    },
  });

export function passwordResetRoutes({ passwordReset, registry }: PasswordResetRoutesOptions): Router {
  const router = Router();
  router.post('/api/auth/password-reset/request', limitedByAddress(20));
  router.post('/api/auth/password-reset/check', limitedByAddress(30));
  router.post('/api/auth/password-reset', limitedByAddress(20));

  defineRoute(router, registry, {
    method: 'post',
    path: '/api/auth/password-reset/request',
    tag: 'Auth',
    summary: 'Ask for a password reset link by e-mail',
    description:
      'Answers the same whether or not an account has the address. The link works once, for an hour; at most ' +
      '3 links per address an hour are sent. With Firebase sign-in the e-mail carries Firebase’s own reset link.',
    body: PasswordResetRequestBody,
    responses: { 202: PasswordResetRequestResponse, 429: ErrorResponse },
    async handler({ body, res }) {
      await passwordReset.requestReset(body.email);
      res.status(202);
      return { message: PASSWORD_RESET_REQUESTED };
    },
  });

  defineRoute(router, registry, {
    method: 'post',
    path: '/api/auth/password-reset/check',
    tag: 'Auth',
    summary: 'Whether a password reset link can still be used',
    body: PasswordResetCheckBody,
    responses: { 200: PasswordResetCheckResponse, 429: ErrorResponse },
    async handler({ body, res }) {
      res.setHeader('Cache-Control', 'no-store');
      return passwordReset.checkToken(body.token);
    },
  });

  defineRoute(router, registry, {
    method: 'post',
    path: '/api/auth/password-reset',
    tag: 'Auth',
    summary: 'Set a new password with a reset link',
    description:
      'Uses the link up (and every other reset link of the account) and ends every session of the account: ' +
      'the person signs in again with the new password.',
    body: PasswordResetBody,
    responses: { 200: PasswordResetResponse, 429: ErrorResponse },
    async handler({ body }) {
      return passwordReset.resetPassword(body.token, body.password);
    },
  });

  return router;
}
