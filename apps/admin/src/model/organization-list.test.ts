import { describe, expect, test } from 'vitest';
import type { Organization } from '@causeway/core/organizations/organization.entity';
import { donationShareLabel, filterOrganizations } from './organization-list';

const organization = (organizationId: string, name: string, overrides: Partial<Organization> = {}) =>
  ({
    organizationId,
    name,
    email: null,
    organizationCode: null,
    isDeleted: false,
    ...overrides,
  }) as Organization;

describe('filterOrganizations', () => {
  const list = [
    organization('c', 'Coastal Trust', { isDeleted: true }),
    organization('b', 'bay Rescue', { organizationCode: 'BAYR' }),
    organization('a', 'Harbor Light', { email: 'hello@harborlight.example' }),
  ];
  test.each([
    ['', ['b', 'a', 'c']],
    ['harbor', ['a']],
    ['bayr', ['b']],
    ['HARBORLIGHT.EXAMPLE', ['a']],
    ['trust', ['c']],
    ['nothing', []],
  ])('"%s" → %o', (search, ids) => {
    expect(filterOrganizations(list, search).map((item) => item.organizationId)).toEqual(ids);
  });
});

describe('donationShareLabel', () => {
  test.each([
    [70, 80, { text: '70%', usesDefault: false }],
    [0, 80, { text: 'Platform default (80%)', usesDefault: true }],
    [0, undefined, { text: 'Platform default', usesDefault: true }],
  ])('%s with default %s', (percentage, platformDefault, label) => {
    expect(donationShareLabel(percentage, platformDefault)).toEqual(label);
  });
});
