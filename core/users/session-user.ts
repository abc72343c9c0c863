import type { Organization } from '../organizations/organization.entity';
import type { SessionUser, UserProfile } from './user.entity';

/** The signed-in user as the front ends see it, from the profile and its organization. */
export function toSessionUser(profile: UserProfile, organization: Organization | null): SessionUser {
  return {
    uid: profile.uid,
    email: profile.Email,
    accountType: profile.AccountType,
    avatar: profile.avatar,
    fName: profile.FirstName,
    lName: profile.LastName,
    orgName: organization?.name ?? profile.OrganisationName,
    orgDescription: profile.OrganisationGoals ?? profile.Description,
    admin: profile.isDemo ? false : profile.admin,
    organizationId: profile.organizationId,
    superUser: profile.superUser,
    // SPEC §3's fields for every account; an analyst's scope only on an analyst's session.
    ...(profile.analyst && !profile.isDemo ? { analyst: profile.analyst } : {}),
    lastLogin: profile.lastLogin ?? profile.createdAt,
    demoUser: profile.isDemo,
  };
}

export type Role = 'superUser' | 'admin' | 'analyst' | 'campaigner' | 'promoter' | 'donor';

/** The one role a session acts in: the strongest flag wins (super user, admin, analyst), else the account type. */
export function roleOf(user: Pick<SessionUser, 'superUser' | 'admin' | 'accountType' | 'analyst'>): Role {
  if (user.superUser) return 'superUser';
  if (user.admin) return 'admin';
  if (user.analyst) return 'analyst';
  return user.accountType;
}
