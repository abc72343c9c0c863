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
    lastLogin: profile.lastLogin ?? profile.createdAt,
    demoUser: profile.isDemo,
  };
}

export type Role = 'superUser' | 'admin' | 'campaigner' | 'promoter' | 'donor';

/** The one role a session acts in: the strongest flag wins, else the account type. */
export function roleOf(user: Pick<SessionUser, 'superUser' | 'admin' | 'accountType'>): Role {
  if (user.superUser) return 'superUser';
  if (user.admin) return 'admin';
  return user.accountType;
}
