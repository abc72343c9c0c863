import { z } from 'zod';
import type { Organization } from '../organizations/organization.entity';
import { Id } from '../shared/primitives';

/** The branding the shell applies for the signed-in user's organization. */
export const Branding = z.object({
  organizationId: Id,
  name: z.string(),
  logo: z.string().nullable(),
  imageLogin: z.string().nullable(),
  headerColor: z.string().nullable(),
  footerColor: z.string().nullable(),
  sideBarColor: z.string().nullable(),
  backGroundColor: z.string().nullable(),
});
export type Branding = z.infer<typeof Branding>;

export const brandingOf = (organization: Organization): Branding => ({
  organizationId: organization.organizationId,
  name: organization.name,
  logo: organization.logo,
  imageLogin: organization.imageLogin,
  headerColor: organization.headerColor,
  footerColor: organization.footerColor,
  sideBarColor: organization.sideBarColor,
  backGroundColor: organization.backGroundColor,
});
