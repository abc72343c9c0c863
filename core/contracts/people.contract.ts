/**
 * HTTP contracts of people and organizations: organizations, users, settings, audit log, registration
 * and notifications. The API parses with them and the front ends type their calls with them.
 */
import { z } from 'zod';
import { EmbedOrigins } from '../organizations/embed-origins.rules';
import { NextCursor, PageQuery } from './paging.contract';
import { AuditLogEntry } from '../audit/audit-log.entity';
import { BotCheckSolution } from './auth.contract';
import { Branding } from './branding.contract';
import { Notification } from '../notifications/notification.entity';
import { Organization } from '../organizations/organization.entity';
import { Settings, SettingsPatch } from '../settings/settings.entity';
import { CardFeeFixed, CardFeePercent } from '../donations/card-fee.rules';
import { Email, HexColor, Id, Timestamp } from '../shared/primitives';
import { AccountType, AnalystScope, SessionUser, UserProfile } from '../users/user.entity';

export const IdParams = z.object({ id: Id });

// ── Organizations ────────────────────────────────────────────────────────────────────────────────

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();
const color = HexColor.nullable().optional();

/** What an admin may set on an organization (logo and login image are uploaded separately). */
export const OrganizationInput = z.object({
  name: z.string().trim().min(1, 'Enter the organization name.').max(200),
  address: optionalText(500),
  phone: optionalText(50),
  email: Email.nullable().optional(),
  website: z.url({ message: 'Enter a full web address, like https://example.org.' }).max(2048).nullable().optional(),
  termsAndConditions: optionalText(20000),
  termsAndConditionsLink: z.url().max(2048).nullable().optional(),
  paymentDisclaimer: optionalText(5000),
  legalName: z.string().trim().max(200, 'Keep the legal name under 200 characters.').nullable().optional(),
  taxId: z.string().trim().max(64, 'Keep the tax id under 64 characters.').nullable().optional(),
  receiptNote: z.string().trim().max(1000, 'Keep the receipt note under 1,000 characters.').nullable().optional(),
  donationPercentage: z.number().min(0, 'Use 0 to 100.').max(100, 'Use 0 to 100.').optional(),
  headerColor: color,
  footerColor: color,
  sideBarColor: color,
  backGroundColor: color,
  organizationCode: optionalText(64),
  advertiserId: optionalText(64),
  /**
   * The sites that may show the donate form in a frame: exact origins (`https://www.example.org`,
   * https, or http on this computer), at most ten; every other site is refused by the browser.
   */
  embedOrigins: EmbedOrigins.optional(),
});
export type OrganizationInput = z.infer<typeof OrganizationInput>;

export const CreateOrganizationBody = OrganizationInput;
export const UpdateOrganizationBody = OrganizationInput.partial();
export type UpdateOrganizationBody = z.infer<typeof UpdateOrganizationBody>;

export const OrganizationListQuery = z.object({
  /** "true" to include soft-deleted organizations. */
  includeDeleted: z.enum(['true', 'false']).optional(),
});

export const OrganizationResponse = z.object({ organization: Organization });
export const OrganizationListResponse = z.object({ organizations: z.array(Organization) });

/** Organization images: `logo` or `imageLogin`, sent as the raw image body (PNG, JPEG, GIF, WebP or SVG). */
export const OrganizationImageParams = z.object({ id: Id, kind: z.enum(['logo', 'imageLogin']) });

// Kept in its own file so the auth contract can use it without an import cycle.
export { Branding, brandingOf } from './branding.contract';

// ── Users ────────────────────────────────────────────────────────────────────────────────────────

export const UserListQuery = z.object({
  organizationId: Id.optional(),
  accountType: AccountType.optional(),
  includeDeleted: z.enum(['true', 'false']).optional(),
  ...PageQuery,
});

/** An admin's edit of a profile. Role flags are checked separately (only a super user grants superUser). */
export const UpdateUserBody = z.object({
  FirstName: z.string().trim().max(100).optional(),
  LastName: z.string().trim().max(100).optional(),
  Email: Email.optional(),
  AccountType: AccountType.optional(),
  OrganisationName: optionalText(200),
  OrganisationGoals: optionalText(5000),
  OrganisationType: optionalText(200),
  Description: optionalText(5000),
  Title: optionalText(200),
  organizationId: Id.nullable().optional(),
  admin: z.boolean().optional(),
  superUser: z.boolean().optional(),
  /** Makes the person an analyst (reports only) of their organization, or of every organization; null revokes it. */
  analyst: AnalystScope.nullable().optional(),
  isDemo: z.boolean().optional(),
  /** false restores a soft-deleted user. */
  isDeleted: z.literal(false).optional(),
});
export type UpdateUserBody = z.infer<typeof UpdateUserBody>;

/** What every user may change on their own profile. */
export const UpdateOwnProfileBody = z.object({
  FirstName: z.string().trim().min(1, 'Enter your first name.').max(100).optional(),
  LastName: z.string().trim().max(100).optional(),
  Title: optionalText(200),
  Description: optionalText(5000),
});
export type UpdateOwnProfileBody = z.infer<typeof UpdateOwnProfileBody>;

export const DeleteUserQuery = z.object({ hard: z.enum(['true', 'false']).optional() });

export const UserResponse = z.object({ user: UserProfile });
export const UserListResponse = z.object({ users: z.array(UserProfile), nextCursor: NextCursor });

