import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { Router } from 'express';
import { z } from 'zod';
import { ErrorResponse } from '@causeway/core/contracts/auth.contract';
import {
  DonorStatementsResponse,
  OrganizationStatementsParams,
  OrganizationStatementsResponse,
  StartStatementRunResponse,
  StatementParams,
  StatementRunView,
  STATEMENT_PATHS,
} from '@causeway/core/contracts/statements.contract';
import type { StatementsService } from '@causeway/core/statements/statements.service';
import { requireActor } from '../http/actor';
import { defineRoute, parseInput } from '../http/route';
import { visitTokenOf } from './donor-gifts.routes';

const refused = { 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const WHO = "The organization's admins and platform staff; others are refused (403), and signed-out callers 401.";

/** Year-end statements: the donor's own, with the gifts page's visit, and an organization's, sent by its admin. */
export function statementRoutes({
  statements,
  registry,
}: {
  statements: StatementsService;
  registry: OpenAPIRegistry;
}): Router {
  const router = Router();
  const tag = 'Statements';

  defineRoute(router, registry, {
    method: 'get',
    path: STATEMENT_PATHS.mine,
    tag,
    summary: "The visit's year-end statements: one per organization and year with gifts",
    description:
      'For the e-mail address of the open visit (the `giftsVisit` cookie of the gifts page): each organization ' +
      'and calendar year (UTC) it gave in, with the gifts, the total net of refunds and the PDF. 401 without a visit.',
    responses: { 200: DonorStatementsResponse, 401: ErrorResponse },
    async handler({ req, res }) {
      res.setHeader('Cache-Control', 'no-store');
      return statements.donorStatements(visitTokenOf(req));
    },
  });

  registry.registerPath({
    method: 'get',
    path: `${STATEMENT_PATHS.mine}/{organizationId}/{year}/statement.pdf`,
    tags: [tag],
    summary: "A year-end statement of the visit's address as a PDF",
    description:
      'The gifts made with the visit’s address to the organization in the calendar year (UTC): date, campaign, ' +
      'amount and card fee covered, refunds, the total net of refunds, and the organization’s name, tax id and ' +
      'tax statement. 401 when the visit ended; 404 for an organization or year without gifts from the address.',
    request: { params: StatementParams },
    responses: {
      200: {
        description: 'The PDF',
        content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
      },
      401: { description: 'Error', content: { 'application/json': { schema: ErrorResponse } } },
      404: { description: 'Error', content: { 'application/json': { schema: ErrorResponse } } },
    },
  });
  router.get(`${STATEMENT_PATHS.mine}/:organizationId/:year/statement.pdf`, async (req, res, next) => {
    try {
      const { organizationId, year } = parseInput(StatementParams, req.params, 'params');
      const { pdf, fileName } = await statements.donorStatementPdf(visitTokenOf(req), organizationId, year);
      res.setHeader('Content-Type', 'application/pdf');
      res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
      res.setHeader('Cache-Control', 'private, no-store');
      res.send(Buffer.from(pdf));
    } catch (error) {
      next(error);
    }
  });

  defineRoute(router, registry, {
    method: 'get',
    path: '/api/organizations/{organizationId}/statements',
    tag,
    summary: "An organization's years with gifts, and the latest run sending each year's statements",
    description: `Years are calendar years in UTC. ${WHO}`,
    params: OrganizationStatementsParams,
    responses: { 200: OrganizationStatementsResponse, ...refused },
    handler: ({ params, res }) => statements.organizationStatements(requireActor(res), params.organizationId),
  });

  defineRoute(router, registry, {
    method: 'get',
    path: '/api/organizations/{organizationId}/statements/{year}',
    tag,
    summary: "The run sending a year's statements: sent, failed and total",
    description: `404 before a run of the year was started. ${WHO}`,
    params: StatementParams,
    responses: { 200: StatementRunView, ...refused },
    handler: ({ params, res }) => statements.run(requireActor(res), params.organizationId, params.year),
  });

  defineRoute(router, registry, {
    method: 'post',
    path: '/api/organizations/{organizationId}/statements/{year}',
    tag,
    summary: 'E-mail every donor of the year their year-end statement (a PDF)',
    description:
      'Starts a run in the background and answers it (202): each donor with an e-mail address gets one statement ' +
      'of the year, however often this is called; while a run of the year is running, answers that run ' +
      `(\`started: false\`). A year without gifts is a 400 naming \`year\`. ${WHO}`,
    params: StatementParams,
    responses: { 202: StartStatementRunResponse, ...refused },
    async handler({ params, res }) {
      const started = await statements.startRun(requireActor(res), params.organizationId, params.year);
      res.status(202);
      return started;
    },
  });

  return router;
}
