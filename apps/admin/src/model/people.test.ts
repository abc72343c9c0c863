import { describe, expect, test } from 'vitest';
import type { UserProfile } from '@causeway/core/users/user.entity';
import {
  personFormValuesOf,
  personKindLabel,
  personName,
  personPatchOf,
  roleBadgesOf,
  searchPeople,
  sortPeople,
} from './people';

const profile = (overrides: Partial<UserProfile> = {}): UserProfile => ({
  UserId: 'u-1',
  uid: 'u-1',
  Email: 'casey@demo.local',
  FirstName: 'Casey',
  LastName: 'Nguyen',
  avatar: null,
  AccountType: 'campaigner',
  OrganisationName: null,
  OrganisationGoals: null,
  OrganisationType: null,
  Description: null,
  Title: 'Campaigner',
  admin: false,
  superUser: false,
  analyst: null,
  isDemo: false,
  isDeleted: false,
  organizationId: 'org-1',
  lastLogin: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  totalSpend: 0,
  promotedCampaigns: [],
  promotedRootCampaignes: [],
  ...overrides,
});

describe('roleBadgesOf', () => {
  test.each([
    [{}, []],
    [{ superUser: true }, ['Super user']],
    [{ admin: true }, ['Admin']],
    [{ admin: true, isDemo: true }, ['Demo']],
    [{ superUser: true, admin: true, isDeleted: true }, ['Super user', 'Admin', 'Deleted']],
  ])('%o → %o', (flags, labels) => {
    expect(roleBadgesOf(profile(flags)).map((badge) => badge.label)).toEqual(labels);
  });
});

describe('searchPeople', () => {
  const people = [
    profile({ uid: 'a', FirstName: 'Zoë', LastName: 'Ålander', Email: 'zoe@example.org' }),
    profile({ uid: 'b', FirstName: 'Sam', LastName: 'Rivera', Email: 'super@demo.local' }),
    profile({ uid: 'c', FirstName: '', LastName: '', Email: 'nobody@demo.local' }),
  ];
  test.each([
    ['', ['a', 'b', 'c']],
    ['  ', ['a', 'b', 'c']],
    ['zoe', ['a']],
    ['ALANDER', ['a']],
    ['sam rivera', ['b']],
    ['rivera sam', ['b']],
    ['demo.local', ['b', 'c']],
    ['sam zoe', []],
  ])('"%s" → %o', (search, uids) => {
    expect(searchPeople(people, search).map((person) => person.uid)).toEqual(uids);
  });
});

test('sortPeople: by name, deleted accounts last; a nameless person by e-mail', () => {
  const sorted = sortPeople([
    profile({ uid: 'deleted', FirstName: 'Aaron', isDeleted: true }),
    profile({ uid: 'zed', FirstName: 'Zed', LastName: '' }),
    profile({ uid: 'mail', FirstName: '', LastName: '', Email: 'mia@example.org' }),
  ]);
  expect(sorted.map((person) => person.uid)).toEqual(['mail', 'zed', 'deleted']);
  expect(personName(sorted[0]!)).toBe('mia@example.org');
});

describe('personPatchOf', () => {
  const user = profile();
  const values = personFormValuesOf(user);

  test('nothing changed, nothing sent', () => {
    expect(personPatchOf(user, values)).toEqual({ ok: true, patch: {} });
  });

  test.each([
    [{ FirstName: ' Cas ' }, { FirstName: 'Cas' }],
    [{ Email: 'Casey.N@Demo.Local' }, { Email: 'casey.n@demo.local' }],
    [{ Email: 'CASEY@demo.local' }, {}],
    [{ AccountType: 'promoter' as const }, { AccountType: 'promoter' }],
    [{ Title: '' }, { Title: null }],
    [{ Description: 'Runs the food drive.' }, { Description: 'Runs the food drive.' }],
    [{ organizationId: '' }, { organizationId: null }],
    [{ organizationId: 'org-2' }, { organizationId: 'org-2' }],
    [{ OrganisationGoals: '  ' }, {}],
  ])('%o → %o', (change, patch) => {
    expect(personPatchOf(user, { ...values, ...change })).toEqual({ ok: true, patch });
  });

  test.each([
    [{ Email: '' }, 'Email'],
    [{ Email: 'casey@' }, 'Email'],
    [{ FirstName: 'x'.repeat(101) }, 'FirstName'],
  ])('refuses %o', (change, field) => {
    const result = personPatchOf(user, { ...values, ...change });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[field]).toBeDefined();
  });
});

describe('personKindLabel', () => {
  test('platform staff without an organization are staff, everyone else their account type', () => {
    const base = { AccountType: 'campaigner' as const, admin: false, superUser: false, organizationId: null };
    expect(personKindLabel({ ...base, admin: true })).toBe('Platform staff');
    expect(personKindLabel({ ...base, superUser: true })).toBe('Platform staff');
    expect(personKindLabel({ ...base, admin: true, organizationId: 'org-1' })).toBe('Campaigner');
    expect(personKindLabel({ ...base, AccountType: 'promoter' })).toBe('Promoter');
  });
});
