import { forbidden } from '../shared/errors';
import type { Role } from '../users/session-user';
import { roleOf } from '../users/session-user';
import type { SessionUser } from '../users/user.entity';

/**
 * Who is acting. Built from the session user; use cases take it as their first argument and decide
 * with `authorize` before they read or write anything.
 *
 * An admin without an organization is a platform admin (works across every organization); an admin
 * who belongs to an organization is that organization's admin and acts inside it only.
 */
export interface Actor {
  uid: string;
  role: Role;
  organizationId: string | null;
  demoUser: boolean;
  /** For audit entries (`trigger_name` of the actor is not stored; `created_by` is the uid). */
  displayName: string;
  /** An analyst granted every organization's reports by platform staff. */
  reportsEverywhere?: boolean;
}

export function actorOf(user: SessionUser): Actor {
  const name = `${user.fName} ${user.lName}`.trim();
  return {
    uid: user.uid,
    role: roleOf(user),
    organizationId: user.organizationId,
    demoUser: user.demoUser,
    displayName: name === '' ? user.email : name,
    reportsEverywhere: roleOf(user) === 'analyst' && user.analyst === 'platform',
  };
}

export const isSuperUser = (actor: Actor) => actor.role === 'superUser';
export const isPlatformAdmin = (actor: Actor) => actor.role === 'admin' && actor.organizationId === null;
export const isOrganizationAdmin = (actor: Actor) => actor.role === 'admin' && actor.organizationId !== null;
/** Super users and platform admins: everything across organizations. */
export const isPlatformStaff = (actor: Actor) => isSuperUser(actor) || isPlatformAdmin(actor);

/** Reads every organization's reports: platform staff, and analysts granted it by them. */
export const readsEveryOrganizationsReports = (actor: Actor) =>
  isPlatformStaff(actor) || (actor.role === 'analyst' && actor.reportsEverywhere === true);

/** What an action is about: the organization it belongs to and, for people, whose record it is. */
export interface Target {
  organizationId?: string | null;
  uid?: string;
}

const sameOrganization = (actor: Actor, target: Target) =>
  actor.organizationId !== null && target.organizationId === actor.organizationId;

/** People who write campaigns: campaigners, admins and super users (promoters and donors do not). */
const writesCampaigns = (actor: Actor) =>
  actor.role === 'campaigner' || actor.role === 'admin' || actor.role === 'superUser';

/** The record is the actor's own, or the actor administers its organization. */
const ownsOrAdministers = (actor: Actor, target: Target) =>
  target.uid === actor.uid || (isOrganizationAdmin(actor) && sameOrganization(actor, target));

/**
 * The role × action table (docs/security.md, "Authorization"). Each rule answers whether the actor may act on
 * the target. Signed-out callers never reach a rule: the HTTP layer answers 401 first.
 */
