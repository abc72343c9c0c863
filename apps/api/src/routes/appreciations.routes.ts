import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { Router } from 'express';
import type { AppreciationService } from '@causeway/core/appreciations/appreciation.service';
import {
  AppreciationBody,
  AppreciationView,
  ReceiptMessageQuery,
  ReceiptMessageResponse,
} from '@causeway/core/contracts/appreciation.contract';
import { ErrorResponse } from '@causeway/core/contracts/auth.contract';
import { IdParams } from '@causeway/core/contracts/people.contract';
import { requireActor } from '../http/actor';
import { defineRoute } from '../http/route';

/** A campaign's thank-you messages: its campaigners' settings, and the message of a donor's receipt. */
export function appreciationRoutes({
  appreciations,
  registry,
}: {
  appreciations: AppreciationService;
  registry: OpenAPIRegistry;
}): Router {
  const router = Router();
  const tag = 'Thank-you messages';
  const signedIn = { 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

  defineRoute(router, registry, {
    method: 'get',
    path: '/api/campaigns/{id}/appreciation',
    tag,
    summary: "A campaign's thank-you messages and what they include",
    description: "The defaults (saved: false) until the campaign's campaigners save their own.",
    params: IdParams,
    responses: { 200: AppreciationView, ...signedIn },
    async handler({ params, res }) {
      return appreciations.get(requireActor(res), params.id);
    },
  });

  defineRoute(router, registry, {
    method: 'put',
    path: '/api/campaigns/{id}/appreciation',
    tag,
    summary: "Save a campaign's thank-you messages",
    description:
      'The receipt page message and the donor e-mail, each with whether it names the campaign, the donor and ' +
      'the amount, and the e-mail header image (the campaign’s own, or one at `emailHeaderUrl`). For the ' +
      "campaign's owner and their organization's admin.",
    params: IdParams,
    body: AppreciationBody,
    responses: { 200: AppreciationView, ...signedIn },
    async handler({ params, body, res }) {
      return appreciations.save(requireActor(res), params.id, body);
    },
  });

  defineRoute(router, registry, {
    method: 'get',
    path: '/api/campaigns/{id}/appreciation/page',
    tag,
    summary: 'The thank-you a donation receipt page shows',
    description:
      'Open to everyone. With the payment’s `session_id`, the campaign’s page message with the donor’s name and ' +
      'amount as the campaign chose; without it, or before the payment is recorded, without them (personal: false).',
    params: IdParams,
    query: ReceiptMessageQuery,
    responses: { 200: ReceiptMessageResponse, 404: ErrorResponse },
    async handler({ params, query }) {
      return appreciations.receiptMessage(params.id, query.session_id);
    },
  });

  return router;
}
