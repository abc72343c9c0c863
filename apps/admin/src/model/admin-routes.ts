import type { AdminAccess } from './admin-access';

/** The pages of the admin area, below `/admin`. */
export type AdminRoute =
  | { page: 'overview' }
  | { page: 'organizations' }
  | { page: 'organization-new' }
  | { page: 'organization'; id: string }
  | { page: 'people' }
  | { page: 'person'; uid: string }
  | { page: 'demo-campaigns' }
  | { page: 'settings' }
  | { page: 'logs' }
  | { page: 'not-found' };

export const ADMIN_BASE = '/admin';

const segment = (value: string) => encodeURIComponent(value);

export const adminPaths = {
  overview: ADMIN_BASE,
  organizations: `${ADMIN_BASE}/organizations`,
  newOrganization: `${ADMIN_BASE}/organizations/new`,
  organization: (id: string) => `${ADMIN_BASE}/organizations/${segment(id)}`,
  people: `${ADMIN_BASE}/people`,
  peopleOf: (organizationId: string) => `${ADMIN_BASE}/people?organizationId=${segment(organizationId)}`,
  person: (uid: string) => `${ADMIN_BASE}/people/${segment(uid)}`,
  demoCampaigns: `${ADMIN_BASE}/demo-campaigns`,
  settings: `${ADMIN_BASE}/settings`,
  logs: `${ADMIN_BASE}/logs`,
};

function decoded(value: string): string | null {
  try {
    const text = decodeURIComponent(value);
    return text === '' ? null : text;
  } catch {
    return null;
  }
}

/** The page a path of the admin area shows; a trailing slash is ignored. */
export function adminRouteOf(pathname: string): AdminRoute {
  if (pathname !== ADMIN_BASE && !pathname.startsWith(`${ADMIN_BASE}/`)) return { page: 'not-found' };
  const parts = pathname.slice(ADMIN_BASE.length).split('/').filter(Boolean);
  const [section, id, ...rest] = parts;
  if (rest.length > 0) return { page: 'not-found' };
  if (section === undefined) return { page: 'overview' };
  const key = id === undefined ? null : decoded(id);
  if (id !== undefined && key === null) return { page: 'not-found' };
  switch (section) {
    case 'organizations':
      if (key === null) return { page: 'organizations' };
      return key === 'new' ? { page: 'organization-new' } : { page: 'organization', id: key };
    case 'people':
      return key === null ? { page: 'people' } : { page: 'person', uid: key };
    case 'demo-campaigns':
      return key === null ? { page: 'demo-campaigns' } : { page: 'not-found' };
    case 'settings':
      return key === null ? { page: 'settings' } : { page: 'not-found' };
    case 'logs':
      return key === null ? { page: 'logs' } : { page: 'not-found' };
    default:
      return { page: 'not-found' };
  }
}

/** Whether the signed-in admin may open a page (the API would refuse what it shows otherwise). */
export function mayOpen(route: AdminRoute, access: AdminAccess): boolean {
  switch (route.page) {
    case 'organizations':
    case 'organization-new':
      return access.platformStaff;
    case 'organization':
      return access.readOrganization(route.id);
    case 'people':
    case 'person':
      return access.listPeople;
    case 'demo-campaigns':
      return access.platformStaff;
    case 'settings':
      return access.settings;
    case 'logs':
      return access.auditLog;
    default:
      return true;
  }
}

export type AdminNavItem = {
  id: 'overview' | 'organizations' | 'organization' | 'people' | 'demo-campaigns' | 'settings' | 'logs';
  label: string;
  to: string;
  /** Marks the item active on its sub-pages too (not for the overview, which is every page's parent). */
  exact: boolean;
};

/** The admin area's own menu: platform staff see everything, an organization admin their organization and its people. */
export function adminNavigationFor(access: AdminAccess): AdminNavItem[] {
  const items: AdminNavItem[] = [{ id: 'overview', label: 'Overview', to: adminPaths.overview, exact: true }];
  if (access.platformStaff) {
    items.push({ id: 'organizations', label: 'Organizations', to: adminPaths.organizations, exact: false });
  } else if (access.ownOrganizationId !== null) {
    items.push({
      id: 'organization',
      label: 'Organization',
      to: adminPaths.organization(access.ownOrganizationId),
      exact: false,
    });
  }
  if (access.listPeople) items.push({ id: 'people', label: 'People', to: adminPaths.people, exact: false });
  if (access.platformStaff) {
    items.push({ id: 'demo-campaigns', label: 'Demo campaigns', to: adminPaths.demoCampaigns, exact: false });
  }
  if (access.settings) items.push({ id: 'settings', label: 'Settings', to: adminPaths.settings, exact: false });
  if (access.auditLog) items.push({ id: 'logs', label: 'Audit log', to: adminPaths.logs, exact: false });
  return items;
}

export function isNavItemActive(item: AdminNavItem, pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return item.exact ? path === item.to : path === item.to || path.startsWith(`${item.to}/`);
}
