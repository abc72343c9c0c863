import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { Router } from 'express';
import { z } from 'zod';
import { ErrorResponse } from '@causeway/core/contracts/auth.contract';
import {
  CampaignListParams,
  CampaignListQuery,
  CampaignListResponse,
  CampaignReportListQuery,
  CampaignReportListResponse,
  CampaignReportQuery,
  CampaignReportResponse,
  DonorListQuery,
  DonorListResponse,
  ExportParams,
  ExportQuery,
  GiftListQuery,
  GiftListResponse,
  MonthlyGivingQuery,
  MonthlyGivingResponse,
  OverviewQuery,
  OverviewResponse,
  PaymentListQuery,
  PaymentListResponse,
  PromoterListQuery,
  PromoterListResponse,
} from '@causeway/core/contracts/reporting.contract';
import type { ReportingService } from '@causeway/core/reporting/reporting.service';
import { Id } from '@causeway/core/shared/primitives';
import { requireActor, requireSessionUser } from '../../http/actor';
import { InputError } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { EXPORT_CONTENT_TYPES, writeExport } from './export-writers';

const CampaignParams = z.object({ campaignId: Id });
const refused = { 401: ErrorResponse, 403: ErrorResponse };
const WHO =
  'Campaigners, organization admins and analysts see their own organization; platform staff and analysts ' +
  'granted every organization see all (one with `organizationId`). Promoters and donors are refused.';

/** The reports of the reporting mirror, and their downloads. */
export function reportingRoutes({
  reporting,
  registry,
}: {
  reporting: ReportingService;
  registry: OpenAPIRegistry;
}): Router {
  const router = Router();
  const tag = 'Reports';
  defineRoute(router, registry, {
    method: 'get',
    path: '/api/reporting/overview',
    tag,
    summary: 'Headline figures of a range, the range before it, and their daily or weekly series',
    description: `Raised net of refunds, gifts, donors (new and returning), ad dollars and their ratios. ${WHO}`,
    query: OverviewQuery,
    responses: { 200: OverviewResponse, ...refused },
    handler: ({ query, res }) => reporting.overview(requireActor(res), query),
  });
  defineRoute(router, registry, {
    method: 'get',
    path: '/api/reporting/campaigns',
    tag,
    summary: 'One row per campaign with its figures over the range, sorted and paged',
    description: WHO,
    query: CampaignReportListQuery,
    responses: { 200: CampaignReportListResponse, ...refused },
    handler: ({ query, res }) => reporting.campaigns(requireActor(res), query),
  });
  defineRoute(router, registry, {
    method: 'get',
    path: '/api/reporting/campaigns/{campaignId}',
    tag,
    summary: "A campaign's report: series, funnel, channels and promoters",
    description: `${WHO} A deleted or unknown campaign is a 404.`,
    params: CampaignParams,
    query: CampaignReportQuery,
    responses: { 200: CampaignReportResponse, 404: ErrorResponse, ...refused },
    handler: ({ params, query, res }) => reporting.campaign(requireActor(res), params.campaignId, query),
  });
  defineRoute(router, registry, {
    method: 'get',
    path: '/api/reporting/campaigns/{campaignId}/gifts',
    tag,
    summary: "A campaign's gifts: date, amount, donor name as given, message, promoter and refund",
    description: WHO,
    params: CampaignParams,
    query: GiftListQuery,
    responses: { 200: GiftListResponse, 404: ErrorResponse, ...refused },
    handler: ({ params, query, res }) => reporting.gifts(requireActor(res), params.campaignId, query),
  });
  defineRoute(router, registry, {
    method: 'get',
    path: '/api/reporting/promoters',
    tag,
    summary: 'The promoters leaderboard: gifts brought, clicks by channel, this week against the week before',
    description: WHO,
    query: PromoterListQuery,
    responses: { 200: PromoterListResponse, ...refused },
    handler: ({ query, res }) => reporting.promoters(requireActor(res), query),
  });
  defineRoute(router, registry, {
    method: 'get',
    path: '/api/reporting/donors',
    tag,
    summary: 'Donors of the range with their gifts, repeat rate and retention by month of first gift',
    description: `${WHO} E-mails are masked except for organization admins and platform staff.`,
    query: DonorListQuery,
    responses: { 200: DonorListResponse, ...refused },
    handler: ({ query, res }) => reporting.donors(requireActor(res), query),
  });
  defineRoute(router, registry, {
    method: 'get',
    path: '/api/reporting/payments',
    tag,
    summary: 'Payments as receipts show them (SPEC §3 Results)',
    description: WHO,
    query: PaymentListQuery,
    responses: { 200: PaymentListResponse, ...refused },
    handler: ({ query, res }) => reporting.payments(requireActor(res), query),
  });
  defineRoute(router, registry, {
    method: 'get',
    path: '/api/reporting/monthly-giving',
    tag,
    summary:
      'Monthly giving: monthly donors and recurring revenue now, new, cancelled and failed gifts by month, retention',
    description: `Monthly donors and recurring revenue are as of now; months and retention cohorts follow the range. ${WHO}`,
    query: MonthlyGivingQuery,
    responses: { 200: MonthlyGivingResponse, ...refused },
    handler: ({ query, res }) => reporting.monthlyGiving(requireActor(res), query),
  });
  defineRoute(router, registry, {
    method: 'get',
    path: '/api/reporting/lists/{list}',
    tag,
    summary: 'SPEC §9 lists: live campaigns of the last 6 months, or those new since the last sign-in',
    description: WHO,
    params: CampaignListParams,
    query: CampaignListQuery,
    responses: { 200: CampaignListResponse, ...refused },
    handler: ({ params, query, res }) =>
      reporting.list(requireActor(res), params.list, query, requireSessionUser(res).lastLogin),
  });

  registry.registerPath({
    method: 'get',
    path: '/api/reporting/exports/{table}',
    tags: [tag],
    summary: 'A table of the reporting area as CSV or XLSX, with the filters of its screen',
    description: `Streamed: any number of rows without holding them in memory. ${WHO}`,
    request: { params: ExportParams, query: ExportQuery as unknown as z.ZodObject },
    responses: {
      200: {
        description: 'The file',
        content: {
          [EXPORT_CONTENT_TYPES.csv]: { schema: { type: 'string' } },
          [EXPORT_CONTENT_TYPES.xlsx]: { schema: { type: 'string', format: 'binary' } },
        },
      },
      400: { description: 'Invalid input', content: { 'application/json': { schema: ErrorResponse } } },
      401: { description: 'Error', content: { 'application/json': { schema: ErrorResponse } } },
      403: { description: 'Error', content: { 'application/json': { schema: ErrorResponse } } },
    },
  });
  router.get('/api/reporting/exports/:table', async (req, res) => {
    const params = ExportParams.safeParse(req.params);
    if (!params.success) throw new InputError('params', params.error);
    const query = ExportQuery.safeParse(req.query);
    if (!query.success) throw new InputError('query', query.error);
    const table = await reporting.exportTable(requireActor(res), params.data.table, query.data);
    res.status(200);
    res.setHeader('content-type', EXPORT_CONTENT_TYPES[query.data.format]);
    res.setHeader('content-disposition', `attachment; filename="${table.filename}.${query.data.format}"`);
    res.setHeader('cache-control', 'no-store');
    try {
      await writeExport(query.data.format, table, res);
    } catch (error) {
      // The headers are gone: the download is cut short rather than finished with a wrong file.
      res.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  });
  return router;
}