// ── Settings ─────────────────────────────────────────────────────────────────────────────────────

export const UpdateSettingsBody = z.object({
  donationPercentage: z.number().min(0, 'Use 0 to 100.').max(100, 'Use 0 to 100.').optional(),
  termsAndConditions: optionalText(20000),
  termsAndConditionsLink: z.url().max(2048).nullable().optional(),
  paymentDisclaimer: optionalText(5000),
  /** The card fee donors may cover: percent of the charge (0 to 10, two decimals at most) plus fixed cents (0 to 500). */
  cardFeePercent: CardFeePercent.optional(),
  cardFeeFixed: CardFeeFixed.optional(),
});
export type UpdateSettingsBody = z.infer<typeof UpdateSettingsBody>;
// Keeps the body's fields a subset of what the repository saves.
export const settingsPatchOf = (body: UpdateSettingsBody): SettingsPatch => SettingsPatch.parse(body);

/** Before any settings were saved the defaults are answered, with `saved: false`. */
export const SettingsResponse = z.object({
  settings: Settings.omit({ id: true, createdAt: true, updatedAt: true }).extend({
    createdAt: Timestamp.nullable(),
    updatedAt: Timestamp.nullable(),
  }),
  saved: z.boolean(),
});

// ── Audit log ────────────────────────────────────────────────────────────────────────────────────

export const AuditLogQuery = z.object({
  document: z.string().max(100).optional(),
  event: z.string().max(100).optional(),
  createdBy: Id.optional(),
  triggerId: Id.optional(),
  before: Timestamp.optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
  cursor: PageQuery.cursor,
});
export const AuditLogResponse = z.object({ entries: z.array(AuditLogEntry), nextCursor: NextCursor });

// ── Registration (SPEC §7: these keep the original's names) ─────────────────────────────────────

export const CreateTokenBody = z.object({
  email: Email,
  name: z.string().trim().min(1, 'Enter the name of the person you invite.').max(200),
  organizationId: Id,
  /** The account the invitee gets; campaigner unless said. */
  accountType: AccountType.optional(),
});
export const CreateTokenResponse = z.object({ token: z.string(), expiresAt: Timestamp });

export const ValidateTokenBody = z.object({ email: Email, token: z.string().min(1).max(200) });
export const ValidateTokenResponse = z.object({
  valid: z.boolean(),
  /** Why not, when not valid: unknown, used or expired. */
  reason: z.enum(['unknown', 'used', 'expired']).optional(),
  name: z.string().optional(),
  organizationId: Id.optional(),
  branding: Branding.nullable().optional(),
});

export const EmailServiceBody = z.object({
  email: Email,
  name: z.string().trim().min(1).max(200),
  organizationId: Id,
  token: z.string().min(1).max(200),
});
export const EmailServiceResponse = z.object({ sent: z.literal(true), messageId: z.string() });

export const SignUpBody = z.object({
  email: Email,
  token: z.string().min(1, 'The invitation link is incomplete.').max(200),
  password: z.string().min(10, 'Use at least 10 characters.').max(200),
  fName: z.string().trim().min(1, 'Enter your first name.').max(100),
  lName: z.string().trim().min(1, 'Enter your last name.').max(100),
  /** The bot-check solution (proof of work or captcha response). */
  botCheck: BotCheckSolution,
});
export type SignUpBody = z.infer<typeof SignUpBody>;

/** As sign-in answers: the new user and their organization's branding. */
export const SignUpResponse = z.object({ user: SessionUser, branding: Branding.nullable().optional() });

// ── Notifications ────────────────────────────────────────────────────────────────────────────────

export const NotificationListQuery = z.object({
  unreadOnly: z.enum(['true', 'false']).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
  cursor: PageQuery.cursor,
});
export const NotificationListResponse = z.object({
  notifications: z.array(Notification),
  unread: z.number().int(),
  nextCursor: NextCursor,
});
export const UnreadCountResponse = z.object({ unread: z.number().int() });
export const NotificationResponse = z.object({ notification: Notification });
export const ReadAllResponse = z.object({ updated: z.number().int() });

/** SPEC §7: push to every open session of a user. */
export const BroadcastBody = z.discriminatedUnion('type', [
  z.object({
    userId: Id,
    type: z.literal('NEW_NOTIFICATION'),
    /** The stored notification (its id is enough; the stored copy is what is pushed). */
    notification: z.object({ notification_id: Id }).loose(),
  }),
  z.object({ userId: Id, type: z.literal('REFRESH_NOTIFICATIONS') }),
]);
export type BroadcastBody = z.infer<typeof BroadcastBody>;
export const BroadcastResponse = z.object({ delivered: z.boolean() });

/** What the live stream (`GET /api/notifications/stream`, server-sent events) sends. */
export const LiveMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('NEW_NOTIFICATION'), notification: Notification }),
  z.object({ type: z.literal('REFRESH_NOTIFICATIONS') }),
  /** A deployment moved: the screens showing it fetch it again. */
  z.object({
    type: z.literal('DEPLOYMENT_PROGRESS'),
    deployment: z.object({ id: Id, preCampaignId: Id, status: z.string(), step: z.number().int() }),
  }),
]);
export type LiveMessage = z.infer<typeof LiveMessage>;
