import { z } from 'zod';
import { FileAddress } from '../shared/file-address';
import { Email, Id, Timestamp, patchOf } from '../shared/primitives';
import { EMBED_ORIGIN_MAX_LENGTH, MAX_EMBED_ORIGINS } from './embed-origins.rules';

/** A donation percentage: the share (0-100) of a donation that goes to the organization. */
export const DonationPercentage = z.number().min(0).max(100);

/** An organization, `organizations` collection. */
export const Organization = z.object({
  organizationId: Id,
  name: z.string().trim().min(1).max(200),
  address: z.string().max(500).nullable().default(null),
  phone: z.string().max(50).nullable().default(null),
  email: Email.nullable().default(null),
  website: z.string().max(2048).nullable().default(null),
  logo: FileAddress.nullable().default(null),
  termsAndConditions: z.string().max(20000).nullable().default(null),
  termsAndConditionsLink: z.string().max(2048).nullable().default(null),
  paymentDisclaimer: z.string().max(5000).nullable().default(null),
  /** The name receipts give (the registered name); receipts use `name` when empty. */
  legalName: z.string().max(200).nullable().default(null),
  /** The tax identification number receipts show, e.g. an EIN. */
  taxId: z.string().max(64).nullable().default(null),
  /** The tax statement receipts carry, e.g. "No goods or services were provided in exchange for this gift." */
  receiptNote: z.string().max(1000).nullable().default(null),
  donationPercentage: DonationPercentage.default(0),
  headerColor: z.string().max(32).nullable().default(null),
  footerColor: z.string().max(32).nullable().default(null),
  sideBarColor: z.string().max(32).nullable().default(null),
  backGroundColor: z.string().max(32).nullable().default(null),
  imageLogin: FileAddress.nullable().default(null),
  organizationCode: z.string().max(64).nullable().default(null),
  advertiserId: z.string().max(64).nullable().default(null),
  /** The sites (exact origins) that may show the organization's donate form in a frame. */
  embedOrigins: z.array(z.string().max(EMBED_ORIGIN_MAX_LENGTH)).max(MAX_EMBED_ORIGINS).default([]),
  isDeleted: z.boolean().default(false),
  created_date: Timestamp,
});
export type Organization = z.infer<typeof Organization>;
export type NewOrganization = z.input<typeof Organization>;

export const OrganizationPatch = patchOf(Organization.omit({ organizationId: true, created_date: true }));
export type OrganizationPatch = z.infer<typeof OrganizationPatch>;
