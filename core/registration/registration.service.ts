import type { AuditTrail } from '../audit/audit-trail';
import type { AuthService } from '../auth/auth.service';
import { authorize, type Actor } from '../auth/authorization';
import { brandingOf } from '../contracts/branding.contract';
import type { MailService } from '../email/mail.service';
import type { Organization } from '../organizations/organization.entity';
import type { Clock } from '../ports/clock.port';
import type { IdGenerator } from '../ports/id-generator.port';
import type { IdentityProvider } from '../ports/identity.port';
import type { OrganizationRepository } from '../ports/organization.repository';
import type { RegistrationTokenRepository } from '../ports/registration-token.repository';
import type { UnitOfWork } from '../ports/unit-of-work.port';
import type { UserRepository } from '../ports/user.repository';
import { DomainError, conflict, invalid, notFound } from '../shared/errors';
import type { AccountType } from '../users/user.entity';
import { invitationMail } from './invitation.mail';
import {
  REGISTRATION_TOKEN_TTL_MS,
  hashRegistrationToken,
  tokenState,
  type RegistrationToken,
} from './registration-token.entity';

export type RegistrationServiceDeps = {
  unitOfWork: UnitOfWork;
  registrationTokens: Pick<RegistrationTokenRepository, 'findByHash'>;
  organizations: Pick<OrganizationRepository, 'findById'>;
  users: Pick<UserRepository, 'findByEmail'>;
  identity: Pick<IdentityProvider, 'createUser' | 'deleteUser'>;
  auth: Pick<AuthService, 'signIn'>;
  mail: Pick<MailService, 'send'>;
  audit: AuditTrail;
  clock: Clock;
  ids: IdGenerator;
  /** Where people reach the platform (links in mail), without a trailing slash. */
  publicUrl: string;
  /** Told when credentials made for a failed sign-up could not be removed again. */
  onCleanupFailure?: (error: unknown, uid: string) => void;
};

export interface CreateTokenInput {
  email: string;
  name: string;
  organizationId: string;
  accountType?: AccountType;
}

export interface InvitationInput {
  email: string;
  name: string;
  organizationId: string;
  token: string;
}

export interface SignUpInput {
  email: string;
  token: string;
  password: string;
  fName: string;
  lName: string;
}

export type TokenCheck =
  | { valid: true; token: RegistrationToken; organization: Organization }
  | { valid: false; reason: 'unknown' | 'used' | 'expired' };

export const ALREADY_REGISTERED = 'This person already has an account.';
export const INVITATION_USED = 'This invitation has already been used. Sign in with your e-mail and password instead.';
export const INVITATION_EXPIRED = 'This invitation has expired. Ask the person who invited you to send a new one.';
export const INVITATION_UNKNOWN =
  'This invitation link is not valid. Check that you opened the whole link from the e-mail, or ask for a new invitation.';

export type RegistrationService = ReturnType<typeof registrationServiceFactory>;

const normalEmail = (email: string) => email.trim().toLowerCase();

