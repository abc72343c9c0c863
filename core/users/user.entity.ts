import { z } from 'zod';
import { FileAddress } from '../shared/file-address';
import { Cents, Email, Id, Timestamp, patchOf } from '../shared/primitives';

/** AccountType of a profile. The spec names promoter "among others"; these are the product's roles. */
export const AccountType = z.enum(['campaigner', 'promoter', 'donor']);
export type AccountType = z.infer<typeof AccountType>;

/**
 * An analyst sees reports and nothing else: its organization's (`organization`), or every
 * organization's (`platform`, granted by platform staff). Admins grant and revoke it.
 */
export const AnalystScope = z.enum(['organization', 'platform']);
export type AnalystScope = z.infer<typeof AnalystScope>;

/** A user profile, `users` collection (field names as stored). */
export const UserProfile = z.object({
  UserId: Id,
  uid: Id,
  Email: Email,
  FirstName: z.string().max(100).default(''),
  LastName: z.string().max(100).default(''),
  avatar: FileAddress.nullable().default(null),
  AccountType: AccountType,
  OrganisationName: z.string().max(200).nullable().default(null),
  OrganisationGoals: z.string().max(5000).nullable().default(null),
  OrganisationType: z.string().max(200).nullable().default(null),
  Description: z.string().max(5000).nullable().default(null),
  Title: z.string().max(200).nullable().default(null),
  admin: z.boolean().default(false),
  superUser: z.boolean().default(false),
  analyst: AnalystScope.nullable().default(null),
  isDemo: z.boolean().default(false),
  isDeleted: z.boolean().default(false),
  organizationId: Id.nullable().default(null),
  lastLogin: Timestamp.nullable().default(null),
  createdAt: Timestamp,
  totalSpend: Cents.default(0),
  promotedCampaigns: z.array(Id).default([]),
  promotedRootCampaignes: z.array(Id).default([]),
});
export type UserProfile = z.infer<typeof UserProfile>;
export type NewUserProfile = z.input<typeof UserProfile>;

/** A hard-deleted profile, copied to `deletedUsers` before removal. */
export const DeletedUser = UserProfile.extend({ deletedAt: Timestamp });
export type DeletedUser = z.infer<typeof DeletedUser>;

/** Fields a profile update may change. `UserId`, `uid` and `createdAt` never change. */
export const UserProfilePatch = patchOf(UserProfile.omit({ UserId: true, uid: true, createdAt: true }));
export type UserProfilePatch = z.infer<typeof UserProfilePatch>;

/** The signed-in user as the front ends see it (SPEC §3 "Session user"). */
export const SessionUser = z.object({
  uid: Id,
  email: z.string(),
  accountType: AccountType,
  avatar: z.string().nullable(),
  fName: z.string(),
  lName: z.string(),
  orgName: z.string().nullable(),
  orgDescription: z.string().nullable(),
  admin: z.boolean(),
  organizationId: Id.nullable(),
  superUser: z.boolean(),
  /** Reports only: of its organization, or of every organization; null (or absent) for other accounts. */
  analyst: AnalystScope.nullable().optional(),
  lastLogin: Timestamp,
  demoUser: z.boolean(),
});
export type SessionUser = z.infer<typeof SessionUser>;