export const RULES = {
  'organization.list': (actor: Actor) => isPlatformStaff(actor),
  'organization.read': (actor: Actor, target: Target) => isPlatformStaff(actor) || sameOrganization(actor, target),
  'organization.create': (actor: Actor) => isPlatformStaff(actor),
  'organization.update': (actor: Actor, target: Target) =>
    isPlatformStaff(actor) || (isOrganizationAdmin(actor) && sameOrganization(actor, target)),
  'organization.delete': (actor: Actor) => isPlatformStaff(actor),
  'organization.restore': (actor: Actor) => isPlatformStaff(actor),
  /** Creating the organization's advertiser on the ad platform (a deployment needs it, SPEC §5). */
  'organization.createAdvertiser': (actor: Actor) => isPlatformStaff(actor),

  'user.list': (actor: Actor, target: Target) =>
    isPlatformStaff(actor) || (isOrganizationAdmin(actor) && sameOrganization(actor, target)),
  'user.read': (actor: Actor, target: Target) =>
    target.uid === actor.uid ||
    isPlatformStaff(actor) ||
    (isOrganizationAdmin(actor) && sameOrganization(actor, target)),
  'user.update': (actor: Actor, target: Target) =>
    isPlatformStaff(actor) || (isOrganizationAdmin(actor) && sameOrganization(actor, target)),
  /** Granting or removing admin. */
  'user.setAdmin': (actor: Actor, target: Target) =>
    isPlatformStaff(actor) || (isOrganizationAdmin(actor) && sameOrganization(actor, target)),
  /** Making someone an analyst of their organization's reports, or removing it. */
  'user.setAnalyst': (actor: Actor, target: Target) =>
    isPlatformStaff(actor) || (isOrganizationAdmin(actor) && sameOrganization(actor, target)),
  /** Making an analyst one of every organization's reports (or taking it back): platform staff. */
  'user.setPlatformAnalyst': (actor: Actor) => isPlatformStaff(actor),
  /** Granting or removing super user: only a super user. */
  'user.setSuperUser': (actor: Actor) => isSuperUser(actor),
  'user.softDelete': (actor: Actor, target: Target) =>
    target.uid !== actor.uid &&
    (isPlatformStaff(actor) || (isOrganizationAdmin(actor) && sameOrganization(actor, target))),
  'user.hardDelete': (actor: Actor, target: Target) => target.uid !== actor.uid && isPlatformStaff(actor),
  /** Each signed-in user edits their own name, avatar, title and description. */
  'profile.updateOwn': (actor: Actor, target: Target) => target.uid === actor.uid,

  /** Invitations: platform staff into any organization, an organization admin into their own. */
  'invitation.create': (actor: Actor, target: Target) =>
    !actor.demoUser && (isPlatformStaff(actor) || (isOrganizationAdmin(actor) && sameOrganization(actor, target))),

  'settings.read': () => true,
  'settings.update': (actor: Actor) => isPlatformStaff(actor),

  /** Own notifications only. */
  'notification.read': (actor: Actor, target: Target) => target.uid === actor.uid,
  /** Pushing to another user's sessions: platform staff, or anyone to themselves. */
  'notification.broadcast': (actor: Actor, target: Target) => isPlatformStaff(actor) || target.uid === actor.uid,

  'log.read': (actor: Actor) => isPlatformStaff(actor),

  /** Starting a draft: people who write campaigns, for their own organization. */
  'preCampaign.create': (actor: Actor, target: Target) =>
    writesCampaigns(actor) && actor.organizationId !== null && target.uid === actor.uid,
  /** Seeing a draft: its organization's campaign writers, and platform staff. */
  'preCampaign.read': (actor: Actor, target: Target) =>
    isPlatformStaff(actor) || (writesCampaigns(actor) && sameOrganization(actor, target)),
  /** Listing drafts: a scope of one's own organization (or oneself), or any for platform staff. */
  'preCampaign.list': (actor: Actor, target: Target) =>
    isPlatformStaff(actor) || (writesCampaigns(actor) && sameOrganization(actor, target)),
  /** Changing a draft's content and files: its owner, or the admin of its organization. */
  'preCampaign.edit': (actor: Actor, target: Target) => writesCampaigns(actor) && ownsOrAdministers(actor, target),
  'preCampaign.delete': (actor: Actor, target: Target) =>
    isPlatformStaff(actor) || (writesCampaigns(actor) && ownsOrAdministers(actor, target)),
  /** Sending it for approval: as editing, but never from a demo account (it would reach the real reviewers). */
  'preCampaign.submit': (actor: Actor, target: Target) =>
    !actor.demoUser && writesCampaigns(actor) && ownsOrAdministers(actor, target),
  /** Approving or canceling: super users only. */
  'preCampaign.review': (actor: Actor) => isSuperUser(actor),
  /** Paying an approved draft's ad budget: its owner, or the admin of its organization; never a demo account. */
  'preCampaign.pay': (actor: Actor, target: Target) =>
    !actor.demoUser && writesCampaigns(actor) && ownsOrAdministers(actor, target),
  /** One's own payments: a donor's history. */
  'payment.listOwn': (actor: Actor, target: Target) => target.uid === actor.uid,

  /** Setting an approved, paid campaign up on the ad platform by hand: super users. */
  'deployment.start': (actor: Actor) => isSuperUser(actor),
  /** Resuming a deployment that stopped: a super user, or the campaign's own side (not a demo account). */
  'deployment.resume': (actor: Actor, target: Target) =>
    isSuperUser(actor) || (!actor.demoUser && writesCampaigns(actor) && ownsOrAdministers(actor, target)),
  /** A deployed campaign's delivery figures: its owner, the admin of its organization, and platform staff. */
  'delivery.read': (actor: Actor, target: Target) =>
    isPlatformStaff(actor) || (writesCampaigns(actor) && ownsOrAdministers(actor, target)),
  /**
   * Calling the ad platform directly (the original product's /api/amobee endpoints): platform staff only,
   * as the calls reach every advertiser of the platform account and spend without a paid budget.
   */
  'adPlatform.call': (actor: Actor) => isPlatformStaff(actor),

  /** Demo campaigns are managed by platform staff; demo accounts see their organization's. */
  'demoCampaign.manage': (actor: Actor) => isPlatformStaff(actor),
  'demoCampaign.read': (actor: Actor, target: Target) =>
    isPlatformStaff(actor) || (actor.demoUser && sameOrganization(actor, target)),

  /** Promoting a campaign and getting one's share links: promoters, for themselves. */
  'promotion.create': (actor: Actor, target: Target) => actor.role === 'promoter' && target.uid === actor.uid,
  /** A promoter's links and what they brought: the promoter, and platform staff. */
  'promotion.read': (actor: Actor, target: Target) =>
    isPlatformStaff(actor) || (actor.role === 'promoter' && target.uid === actor.uid),
  /** A campaign's share counters and its promoters: its organization's campaign writers, and platform staff. */
  'campaignShares.read': (actor: Actor, target: Target) =>
    isPlatformStaff(actor) || (writesCampaigns(actor) && sameOrganization(actor, target)),
  /** Making and changing one's own fundraising page for a campaign one promotes: promoters, for themselves. */
  'fundraiserPage.edit': (actor: Actor, target: Target) => actor.role === 'promoter' && target.uid === actor.uid,
  /** Seeing every fundraising page of a campaign and hiding one: its organization's campaign writers, and platform staff. */
  'fundraiserPage.moderate': (actor: Actor, target: Target) =>
    isPlatformStaff(actor) || (writesCampaigns(actor) && sameOrganization(actor, target)),
  /** A campaign's thank-you messages, as its campaigners see them. */
  'appreciation.read': (actor: Actor, target: Target) =>
    isPlatformStaff(actor) || (writesCampaigns(actor) && sameOrganization(actor, target)),
  /** Changing them: the campaign's owner, or the admin of its organization. */
  'appreciation.edit': (actor: Actor, target: Target) => writesCampaigns(actor) && ownsOrAdministers(actor, target),

  /**
   * Reports (the reporting mirror): an organization's campaigners, admins and analysts see their own
   * organization's; platform staff and analysts granted it see every organization's.
   */
  'report.read': (actor: Actor, target: Target) =>
    readsEveryOrganizationsReports(actor) ||
    ((writesCampaigns(actor) || actor.role === 'analyst') && sameOrganization(actor, target)),
  /** Donors' whole e-mail addresses in reports (others see them masked): admins of the organization, platform staff. */
  'report.donorEmails': (actor: Actor, target: Target) =>
    isPlatformStaff(actor) || (isOrganizationAdmin(actor) && sameOrganization(actor, target)),
  /** An organization's monthly gifts whose renewals were declined: its campaigners and admins, platform staff. */
  'monthlyGift.readFailed': (actor: Actor, target: Target) =>
    isPlatformStaff(actor) || (writesCampaigns(actor) && sameOrganization(actor, target)),
  /** The one reminder to a donor whose monthly gift stopped for a declined card: the same people. */
  'monthlyGift.remind': (actor: Actor, target: Target) =>
    isPlatformStaff(actor) || (writesCampaigns(actor) && sameOrganization(actor, target)),
  /** E-mailing every donor of a year their year-end statement: admins of the organization, platform staff. */
  'statement.send': (actor: Actor, target: Target) =>
    isPlatformStaff(actor) || (isOrganizationAdmin(actor) && sameOrganization(actor, target)),
} satisfies Record<string, (actor: Actor, target: Target) => boolean>;

