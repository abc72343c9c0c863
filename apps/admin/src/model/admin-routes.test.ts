import { describe, expect, test } from 'vitest';
import { adminAccessOf } from './admin-access';
import { adminNavigationFor, adminPaths, adminRouteOf, isNavItemActive, mayOpen } from './admin-routes';

const base = { uid: 'me', admin: true, superUser: false, organizationId: null, demoUser: false };
const platform = adminAccessOf(base);
const organization = adminAccessOf({ ...base, organizationId: 'org-a' });

describe('adminRouteOf', () => {
  test.each([
    ['/admin', { page: 'overview' }],
    ['/admin/', { page: 'overview' }],
    ['/admin/organizations', { page: 'organizations' }],
    ['/admin/organizations/', { page: 'organizations' }],
    ['/admin/organizations/new', { page: 'organization-new' }],
    ['/admin/organizations/org%201', { page: 'organization', id: 'org 1' }],
    ['/admin/people', { page: 'people' }],
    ['/admin/people/u-1', { page: 'person', uid: 'u-1' }],
    ['/admin/demo-campaigns', { page: 'demo-campaigns' }],
    ['/admin/demo-campaigns/x', { page: 'not-found' }],
    ['/admin/settings', { page: 'settings' }],
    ['/admin/logs', { page: 'logs' }],
    ['/admin/settings/extra', { page: 'not-found' }],
    ['/admin/people/u-1/extra', { page: 'not-found' }],
    ['/admin/elsewhere', { page: 'not-found' }],
    ['/admin/people/%E0%A4%A', { page: 'not-found' }],
    ['/administrators', { page: 'not-found' }],
  ])('%s', (pathname, route) => {
    expect(adminRouteOf(pathname)).toEqual(route);
  });

  test('paths and routes agree', () => {
    expect(adminRouteOf(adminPaths.organization('a/b'))).toEqual({ page: 'organization', id: 'a/b' });
    expect(adminRouteOf(adminPaths.person('ü'))).toEqual({ page: 'person', uid: 'ü' });
  });
});

describe('mayOpen', () => {
  test.each([
    [{ page: 'organizations' } as const, true, false],
    [{ page: 'organization-new' } as const, true, false],
    [{ page: 'organization', id: 'org-a' } as const, true, true],
    [{ page: 'organization', id: 'org-b' } as const, true, false],
    [{ page: 'people' } as const, true, true],
    [{ page: 'demo-campaigns' } as const, true, false],
    [{ page: 'settings' } as const, true, false],
    [{ page: 'logs' } as const, true, false],
    [{ page: 'overview' } as const, true, true],
  ])('%o: platform %s, organization admin %s', (route, forPlatform, forOrganization) => {
    expect(mayOpen(route, platform)).toBe(forPlatform);
    expect(mayOpen(route, organization)).toBe(forOrganization);
  });
});

describe('adminNavigationFor', () => {
  test('platform staff see everything', () => {
    expect(adminNavigationFor(platform).map((item) => item.label)).toEqual([
      'Overview',
      'Organizations',
      'People',
      'Demo campaigns',
      'Settings',
      'Audit log',
    ]);
  });

  test('an organization admin sees their organization and its people', () => {
    const items = adminNavigationFor(organization);
    expect(items.map((item) => item.label)).toEqual(['Overview', 'Organization', 'People']);
    expect(items[1]?.to).toBe('/admin/organizations/org-a');
  });

  test('the overview is active on its own page only; sections on their sub-pages too', () => {
    const [overview, organizations] = adminNavigationFor(platform);
    expect(isNavItemActive(overview!, '/admin')).toBe(true);
    expect(isNavItemActive(overview!, '/admin/')).toBe(true);
    expect(isNavItemActive(overview!, '/admin/people')).toBe(false);
    expect(isNavItemActive(organizations!, '/admin/organizations/new')).toBe(true);
    expect(isNavItemActive(organizations!, '/admin/organizationsx')).toBe(false);
  });
});
