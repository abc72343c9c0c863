import type { OrganizationInput } from '@causeway/core/contracts/people.contract';
import type { Organization } from '@causeway/core/organizations/organization.entity';
import { embedOriginOf, MAX_EMBED_ORIGINS } from '@causeway/core/organizations/embed-origins.rules';
import { isHexColor } from './color';

/** The organization form as typed: every field is text until it is sent. */
export type OrganizationFormValues = {
  name: string;
  address: string;
  phone: string;
  email: string;
  website: string;
  termsAndConditions: string;
  termsAndConditionsLink: string;
  paymentDisclaimer: string;
  legalName: string;
  taxId: string;
  receiptNote: string;
  donationPercentage: string;
  headerColor: string;
  footerColor: string;
  sideBarColor: string;
  backGroundColor: string;
  organizationCode: string;
  advertiserId: string;
  /** The sites that may show the donate form, one a line. */
  embedOrigins: string;
};

export type OrganizationField = keyof OrganizationFormValues;
export type FieldErrors = Partial<Record<string, string>>;

export const colorFields = ['headerColor', 'footerColor', 'sideBarColor', 'backGroundColor'] as const;
export type ColorField = (typeof colorFields)[number];

const textFields = [
  'address',
  'phone',
  'email',
  'website',
  'termsAndConditions',
  'termsAndConditionsLink',
  'paymentDisclaimer',
  'legalName',
  'taxId',
  'receiptNote',
  'organizationCode',
  'advertiserId',
  ...colorFields,
] as const;

export function organizationFormValuesOf(organization: Organization | null): OrganizationFormValues {
  const text = (value: string | null | undefined) => value ?? '';
  return {
    name: text(organization?.name),
    address: text(organization?.address),
    phone: text(organization?.phone),
    email: text(organization?.email),
    website: text(organization?.website),
    termsAndConditions: text(organization?.termsAndConditions),
    termsAndConditionsLink: text(organization?.termsAndConditionsLink),
    paymentDisclaimer: text(organization?.paymentDisclaimer),
    legalName: text(organization?.legalName),
    taxId: text(organization?.taxId),
    receiptNote: text(organization?.receiptNote),
    donationPercentage: organization ? String(organization.donationPercentage) : '0',
    headerColor: text(organization?.headerColor),
    footerColor: text(organization?.footerColor),
    sideBarColor: text(organization?.sideBarColor),
    backGroundColor: text(organization?.backGroundColor),
    organizationCode: text(organization?.organizationCode),
    advertiserId: text(organization?.advertiserId),
    embedOrigins: (organization?.embedOrigins ?? []).join('\n'),
  };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: string): boolean {
  return EMAIL.test(value);
}

export function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

const maxLengths: Partial<Record<OrganizationField, number>> = {
  name: 200,
  address: 500,
  phone: 50,
  website: 2048,
  termsAndConditions: 20000,
  termsAndConditionsLink: 2048,
  paymentDisclaimer: 5000,
  legalName: 200,
  taxId: 64,
  receiptNote: 1000,
  organizationCode: 64,
  advertiserId: 64,
};

/**
 * Checks the form the way the API will and turns it into the request body: text is trimmed, an
 * emptied field is sent as null so it is cleared, and the percentage becomes a number.
 */
export function organizationInputOf(
  values: OrganizationFormValues,
): { ok: true; input: OrganizationInput } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const trimmed = Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, value.trim()]),
  ) as OrganizationFormValues;

  if (trimmed.name === '') errors.name = 'Enter the organization name.';
  for (const [field, max] of Object.entries(maxLengths) as [OrganizationField, number][]) {
    if (trimmed[field].length > max) errors[field] ??= `Use at most ${max.toLocaleString('en-US')} characters.`;
  }
  if (trimmed.email !== '' && !isEmail(trimmed.email))
    errors.email = 'Enter an e-mail address, like hello@example.org.';
  if (trimmed.website !== '' && !isWebAddress(trimmed.website)) {
    errors.website = 'Enter a full web address, like https://example.org.';
  }
  if (trimmed.termsAndConditionsLink !== '' && !isWebAddress(trimmed.termsAndConditionsLink)) {
    errors.termsAndConditionsLink = 'Enter a full web address, like https://example.org/terms.';
  }
  const percentage = trimmed.donationPercentage === '' ? 0 : Number(trimmed.donationPercentage);
  if (!Number.isFinite(percentage) || percentage < 0 || percentage > 100) {
    errors.donationPercentage = 'Use 0 to 100.';
  }
  for (const field of colorFields) {
    if (trimmed[field] !== '' && !isHexColor(trimmed[field])) errors[field] = 'Use a color like #1a2b3c.';
  }
  const embedOrigins = embedOriginsOf(trimmed.embedOrigins);
  if (!embedOrigins.ok) errors.embedOrigins = embedOrigins.problem;
  if (Object.keys(errors).length > 0 || !embedOrigins.ok) return { ok: false, errors };

  const input: OrganizationInput = { name: trimmed.name, donationPercentage: percentage };
  for (const field of textFields) input[field] = trimmed[field] === '' ? null : trimmed[field];
  if (input.email) input.email = input.email.toLowerCase();
  input.embedOrigins = embedOrigins.origins;
  return { ok: true, input };
}

/** The sites typed one a line (or separated by spaces or commas), each checked as the API checks it. */
export function embedOriginsOf(text: string): { ok: true; origins: string[] } | { ok: false; problem: string } {
  const origins: string[] = [];
  for (const written of text.split(/[\s,]+/).filter(Boolean)) {
    const checked = embedOriginOf(written);
    if (!checked.ok) return { ok: false, problem: checked.problem };
    if (!origins.includes(checked.origin)) origins.push(checked.origin);
  }
  if (origins.length > MAX_EMBED_ORIGINS) return { ok: false, problem: `List at most ${MAX_EMBED_ORIGINS} sites.` };
  return { ok: true, origins };
}

/** Whether the form differs from what was loaded (whitespace aside). */
export function isOrganizationFormDirty(initial: OrganizationFormValues, current: OrganizationFormValues): boolean {
  return (Object.keys(initial) as OrganizationField[]).some((key) => initial[key].trim() !== current[key].trim());
}
