import {
  CalendarSync,
  ChartColumn,
  HandCoins,
  LayoutDashboard,
  Receipt,
  Share2,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { useEffect } from 'react';
import type { SessionUser } from '@causeway/core/users/user.entity';
import { Link, navigate, usePathname, useSearchParams } from '@causeway/shells/shared/router';
import { useOrganizations } from './api/reports.api';
import { navigationPageOf, REPORT_NAVIGATION, reportRouteOf, type ReportPage, type ReportRoute } from './model/routes';
import { scopeFromSearch, searchOfScope, withScope, type ReportScope } from './model/scope';
import { CampaignReportPage } from './pages/campaign.page';
import { CampaignsPage } from './pages/campaigns.page';
import { DonorsPage } from './pages/donors.page';
import { MonthlyGivingPage } from './pages/monthly-giving.page';
import { OverviewPage } from './pages/overview.page';
import { PaymentsPage } from './pages/payments.page';
import { PromotersPage } from './pages/promoters.page';
import { ScopeFilters } from './ui/filters';
import '@causeway/shells/shared/ui/buttons.css';
import './reporting.css';

const icons: Record<ReportPage, LucideIcon> = {
  overview: LayoutDashboard,
  campaigns: ChartColumn,
  promoters: Share2,
  donors: Users,
  monthly: CalendarSync,
  payments: Receipt,
};

/** Platform staff (super users, and admins of no organization) read every organization's reports. */
export function isPlatformWide(user: Pick<SessionUser, 'superUser' | 'admin' | 'organizationId'>): boolean {
  return user.superUser || (user.admin && !user.organizationId);
}

/** The organization whose year-end statements the user may send: their own as its admin, the chosen one as staff. */
export function statementsOrganizationOf(
  user: Pick<SessionUser, 'superUser' | 'admin' | 'organizationId'>,
  scope: ReportScope,
): string | null {
  if (isPlatformWide(user)) return scope.organizationId;
  return user.admin && user.organizationId ? user.organizationId : null;
}

function ReportPageOf({
  route,
  scope,
  statementsOf,
}: {
  route: ReportRoute;
  scope: ReportScope;
  statementsOf: string | null;
}) {
  switch (route.page) {
    case 'overview':
      return <OverviewPage scope={scope} />;
    case 'campaigns':
      return <CampaignsPage scope={scope} />;
    case 'campaign':
      return <CampaignReportPage key={route.campaignId} campaignId={route.campaignId} scope={scope} />;
    case 'promoters':
      return <PromotersPage scope={scope} />;
    case 'donors':
      return <DonorsPage scope={scope} statementsOf={statementsOf} />;
    case 'monthly':
      return <MonthlyGivingPage scope={scope} />;
    case 'payments':
      return <PaymentsPage scope={scope} />;
    case 'not-found':
      return (
        <div className="cw-rep-page">
          <h1 className="cw-rep-page__title">No such report</h1>
          <p>
            <Link to={REPORT_NAVIGATION[0]!.to} className="cw-rep-link">
              Open the overview
            </Link>
          </p>
        </div>
      );
  }
}

/** Reports: what each campaign, promoter and ad dollar brought, for the organization or the whole platform. */
export default function App({ user }: { user: SessionUser }) {
  const pathname = usePathname();
  const params = useSearchParams();
  const platformWide = isPlatformWide(user);
  const scope = scopeFromSearch(params, platformWide);
  const organizations = useOrganizations(platformWide);
  const route = reportRouteOf(pathname);
  const current = navigationPageOf(route);

  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [route.page]);

  const changeScope = (next: ReportScope) => {
    const search = new URLSearchParams(params);
    for (const [key, value] of Object.entries(searchOfScope(next))) {
      if (value) search.set(key, value);
      else search.delete(key);
    }
    const text = search.toString();
    navigate(`${pathname}${text ? `?${text}` : ''}`, { replace: true });
  };

  return (
    <div className="cw-reporting cw-rep">
      <div className="cw-rep-top">
        <p className="cw-rep-eyebrow">
          <HandCoins size={16} aria-hidden="true" />
          Reports · {platformWide ? 'every organization on Causeway' : (user.orgName ?? 'your organization')}
        </p>
        <nav className="cw-rep-nav" aria-label="Reports">
          <ul>
            {REPORT_NAVIGATION.map((item) => {
              const Icon = icons[item.page];
              const active = current === item.page;
              return (
                <li key={item.page}>
                  <Link
                    to={withScope(item.to, scope)}
                    className={`cw-rep-nav__link${active ? ' is-active' : ''}`}
                    aria-current={active ? 'page' : undefined}
                  >
                    <Icon size={16} aria-hidden="true" />
                    {item.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <ScopeFilters
          scope={scope}
          onChange={changeScope}
          organizations={platformWide ? (organizations.data ?? []) : null}
        />
      </div>
      <ReportPageOf route={route} scope={scope} statementsOf={statementsOrganizationOf(user, scope)} />
    </div>
  );
}
