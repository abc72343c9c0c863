import type { PasswordReset } from '../auth/password-reset.entity';

/** Password reset requests (`passwordResets`): only the token's hash is stored. */
export interface PasswordResetRepository {
  /** Stores the e-mail lowercased and instants in UTC. Conflict when the id or the token hash is taken. */
  create(reset: PasswordReset): Promise<void>;
  findByHash(tokenHash: string): Promise<PasswordReset | null>;
  /**
   * Uses the reset at `at`, only if it is neither used nor expired then, and with it every other
   * reset of the same user not used yet (links still in a mailbox stop working). True for the one
   * call that did; two concurrent calls never both succeed (inside a unit of work on a store that
   * checks at commit, the later commit fails instead).
   */
  use(id: string, at: string): Promise<boolean>;
  /** How many resets were asked for this e-mail (any case) at or after `since`. */
  countRequestedSince(email: string, since: string): Promise<number>;
}
