import { describe, expect, it, test } from 'vitest';
import { areaAt, navigationFor } from './navigation';
import { sessionRole } from '../../../shared/roles';

describe('navigationFor', () => {
  test.each([
    ['superUser', ['Approvals', 'Campaigns', 'Admin', 'Reports']],
    ['admin', ['Admin', 'Reports']],
    ['campaigner', ['Campaigns', 'Reports']],
    ['promoter', ['Discover']],
    ['donor', ['Discover']],
  ] as const)('%s sees %j', (role, labels) => {
    expect(navigationFor(role).map((area) => area.label)).toEqual(labels);
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
