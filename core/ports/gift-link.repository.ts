import type { GiftLink, GiftLinkPurpose } from '../donor-gifts/gift-link.entity';

/** A donor's links to their gifts and the visits they open (`giftLinks`): only the tokens' hashes are stored. */
export interface GiftLinkRepository {
  /** Stores the e-mail lowercased and instants in UTC. Conflict when the id or the token hash is taken. */
  create(link: GiftLink): Promise<void>;
  findByHash(tokenHash: string): Promise<GiftLink | null>;
  /**
   * Uses the record at `at` (a link opened, a visit ended), only if it is neither used nor expired then.
   * True for the one call that did; of two concurrent calls at most one succeeds.
   */
  use(id: string, at: string): Promise<boolean>;
  /** How many records of this purpose were made for this e-mail (any case) at or after `since`. */
  countCreatedSince(email: string, purpose: GiftLinkPurpose, since: string): Promise<number>;
}
