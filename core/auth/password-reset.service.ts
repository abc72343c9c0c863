import type { AuditTrail } from '../audit/audit-trail';
import { NewPassword } from '../contracts/auth.contract';
import type { MailService } from '../email/mail.service';
import type { Clock } from '../ports/clock.port';
import type { IdGenerator } from '../ports/id-generator.port';
import type { IdentityProvider } from '../ports/identity.port';
import type { PasswordResetRepository } from '../ports/password-reset.repository';
import type { UnitOfWork } from '../ports/unit-of-work.port';
import type { UserRepository } from '../ports/user.repository';
import { invalid } from '../shared/errors';
import {
  PASSWORD_RESET_MAX_PER_WINDOW,
  PASSWORD_RESET_TTL_MS,
  PASSWORD_RESET_WINDOW_MS,
  hashPasswordResetToken,
  passwordResetState,
} from './password-reset.entity';
import { passwordResetMail, resetPasswordLink } from './password-reset.mail';

export type PasswordResetServiceDeps = {
  unitOfWork: UnitOfWork;
  passwordResets: Pick<PasswordResetRepository, 'create' | 'findByHash' | 'countRequestedSince'>;
  users: Pick<UserRepository, 'findByEmail'>;
  identity: Pick<IdentityProvider, 'setPassword' | 'revokeSessionsOf' | 'passwordResetLink'>;
  mail: Pick<MailService, 'send'>;
  audit: AuditTrail;
  clock: Clock;
  ids: IdGenerator;
  /** Where people reach the platform (links in mail), without a trailing slash. */
  publicUrl: string;
  /** Told why a request sent no e-mail (never told to the person asking). */
  onNotSent?: (reason: 'unknown' | 'rate-limited' | 'failed', email: string, error?: unknown) => void;
};

export type ResetTokenState = 'valid' | 'used' | 'expired' | 'unknown';

export const RESET_LINK_UNKNOWN =
  'This reset link is not valid. Check that you opened the whole link from the e-mail, or ask for a new one.';
export const RESET_LINK_USED = 'This reset link has already been used. Ask for a new one if you need to.';
export const RESET_LINK_EXPIRED = 'This reset link has expired. Ask for a new one.';

const refusalOf = (state: Exclude<ResetTokenState, 'valid'>): string =>
  state === 'used' ? RESET_LINK_USED : state === 'expired' ? RESET_LINK_EXPIRED : RESET_LINK_UNKNOWN;

export type PasswordResetService = ReturnType<typeof passwordResetServiceFactory>;

/**
 * Password reset by e-mail. Asking always gets the same answer, whether an account has the address or
 * not; a link works once, for an hour, and setting the new password ends every session of the user.
 * Where the identity service resets passwords itself (Firebase), the e-mail carries its link instead.
 */
export function passwordResetServiceFactory(deps: PasswordResetServiceDeps) {
  const { unitOfWork, passwordResets, users, identity, mail, audit, clock, ids } = deps;

  const find = async (token: string) => {
    const reset = await passwordResets.findByHash(await hashPasswordResetToken(token));
    const state: ResetTokenState = reset ? passwordResetState(reset, clock.now()) : 'unknown';
    return { reset, state };
  };

  return {
    /** Sends a reset link when an active account has the address and it has not asked too often. */
    async requestReset(rawEmail: string): Promise<void> {
      const email = rawEmail.trim().toLowerCase();
      const user = await users.findByEmail(email);
      if (!user || user.isDeleted) return deps.onNotSent?.('unknown', email);
      const now = clock.now();
      const since = new Date(now.getTime() - PASSWORD_RESET_WINDOW_MS).toISOString();
      if ((await passwordResets.countRequestedSince(email, since)) >= PASSWORD_RESET_MAX_PER_WINDOW) {
        return deps.onNotSent?.('rate-limited', email);
      }
      const token = ids.newSecret();
      const expiresAt = new Date(now.getTime() + PASSWORD_RESET_TTL_MS).toISOString();
      // Recorded in either mode: the count above limits what the identity service is asked too.
      await passwordResets.create({
        id: ids.newId(),
        uid: user.uid,
        email,
        tokenHash: await hashPasswordResetToken(token),
        createdAt: now.toISOString(),
        expiresAt,
        usedAt: null,
      });
      try {
        if (identity.passwordResetLink) {
          const link = await identity.passwordResetLink(email);
          if (!link) return deps.onNotSent?.('unknown', email);
          await mail.send(passwordResetMail({ to: email, name: user.FirstName, link, expiresAt: null }));
        } else {
          const link = resetPasswordLink(deps.publicUrl, token);
          await mail.send(passwordResetMail({ to: email, name: user.FirstName, link, expiresAt }));
        }
      } catch (error) {
        // The answer must not say whether the address has an account: a failure is only logged.
        deps.onNotSent?.('failed', email, error);
      }
    },

    /** Whether a reset link can still be used (the page says so before asking for a password). */
    async checkToken(token: string): Promise<{ state: ResetTokenState; message: string | null }> {
      const { state } = await find(token);
      return { state, message: state === 'valid' ? null : refusalOf(state) };
    },

    /** Sets the new password with a usable link, uses the link up and ends every session of the user. */
    async resetPassword(token: string, password: string): Promise<{ email: string }> {
      const checked = NewPassword.safeParse(password);
      if (!checked.success) {
        const message = checked.error.issues[0]?.message ?? 'Choose a new password.';
        throw invalid(message, { password: message });
      }
      const { reset, state } = await find(token);
      if (!reset || state !== 'valid') {
        const message = refusalOf(state === 'valid' ? 'unknown' : state);
        throw invalid(message, { token: message });
      }
      const at = clock.now().toISOString();
      await unitOfWork.run(async (repositories) => {
        if (!(await repositories.passwordResets.use(reset.id, at))) {
          throw invalid(RESET_LINK_USED, { token: RESET_LINK_USED });
        }
        await audit.record(
          repositories.auditLogs,
          { uid: reset.uid },
          {
            document: 'users',
            event: 'passwordReset',
            action: `Set a new password with a reset link sent to ${reset.email}`,
            triggerId: reset.uid,
            triggerName: reset.email,
          },
        );
      });
      // Setting the password ends the user's sessions; said again for identity services that do not.
      await identity.setPassword(reset.uid, password);
      await identity.revokeSessionsOf(reset.uid);
      return { email: reset.email };
    },
  };
}
