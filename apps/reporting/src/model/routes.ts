import { REPORTING_PATHS } from '@causeway/core/contracts/reporting.contract';

export type ReportRoute =
  | { page: 'overview' }
  | { page: 'campaigns' }
  | { page: 'campaign'; campaignId: string }
  | { page: 'promoters' }
  | { page: 'donors' }
  | { page: 'monthly' }
  | { page: 'payments' }
  | { page: 'not-found' };

export type ReportPage = Exclude<ReportRoute['page'], 'campaign' | 'not-found'>;

/** The reporting area's pages, in menu order. */
export const REPORT_NAVIGATION: readonly { page: ReportPage; label: string; to: string }[] = [
  { page: 'overview', label: 'Overview', to: REPORTING_PATHS.overview },
  { page: 'campaigns', label: 'Campaigns', to: REPORTING_PATHS.campaigns },
  { page: 'promoters', label: 'Promoters', to: REPORTING_PATHS.promoters },
  { page: 'donors', label: 'Donors', to: REPORTING_PATHS.donors },
  { page: 'monthly', label: 'Monthly giving', to: REPORTING_PATHS.monthly },
  { page: 'payments', label: 'Payments', to: REPORTING_PATHS.payments },
];

/** The page of a path below /reports. */
export function reportRouteOf(pathname: string): ReportRoute {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === REPORTING_PATHS.overview) return { page: 'overview' };
  const campaign = /^\/reports\/campaigns\/([^/]+)$/.exec(path);
  if (campaign) {
    try {
      return { page: 'campaign', campaignId: decodeURIComponent(campaign[1]!) };
    } catch {
      return { page: 'not-found' };
    }
  }
  const listed = REPORT_NAVIGATION.find((item) => item.to === path);
  return listed ? { page: listed.page } : { page: 'not-found' };
}

/** The menu entry a route belongs to (a campaign's report is under Campaigns). */
export function navigationPageOf(route: ReportRoute): ReportPage | null {
  if (route.page === 'campaign') return 'campaigns';
  return route.page === 'not-found' ? null : route.page;
}
