import type { SessionUser } from '@causeway/core/users/user.entity';
import { sessionRole, type SessionRole } from '@causeway/shells/shared/roles';
import type { RemoteName } from '@causeway/shells/shared/federation.config';

/** An area of the product: where it lives and which remote module renders it. */
export type Area = { id: AreaId; label: string; path: string; remote: RemoteName; module: './App' | './Approvals' };
export type AreaId = 'approvals' | 'campaigns' | 'admin' | 'reports' | 'discover';

export const areas: Record<AreaId, Area> = {
  approvals: { id: 'approvals', label: 'Approvals', path: '/approvals', remote: 'admin', module: './Approvals' },
  campaigns: { id: 'campaigns', label: 'Campaigns', path: '/campaigner', remote: 'campaigner', module: './App' },
  admin: { id: 'admin', label: 'Admin', path: '/admin', remote: 'admin', module: './App' },
  reports: { id: 'reports', label: 'Reports', path: '/reports', remote: 'reporting', module: './App' },
  discover: { id: 'discover', label: 'Discover', path: '/donor', remote: 'donor', module: './App' },
};

const areasByRole: Record<SessionRole, readonly AreaId[]> = {
  superUser: ['approvals', 'campaigns', 'admin', 'reports'],
  admin: ['admin', 'reports'],
  campaigner: ['campaigns', 'reports'],
  promoter: ['discover'],
  donor: ['discover'],
};

/** The signed-in user's own profile page, served by the shell itself for every role. */
export const PROFILE_PATH = '/profile';

/** Pages of the shell itself (not of an area's remote) that every signed-in user may open. */
export const SHELL_PAGES: readonly string[] = [PROFILE_PATH];

/**
 * The navigation of a signed-in user, in menu order; the first entry is their home. An admin who
 * belongs to an organization is that organization's admin: they write its campaigns too.
 */
export function navigationFor(
  user: Pick<SessionUser, 'superUser' | 'admin' | 'accountType' | 'organizationId'>,
): Area[] {
  const role = sessionRole(user);
  const ids =
    role === 'admin' && user.organizationId ? (['campaigns', ...areasByRole.admin] as const) : areasByRole[role];
  return ids.map((id) => areas[id]);
}

/** The area a path belongs to, whether or not the role may open it. */
export function areaAt(pathname: string): Area | undefined {
  return Object.values(areas).find(({ path }) => pathname === path || pathname.startsWith(`${path}/`));
}
