import { brandingOf, type Branding } from '../contracts/branding.contract';
import type { Clock } from '../ports/clock.port';
import type { IdentityProvider, IssuedSession } from '../ports/identity.port';
import type { OrganizationRepository } from '../ports/organization.repository';
import type { UserRepository } from '../ports/user.repository';
import { unauthenticated } from '../shared/errors';
import { toSessionUser } from '../users/session-user';
import type { SessionUser } from '../users/user.entity';

export type AuthServiceDeps = {
  identity: IdentityProvider;
  users: Pick<UserRepository, 'findById' | 'recordLogin'>;
  organizations: Pick<OrganizationRepository, 'findById'>;
  clock: Clock;
};

export const WRONG_CREDENTIALS = 'The e-mail or password is not right.';

export type AuthService = ReturnType<typeof authServiceFactory>;

export function authServiceFactory({ identity, users, organizations, clock }: AuthServiceDeps) {
  const sessionUserOf = async (uid: string): Promise<{ user: SessionUser; branding: Branding | null } | null> => {
    const profile = await users.findById(uid);
    if (!profile || profile.isDeleted) return null;
    const organization = profile.organizationId ? await organizations.findById(profile.organizationId) : null;
    return {
      user: toSessionUser(profile, organization),
      branding: organization && !organization.isDeleted ? brandingOf(organization) : null,
    };
  };

  return {
    /** Checks the password, opens a session and records the login. */
    async signIn(
      email: string,
      password: string,
    ): Promise<{ session: IssuedSession; user: SessionUser; branding: Branding | null }> {
      const session = await identity.signInWithPassword(email, password);
      if (!session) throw unauthenticated(WRONG_CREDENTIALS);
      const at = clock.now().toISOString();
      const current = await sessionUserOf(session.uid);
      if (!current) {
        // Credentials without a live profile (deleted user): the sign-in must not stand.
        await identity.revokeSession(session.token);
        throw unauthenticated(WRONG_CREDENTIALS);
      }
      await users.recordLogin(session.uid, at);
      return { session, user: { ...current.user, lastLogin: at }, branding: current.branding };
    },

    /** The session's user, or null when the session is not valid (signed out). */
    async currentUser(
      token: string | undefined,
    ): Promise<{ user: SessionUser; branding: Branding | null; renewed: boolean; expiresAt: string } | null> {
      if (!token) return null;
      const verified = await identity.verifySession(token);
      if (!verified) return null;
      const current = await sessionUserOf(verified.uid);
      if (!current) return null;
      return { ...current, renewed: verified.renewed, expiresAt: verified.expiresAt };
    },

    async signOut(token: string | undefined): Promise<void> {
      if (token) await identity.revokeSession(token);
    },
  };
}
