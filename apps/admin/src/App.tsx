import type { LucideIcon } from 'lucide-react';
import { Building2, LayoutDashboard, Presentation, ScrollText, Settings, Users } from 'lucide-react';
import { lazy, Suspense, useEffect, useMemo } from 'react';
import type { SessionUser } from '@causeway/core/users/user.entity';
import { Link, usePathname } from '@causeway/shells/shared/router';
import { adminAccessOf, type AdminAccess } from './model/admin-access';
import {
  adminNavigationFor,
  adminRouteOf,
  isNavItemActive,
  mayOpen,
  type AdminNavItem,
  type AdminRoute,
} from './model/admin-routes';
import { NotFoundPage } from './pages/not-found.page';
import { OverviewPage } from './pages/overview.page';
import { FormSkeleton, NotAllowed } from './ui/states';
import { ToastProvider } from './ui/toast';
import '@causeway/shells/shared/ui/buttons.css';
import './admin.css';
import './campaigns.css';

// The overview opens with the area; every other page is fetched when it is first opened.
const OrganizationListPage = lazy(() =>
  import('./pages/organization-list.page').then((module) => ({ default: module.OrganizationListPage })),
);
const OrganizationEditPage = lazy(() =>
  import('./pages/organization-edit.page').then((module) => ({ default: module.OrganizationEditPage })),
);
const PeopleListPage = lazy(() =>
  import('./pages/people-list.page').then((module) => ({ default: module.PeopleListPage })),
);
const PersonPage = lazy(() => import('./pages/person.page').then((module) => ({ default: module.PersonPage })));
const SettingsPage = lazy(() => import('./pages/settings.page').then((module) => ({ default: module.SettingsPage })));
const DemoCampaignsPage = lazy(() =>
  import('./pages/demo-campaigns.page').then((module) => ({ default: module.DemoCampaignsPage })),
);
const AuditLogPage = lazy(() => import('./pages/audit-log.page').then((module) => ({ default: module.AuditLogPage })));

const navIcons: Record<AdminNavItem['id'], LucideIcon> = {
  overview: LayoutDashboard,
  organizations: Building2,
  organization: Building2,
  people: Users,
  'demo-campaigns': Presentation,
  settings: Settings,
  logs: ScrollText,
};

function AdminNavigation({ items, pathname }: { items: AdminNavItem[]; pathname: string }) {
  return (
    <nav className="cw-admin-nav" aria-label="Administration">
      <p className="cw-admin-nav__heading">Administration</p>
      <ul className="cw-admin-nav__list">
        {items.map((item) => {
          const Icon = navIcons[item.id];
          const active = isNavItemActive(item, pathname);
          return (
            <li key={item.id}>
              <Link
                to={item.to}
                className={`cw-admin-nav__link${active ? ' is-active' : ''}`}
                aria-current={active ? 'page' : undefined}
              >
                <Icon size={18} aria-hidden="true" />
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function AdminPage({ route, user, access }: { route: AdminRoute; user: SessionUser; access: AdminAccess }) {
  if (!mayOpen(route, access)) return <NotAllowed />;
  switch (route.page) {
    case 'overview':
      return <OverviewPage user={user} access={access} />;
    case 'organizations':
      return <OrganizationListPage />;
    case 'organization-new':
      return <OrganizationEditPage id={null} access={access} />;
    case 'organization':
      return <OrganizationEditPage key={route.id} id={route.id} access={access} />;
    case 'people':
      return <PeopleListPage access={access} />;
    case 'person':
      return <PersonPage key={route.uid} uid={route.uid} access={access} />;
    case 'demo-campaigns':
      return <DemoCampaignsPage />;
    case 'settings':
      return <SettingsPage />;
    case 'logs':
      return <AuditLogPage />;
    case 'not-found':
      return <NotFoundPage />;
  }
}

/** The admin area: its own menu and pages below /admin, limited to what the signed-in admin may do. */
export default function App({ user }: { user: SessionUser }) {
  const pathname = usePathname();
  const access = useMemo(() => adminAccessOf(user), [user]);
  const route = adminRouteOf(pathname);
  const navigation = adminNavigationFor(access);

  // A new page starts at its top, as a full page load would.
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [route.page]);

  return (
    <div className="cw-admin cw-admin-area">
      <ToastProvider>
        <AdminNavigation items={navigation} pathname={pathname} />
        <div className="cw-admin-content">
          <Suspense fallback={<FormSkeleton label="Loading the page…" sections={2} />}>
            <AdminPage route={route} user={user} access={access} />
          </Suspense>
        </div>
      </ToastProvider>
    </div>
  );
}
