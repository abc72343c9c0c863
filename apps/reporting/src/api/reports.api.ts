import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  REPORTING_API,
  type CampaignReportListResponse,
  type CampaignReportResponse,
  type CampaignSort,
  type DonorListResponse,
  type GiftListResponse,
  type MonthlyGivingResponse,
  type OverviewResponse,
  type PaymentListResponse,
  type PromoterListResponse,
} from '@causeway/core/contracts/reporting.contract';
import type { Organization } from '@causeway/core/organizations/organization.entity';
import { ApiError, apiRequest } from '@causeway/shells/shared/http';
import { LIVE_QUERY_KEYS } from '@causeway/shells/shared/live-queries';
import { intervalOf, reportQuery, type ReportScope } from '../model/scope';

/**
 * Figures move within seconds of a gift: the mirror applies it in well under a second, and the reports
 * are asked again every few seconds while the page is in view (a donation notification refreshes them
 * at once: their keys are under the live campaigns').
 */
export const REFRESH_MS = 3_000;

/** Refusals and missing records are answers, not hiccups: only network and server failures are retried. */
function retryTransient(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status < 500) return false;
  return failureCount < 2;
}

/** Under the live campaigns' key, so the shell's donation notifications make them stale. */
const reportKey = (...parts: unknown[]) => [...LIVE_QUERY_KEYS.campaigns, 'reports', ...parts] as const;

const live = {
  refetchInterval: REFRESH_MS,
  retry: retryTransient,
  // A new range or page keeps the figures drawn until its own arrive.
  placeholderData: keepPreviousData,
} as const;

const now = () => new Date();

export function useOverview(scope: ReportScope) {
  const interval = intervalOf(scope.preset);
  return useQuery({
    queryKey: reportKey('overview', scope),
    queryFn: () =>
      apiRequest<OverviewResponse>('GET', `${REPORTING_API.overview}${reportQuery(scope, now(), { interval })}`),
    ...live,
  });
}

export interface CampaignListOptions {
  sort: CampaignSort;
  order: 'asc' | 'desc';
  page: number;
  search: string;
}

export function useCampaignReports(scope: ReportScope, options: CampaignListOptions) {
  return useQuery({
    queryKey: reportKey('campaigns', scope, options),
    queryFn: () =>
      apiRequest<CampaignReportListResponse>(
        'GET',
        `${REPORTING_API.campaigns}${reportQuery(scope, now(), {
          sort: options.sort,
          order: options.order,
          page: options.page,
          pageSize: 25,
          search: options.search.trim(),
        })}`,
      ),
    ...live,
  });
}

export function useCampaignReport(campaignId: string, scope: ReportScope) {
  const interval = intervalOf(scope.preset);
  return useQuery({
    queryKey: reportKey('campaign', campaignId, scope),
    queryFn: () =>
      apiRequest<CampaignReportResponse>(
        'GET',
        `${REPORTING_API.campaign(campaignId)}${reportQuery(scope, now(), { interval })}`,
      ),
    ...live,
  });
}

/** A campaign's gifts, newest first; without a scope, every gift it ever had. */
export function useCampaignGifts(campaignId: string, scope: ReportScope, page: number) {
  return useQuery({
    queryKey: reportKey('gifts', campaignId, scope, page),
    queryFn: () =>
      apiRequest<GiftListResponse>(
        'GET',
        `${REPORTING_API.gifts(campaignId)}${reportQuery(scope, now(), { page, pageSize: 25, order: 'desc' })}`,
      ),
    ...live,
  });
}

export function usePromoters(scope: ReportScope, page: number) {
  return useQuery({
    queryKey: reportKey('promoters', scope, page),
    queryFn: () =>
      apiRequest<PromoterListResponse>(
        'GET',
        `${REPORTING_API.promoters}${reportQuery(scope, now(), { page, pageSize: 25 })}`,
      ),
    ...live,
  });
}

export function useDonors(scope: ReportScope, options: { sort: string; order: 'asc' | 'desc'; page: number }) {
  return useQuery({
    queryKey: reportKey('donors', scope, options),
    queryFn: () =>
      apiRequest<DonorListResponse>(
        'GET',
        `${REPORTING_API.donors}${reportQuery(scope, now(), { ...options, pageSize: 25 })}`,
      ),
    ...live,
  });
}

export function useMonthlyGiving(scope: ReportScope) {
  return useQuery({
    queryKey: reportKey('monthlyGiving', scope),
    queryFn: () =>
      apiRequest<MonthlyGivingResponse>('GET', `${REPORTING_API.monthlyGiving}${reportQuery(scope, now(), {})}`),
    ...live,
  });
}

export function usePayments(scope: ReportScope, page: number) {
  return useQuery({
    queryKey: reportKey('payments', scope, page),
    queryFn: () =>
      apiRequest<PaymentListResponse>(
        'GET',
        `${REPORTING_API.payments}${reportQuery(scope, now(), { page, pageSize: 25, order: 'desc' })}`,
      ),
    ...live,
  });
}

/** Every organization, for platform staff's filter. */
export function useOrganizations(enabled: boolean) {
  return useQuery({
    queryKey: ['reporting', 'organizations'],
    queryFn: async () =>
      (await apiRequest<{ organizations: Organization[] }>('GET', '/api/organizations')).organizations,
    enabled,
    retry: retryTransient,
    staleTime: 60_000,
  });
}

/** Where an Export button downloads a table, with the filters of its screen. */
export function exportHref(
  table: string,
  format: 'csv' | 'xlsx',
  scope: ReportScope,
  extra: Record<string, string | undefined> = {},
): string {
  return `${REPORTING_API.export(table)}${reportQuery(scope, now(), { format, ...extra })}`;
}