export type Action = keyof typeof RULES;

export function can(actor: Actor, action: Action, target: Target = {}): boolean {
  return RULES[action](actor, target);
}

const refusals: Partial<Record<Action, string>> = {
  'organization.read': 'You can only see your own organization.',
  'organization.update': 'You can only change your own organization.',
  'user.list': 'Only admins can list people, and an organization admin only the people of their own organization.',
  'user.read': 'You can only see the people of your own organization.',
  'user.update': 'You can only change the people of your own organization.',
  'user.setAdmin': 'You can only grant or remove admin rights in your own organization.',
  'user.setSuperUser': 'Only a super user can grant or remove super user rights.',
  'user.setAnalyst': 'You can only make analysts in your own organization.',
  'user.setPlatformAnalyst': 'Only super users and platform admins can give an analyst every organization’s reports.',
  'report.read': 'You can only see the reports of your own organization.',
  'report.donorEmails': 'Only your organization’s admins see donors’ e-mail addresses.',
  'monthlyGift.readFailed': 'You can only see the monthly gifts of your own organization.',
  'monthlyGift.remind': 'You can only remind the donors of your own organization.',
  'statement.send': 'Only your organization’s admins can send its donors their year-end statements.',
  'user.softDelete': 'You cannot delete this account.',
  'user.hardDelete': 'Only platform admins can permanently delete an account, and never their own.',
  'profile.updateOwn': 'You can only edit your own profile.',
  'invitation.create': 'You can only invite people into your own organization.',
  'notification.read': 'That notification belongs to someone else.',
  'log.read': 'Only super users and platform admins can read the audit log.',
  'preCampaign.create': 'Only campaigners of an organization can start a campaign.',
  'preCampaign.read': 'You can only see the campaigns of your own organization.',
  'preCampaign.list': 'You can only list the campaigns of your own organization.',
  'preCampaign.edit': 'Only the person who wrote this campaign, or their organization’s admin, can change it.',
  'preCampaign.delete': 'Only the person who wrote this campaign, or their organization’s admin, can delete it.',
  'preCampaign.submit':
    'Only the person who wrote this campaign, or their organization’s admin, can send it for approval; demo accounts cannot.',
  'preCampaign.review': 'Only a super user can approve or cancel a campaign.',
  'preCampaign.pay':
    'Only the person who wrote this campaign, or their organization’s admin, can pay its ad budget; demo accounts cannot.',
  'payment.listOwn': 'You can only see your own payments.',
  'deployment.start': 'Only a super user can start publishing a campaign by hand.',
  'deployment.resume':
    'Only a super user, or the people of the campaign’s organization who may send it, can resume its publishing.',
  'organization.createAdvertiser': 'Only super users and platform admins create an organization’s advertiser.',
  'delivery.read':
    'Only the person who owns this campaign, their organization’s admin or platform staff can see its delivery.',
  'adPlatform.call': 'Only super users and platform admins can call the ad platform directly.',
  'demoCampaign.manage': 'Only super users and platform admins manage demo campaigns.',
  'demoCampaign.read': 'Only platform staff and demo accounts see demo campaigns.',
  'promotion.create': 'Only promoters can promote a campaign.',
  'promotion.read': 'You can only see your own promotions.',
  'campaignShares.read': 'You can only see the shares of your own organization’s campaigns.',
  'appreciation.read': 'You can only see the thank-you messages of your own organization’s campaigns.',
  'appreciation.edit':
    'Only the person who owns this campaign, or their organization’s admin, can change its thank-you messages.',
};

/** Throws forbidden (403) with a message that says why, unless the actor may act. */
export function authorize(actor: Actor, action: Action, target: Target = {}): void {
  if (!can(actor, action, target)) throw forbidden(refusals[action] ?? 'Your role does not allow this.');
}
