import type { NewRegistrationToken, RegistrationToken } from '../registration/registration-token.entity';

/** Invitation tokens (`registrationTokens`). Each change writes its event with it. */
export interface RegistrationTokenRepository {
  /** Stores the e-mail lowercased. Conflict when the id or the token hash is taken. */
  create(token: NewRegistrationToken): Promise<RegistrationToken>;
  findByHash(tokenHash: string): Promise<RegistrationToken | null>;
  findById(id: string): Promise<RegistrationToken | null>;
  /**
   * Marks the token used by `uid` at `at`, only if it is not used yet: true for the one call that did,
   * false when it was already used or does not exist. Two concurrent calls never both succeed: inside
   * units of work on a store that checks at commit (Firestore), the later unit's commit fails instead.
   */
  markUsed(id: string, at: string, uid: string): Promise<boolean>;
  /** The organization's tokens neither used nor expired at `now`, newest first. */
  listPending(organizationId: string, now: string): Promise<RegistrationToken[]>;
}
