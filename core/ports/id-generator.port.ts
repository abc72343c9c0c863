export interface IdGenerator {
  /** A new unique id (a UUID in production). */
  newId(): string;
  /** A url-safe secret with at least 256 bits of entropy (tokens, session ids). */
  newSecret(): string;
}
