import { describe, expect, test } from 'vitest';
import type { Organization } from '@causeway/core/organizations/organization.entity';
import { isOrganizationFormDirty, organizationFormValuesOf, organizationInputOf } from './organization-form';

const organization: Organization = {
  organizationId: 'org-1',
  name: 'Harbor Light',
  address: null,
  phone: '+1 207 555 0134',
  email: 'hello@harborlight.example',
  website: 'https://harborlight.example',
  logo: '/files/logo.png',
  termsAndConditions: null,
  termsAndConditionsLink: null,
  paymentDisclaimer: 'Tax-deductible.',
  legalName: 'Harbor Light Food Bank, Inc.',
  taxId: '12-3456789',
  receiptNote: null,
  donationPercentage: 0,
  headerColor: '#0f3d3e',
  footerColor: null,
  sideBarColor: null,
  backGroundColor: null,
  imageLogin: null,
  organizationCode: 'HLFB',
  advertiserId: null,
  embedOrigins: ['https://harborlight.example', 'http://localhost:5173'],
  isDeleted: false,
  created_date: '2026-01-01T00:00:00.000Z',
};

describe('organizationFormValuesOf', () => {
  test('a new organization starts empty, with the platform default share', () => {
    const values = organizationFormValuesOf(null);
    expect(values.name).toBe('');
    expect(values.donationPercentage).toBe('0');
  });

  test('a saved organization round-trips through the form unchanged', () => {
    const result = organizationInputOf(organizationFormValuesOf(organization));
    expect(result).toEqual({
      ok: true,
      input: {
        name: 'Harbor Light',
        address: null,
        phone: '+1 207 555 0134',
        email: 'hello@harborlight.example',
        website: 'https://harborlight.example',
        termsAndConditions: null,
        termsAndConditionsLink: null,
        paymentDisclaimer: 'Tax-deductible.',
        legalName: 'Harbor Light Food Bank, Inc.',
        taxId: '12-3456789',
        receiptNote: null,
        donationPercentage: 0,
        headerColor: '#0f3d3e',
        footerColor: null,
        sideBarColor: null,
        backGroundColor: null,
        organizationCode: 'HLFB',
        advertiserId: null,
        embedOrigins: ['https://harborlight.example', 'http://localhost:5173'],
      },
    });
  });
});

describe('organizationInputOf', () => {
  const valid = { ...organizationFormValuesOf(null), name: 'Riverside Shelter' };

  test.each([
    ['name', { name: '   ' }, 'Enter the organization name.'],
    ['email', { email: 'not-an-address' }, 'Enter an e-mail address, like hello@example.org.'],
    ['website', { website: 'example.org' }, 'Enter a full web address, like https://example.org.'],
    ['website', { website: 'ftp://example.org' }, 'Enter a full web address, like https://example.org.'],
    [
      'termsAndConditionsLink',
      { termsAndConditionsLink: 'terms' },
      'Enter a full web address, like https://example.org/terms.',
    ],
    ['donationPercentage', { donationPercentage: '101' }, 'Use 0 to 100.'],
    ['donationPercentage', { donationPercentage: '-1' }, 'Use 0 to 100.'],
    ['donationPercentage', { donationPercentage: 'abc' }, 'Use 0 to 100.'],
    ['headerColor', { headerColor: 'teal' }, 'Use a color like #1a2b3c.'],
    ['sideBarColor', { sideBarColor: '#12345' }, 'Use a color like #1a2b3c.'],
    ['phone', { phone: '1'.repeat(51) }, 'Use at most 50 characters.'],
    [
      'embedOrigins',
      { embedOrigins: 'https://a.example\nhttps://b.example/donate' },
      '“https://b.example/donate” is more than a site: no path, query, user or wildcard. Write a site as https://www.example.org (its address up to the first /).',
    ],
    [
      'embedOrigins',
      { embedOrigins: 'http://b.example' },
      '“http://b.example” must start with https:// (plain http only for this computer).',
    ],
    [
      'embedOrigins',
      { embedOrigins: Array.from({ length: 11 }, (_, index) => `https://s${index}.example`).join('\n') },
      'List at most 10 sites.',
    ],
  ])('refuses a bad %s', (field, change, message) => {
    const result = organizationInputOf({ ...valid, ...change });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[field]).toBe(message);
  });

  test('trims text, clears emptied fields, lowercases the e-mail and reads the percentage', () => {
    const result = organizationInputOf({
      ...valid,
      name: '  Riverside Shelter ',
      email: ' Hello@Riverside.Example ',
      phone: '   ',
      donationPercentage: '72.5',
      headerColor: '#ABC',
    });
    expect(result.ok && result.input).toMatchObject({
      name: 'Riverside Shelter',
      email: 'hello@riverside.example',
      phone: null,
      donationPercentage: 72.5,
      headerColor: '#ABC',
    });
  });

  test('reads the sites one a line, as browsers write them, without duplicates', () => {
    const result = organizationInputOf({
      ...valid,
      embedOrigins: ' https://WWW.example.org/ \n\nhttps://www.example.org, http://127.0.0.2:4000 ',
    });
    expect(result.ok && result.input.embedOrigins).toEqual(['https://www.example.org', 'http://127.0.0.2:4000']);
  });

  test('an empty percentage means the platform default (0)', () => {
    const result = organizationInputOf({ ...valid, donationPercentage: '' });
    expect(result.ok && result.input.donationPercentage).toBe(0);
  });
});

describe('isOrganizationFormDirty', () => {
  const values = organizationFormValuesOf(organization);
  test.each([
    [{}, false],
    [{ name: 'Harbor Light ' }, false],
    [{ name: 'Harbor Lights' }, true],
    [{ footerColor: '#000000' }, true],
  ])('%o → %s', (change, dirty) => {
    expect(isOrganizationFormDirty(values, { ...values, ...change })).toBe(dirty);
  });
});
