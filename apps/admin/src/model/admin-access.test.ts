import { describe, expect, test } from 'vitest';
import { adminAccessOf } from './admin-access';

const base = { uid: 'me', admin: false, superUser: false, organizationId: null, demoUser: false };
const superUser = adminAccessOf({ ...base, superUser: true, organizationId: 'org-a' });
const platformAdmin = adminAccessOf({ ...base, admin: true });
const organizationAdmin = adminAccessOf({ ...base, admin: true, organizationId: 'org-a' });
const demoAdmin = adminAccessOf({ ...base, admin: true, demoUser: true });

describe('adminAccessOf', () => {
  test.each([
    ['super user (even with an organization)', superUser, true, false],
    ['platform admin', platformAdmin, true, false],
    ['organization admin', organizationAdmin, false, true],
  ])('%s: platform staff %s, organization admin %s', (_label, access, platformStaff, orgAdmin) => {
    expect(access.platformStaff).toBe(platformStaff);
    expect(access.organizationAdmin).toBe(orgAdmin);
  });

  test('an organization admin acts inside their own organization only', () => {
    expect(organizationAdmin.ownOrganizationId).toBe('org-a');
    expect(organizationAdmin.readOrganization('org-a')).toBe(true);
    expect(organizationAdmin.editOrganization('org-b')).toBe(false);
    expect(organizationAdmin.editPerson({ uid: 'x', organizationId: 'org-a' })).toBe(true);
    expect(organizationAdmin.editPerson({ uid: 'x', organizationId: 'org-b' })).toBe(false);
    expect(organizationAdmin.editPerson({ uid: 'x', organizationId: null })).toBe(false);
    expect(organizationAdmin.listOrganizations).toBe(false);
    expect(organizationAdmin.settings).toBe(false);
    expect(organizationAdmin.auditLog).toBe(false);
    expect(organizationAdmin.hardDelete({ uid: 'x', organizationId: 'org-a' })).toBe(false);
    expect(organizationAdmin.moveBetweenOrganizations).toBe(false);
  });

  test('only a super user grants super user rights', () => {
    expect(superUser.setSuperUser).toBe(true);
    expect(platformAdmin.setSuperUser).toBe(false);
    expect(organizationAdmin.setSuperUser).toBe(false);
  });

  test('nobody deletes their own account', () => {
    expect(platformAdmin.softDelete({ uid: 'me', organizationId: null })).toBe(false);
    expect(platformAdmin.hardDelete({ uid: 'me', organizationId: null })).toBe(false);
    expect(platformAdmin.hardDelete({ uid: 'other', organizationId: 'org-b' })).toBe(true);
  });

  test('demo accounts cannot invite', () => {
    expect(platformAdmin.invite).toBe(true);
    expect(organizationAdmin.invite).toBe(true);
    expect(demoAdmin.invite).toBe(false);
  });
});