/** Registration by invitation (SPEC §1, §7): tokens, the invitation e-mail, and sign-up. */
export function registrationServiceFactory(deps: RegistrationServiceDeps) {
  const { unitOfWork, registrationTokens, organizations, users, identity, auth, mail, audit, clock, ids } = deps;

  /** The organization people are invited into: it must exist and be active. */
  const activeOrganization = async (organizationId: string): Promise<Organization> => {
    const organization = await organizations.findById(organizationId);
    if (!organization) throw notFound('We could not find that organization.');
    if (organization.isDeleted) {
      const message = 'This organization is closed. Restore it before inviting people.';
      throw invalid(message, { organizationId: message });
    }
    return organization;
  };

  /** Finds the token given for this e-mail and says whether it can still be used. */
  const check = async (email: string, token: string): Promise<TokenCheck> => {
    const found = await registrationTokens.findByHash(await hashRegistrationToken(token));
    // A token given with another address is as good as unknown: nothing is said about whose it is.
    if (!found || found.email !== normalEmail(email)) return { valid: false, reason: 'unknown' };
    const state = tokenState(found, clock.now());
    if (state !== 'valid') return { valid: false, reason: state };
    const organization = await organizations.findById(found.organizationId);
    if (!organization || organization.isDeleted) return { valid: false, reason: 'unknown' };
    return { valid: true, token: found, organization };
  };

  const refusal = (reason: 'unknown' | 'used' | 'expired'): DomainError => {
    if (reason === 'used') return conflict(INVITATION_USED);
    if (reason === 'expired') return invalid(INVITATION_EXPIRED, { token: INVITATION_EXPIRED });
    return invalid(INVITATION_UNKNOWN, { token: INVITATION_UNKNOWN });
  };

  return {
    /**
     * Makes an invitation token for one person into one organization. The token is answered once;
     * only its hash is kept.
     */
    async createToken(actor: Actor, input: CreateTokenInput): Promise<{ token: string; expiresAt: string }> {
      authorize(actor, 'invitation.create', { organizationId: input.organizationId });
      const organization = await activeOrganization(input.organizationId);
      const email = normalEmail(input.email);
      if (await users.findByEmail(email)) {
        throw new DomainError('conflict', ALREADY_REGISTERED, { email: ALREADY_REGISTERED });
      }
      const token = ids.newSecret();
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + REGISTRATION_TOKEN_TTL_MS).toISOString();
      const accountType = input.accountType ?? 'campaigner';
      const name = input.name.trim();
      await unitOfWork.run(async (repositories) => {
        const created = await repositories.registrationTokens.create({
          id: ids.newId(),
          email,
          name,
          organizationId: organization.organizationId,
          accountType,
          tokenHash: await hashRegistrationToken(token),
          createdBy: actor.uid,
          createdAt: now.toISOString(),
          expiresAt,
        });
        await audit.record(repositories.auditLogs, actor, {
          document: 'registrationTokens',
          event: 'invite',
          action: `Invited ${name} (${email}) to join ${organization.name} as a ${accountType}`,
          triggerId: created.id,
          triggerName: email,
        });
      });
      return { token, expiresAt };
    },

    /** Whether a token can be used by this e-mail, with the inviting organization's branding when it can. */
    async validateToken(input: { email: string; token: string }) {
      const result = await check(input.email, input.token);
      if (!result.valid) return { valid: false, reason: result.reason };
      return {
        valid: true,
        name: result.token.name,
        organizationId: result.organization.organizationId,
        branding: brandingOf(result.organization),
      };
    },

    /**
     * Sends the invitation e-mail with the sign-up link. The sender must be allowed to invite into the
     * organization, and the token must be a usable one made for that person and organization (tokens
     * are only made by people allowed to invite into it).
     */
    async sendInvitation(actor: Actor, input: InvitationInput): Promise<{ sent: true; messageId: string }> {
      authorize(actor, 'invitation.create', { organizationId: input.organizationId });
      const found = await registrationTokens.findByHash(await hashRegistrationToken(input.token));
      if (!found || found.email !== normalEmail(input.email) || found.organizationId !== input.organizationId) {
        const message = 'This token was not made for this person and organization.';
        throw invalid(message, { token: message });
      }
      const state = tokenState(found, clock.now());
      if (state === 'used') throw conflict('This invitation has already been used: the person has an account.');
      if (state === 'expired') {
        const message = 'This invitation has expired. Create a new one.';
        throw invalid(message, { token: message });
      }
      const organization = await activeOrganization(found.organizationId);
      const { messageId } = await mail.send(
        invitationMail({
          to: found.email,
          name: input.name.trim(),
          organizationName: organization.name,
          inviterName: actor.displayName,
          token: input.token,
          expiresAt: found.expiresAt,
          publicUrl: deps.publicUrl,
        }),
      );
      return { sent: true, messageId };
    },

    /**
     * Creates the invitee's account: credentials, then the profile with the token marked used in one
     * unit of work. A failure leaves nothing half-made (credentials made here are removed again). The
     * new user is signed in.
     */
    async signUp(input: SignUpInput): ReturnType<AuthService['signIn']> {
      const result = await check(input.email, input.token);
      if (!result.valid) throw refusal(result.reason);
      const { token, organization } = result;
      if (await users.findByEmail(token.email)) throw conflict(`${ALREADY_REGISTERED} Sign in instead.`);

      const { uid } = await identity.createUser({ email: token.email, password: input.password }).catch((error) => {
        if (error instanceof DomainError && error.code === 'conflict') {
          throw conflict(`${ALREADY_REGISTERED} Sign in instead.`);
        }
        throw error;
      });
      const fName = input.fName.trim();
      const lName = input.lName.trim();
      try {
        await unitOfWork.run(async (repositories) => {
          const at = clock.now().toISOString();
          await repositories.users.create({
            UserId: uid,
            uid,
            Email: token.email,
            FirstName: fName,
            LastName: lName,
            AccountType: token.accountType,
            OrganisationName: organization.name,
            organizationId: organization.organizationId,
            createdAt: at,
          });
          if (!(await repositories.registrationTokens.markUsed(token.id, at, uid))) throw conflict(INVITATION_USED);
          await audit.record(
            repositories.auditLogs,
            { uid },
            {
              document: 'users',
              event: 'registration',
              action: `${fName} ${lName} (${token.email}) joined ${organization.name} by invitation`,
              triggerId: uid,
              triggerName: `${fName} ${lName}`,
            },
          );
        });
      } catch (error) {
        await identity.deleteUser(uid).catch((cleanupError: unknown) => deps.onCleanupFailure?.(cleanupError, uid));
        if (error instanceof DomainError) throw error;
        // A store that checks at commit refuses the later of two uses of one token: say so.
        const now = await registrationTokens.findByHash(token.tokenHash);
        if (now && now.usedBy !== null && now.usedBy !== uid) throw conflict(INVITATION_USED);
        throw error;
      }
      return auth.signIn(token.email, input.password);
    },
  };
}
