import { describe, expect, it, test } from 'vitest';
import { areaAt, navigationFor } from './navigation';
import { sessionRole } from '@causeway/shells/shared/roles';

describe('navigationFor', () => {
  const user = (change: object) => ({
    superUser: false,
    admin: false,
    accountType: 'campaigner' as const,
    organizationId: 'org-1' as string | null,
    ...change,
  });
  test.each([
    ['a super user', user({ superUser: true }), ['Approvals', 'Campaigns', 'Admin', 'Reports']],
    ['a platform admin', user({ admin: true, organizationId: null }), ['Admin', 'Reports']],
    ['an organization admin', user({ admin: true }), ['Campaigns', 'Admin', 'Reports']],
    ['a campaigner', user({}), ['Campaigns', 'Reports']],
    ['a promoter', user({ accountType: 'promoter' }), ['Discover']],
    ['a donor', user({ accountType: 'donor', organizationId: null }), ['Discover']],
  ] as const)('%s sees %j', (_who, who, labels) => {
    expect(navigationFor(who).map((area) => area.label)).toEqual(labels);
  });
});

describe('sessionRole', () => {
  test.each([
    [{ superUser: true, admin: true, accountType: 'campaigner' }, 'superUser'],
    [{ superUser: false, admin: true, accountType: 'campaigner' }, 'admin'],
    [{ superUser: false, admin: false, accountType: 'campaigner' }, 'campaigner'],
    [{ superUser: false, admin: false, accountType: 'promoter' }, 'promoter'],
    [{ superUser: false, admin: false, accountType: 'donor' }, 'donor'],
  ] as const)('%j acts as %s', (user, role) => {
    expect(sessionRole(user)).toBe(role);
  });
});

describe('areaAt', () => {
  it('finds the area of a nested path but not of a path that only shares a prefix', () => {
    expect(areaAt('/admin/organizations')?.id).toBe('admin');
    expect(areaAt('/administration')).toBeUndefined();
    expect(areaAt('/')).toBeUndefined();
  });
});
