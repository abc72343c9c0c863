import { describe, expect, it } from 'vitest';
import { Organization } from '../organizations/organization.entity';
import { roleOf, toSessionUser } from './session-user';
import { UserProfile } from './user.entity';

const profile = (overrides: Partial<UserProfile> = {}) =>
  UserProfile.parse({
    UserId: 'u-1',
    uid: 'u-1',
    Email: 'Casey@Example.org',
    FirstName: 'Casey',
    LastName: 'Nguyen',
    AccountType: 'campaigner',
    organizationId: 'o-1',
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  });

const organization = Organization.parse({
  organizationId: 'o-1',
  name: 'Harbor Light',
  created_date: '2026-01-01T00:00:00.000Z',
});

describe('the session user', () => {
  it('carries every field of SPEC §3 from the profile and its organization', () => {
    expect(
      toSessionUser(
        profile({ OrganisationGoals: 'Feed families', lastLogin: '2026-02-01T00:00:00.000Z' }),
        organization,
      ),
    ).toEqual({
      uid: 'u-1',
      email: 'casey@example.org',
      accountType: 'campaigner',
      avatar: null,
      fName: 'Casey',
      lName: 'Nguyen',
      orgName: 'Harbor Light',
      orgDescription: 'Feed families',
      admin: false,
      organizationId: 'o-1',
      superUser: false,
      lastLogin: '2026-02-01T00:00:00.000Z',
      demoUser: false,
    });
  });

  it('defaults lastLogin to the creation time when the user never signed in', () => {
    expect(toSessionUser(profile(), null).lastLogin).toBe('2026-01-01T00:00:00.000Z');
  });

  it('never makes a demo user an admin (SPEC §5)', () => {
    const user = toSessionUser(profile({ isDemo: true, admin: true }), organization);
    expect(user).toMatchObject({ admin: false, demoUser: true });
  });

  it.each([
    [{ superUser: true, admin: true, accountType: 'campaigner' as const }, 'superUser'],
    [{ superUser: false, admin: true, accountType: 'campaigner' as const }, 'admin'],
    [{ superUser: false, admin: false, accountType: 'campaigner' as const }, 'campaigner'],
    [{ superUser: false, admin: false, accountType: 'promoter' as const }, 'promoter'],
    [
      { superUser: false, admin: false, accountType: 'campaigner' as const, analyst: 'organization' as const },
      'analyst',
    ],
    [{ superUser: false, admin: true, accountType: 'campaigner' as const, analyst: 'platform' as const }, 'admin'],
  ])('acts in one role: %j is %s', (flags, role) => {
    expect(roleOf(flags)).toBe(role);
  });

  it('carries an analyst’s scope on an analyst’s session only, never a demo account’s', () => {
    expect(toSessionUser(profile({ analyst: 'platform' }), organization).analyst).toBe('platform');
    expect(toSessionUser(profile(), organization)).not.toHaveProperty('analyst');
    expect(toSessionUser(profile({ analyst: 'organization', isDemo: true }), organization)).not.toHaveProperty(
      'analyst',
    );
  });
});
