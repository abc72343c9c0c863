/** An authenticated session as the HTTP layer carries it in the `__session` cookie. */
export interface IssuedSession {
  uid: string;
  /** Opaque value for the cookie. */
  token: string;
  expiresAt: string;
}

export interface VerifiedSession {
  uid: string;
  expiresAt: string;
  /** True when this check extended the session (at most once per renewal interval): reset the cookie. */
  renewed: boolean;
}

/**
 * Who someone is. Local: e-mail and password with server-side sessions. Firebase: Firebase Auth
 * (passwords checked by Firebase, ID tokens verified by firebase-admin, session cookies).
 */
export interface IdentityProvider {
  /** Creates sign-in credentials; answers the new uid. Conflict when the e-mail has credentials. */
  createUser(input: { email: string; password: string; uid?: string }): Promise<{ uid: string }>;
  /** Null for an unknown e-mail or a wrong password (never says which). */
  signInWithPassword(email: string, password: string): Promise<IssuedSession | null>;
  /** Null when the token is not valid. Only identity services that issue ID tokens accept one. */
  signInWithIdToken(idToken: string): Promise<IssuedSession | null>;
  /** Null when unknown, expired or revoked. */
  verifySession(token: string): Promise<VerifiedSession | null>;
  revokeSession(token: string): Promise<void>;
  setPassword(uid: string, password: string): Promise<void>;
  /** Ends every session of the user (a soft-deleted account is signed out everywhere). */
  revokeSessionsOf(uid: string): Promise<void>;
  /** Moves the sign-in e-mail; conflict when another account has it. Nothing happens for an unknown uid. */
  changeEmail(uid: string, email: string): Promise<void>;
  /** Removes the credentials and their sessions, so the e-mail can be used again; an unknown uid is not an error. */
  deleteUser(uid: string): Promise<void>;
  /**
   * Present when the identity service resets passwords itself (Firebase): its own link for the
   * address, null when it has no account with it. Absent when the platform runs the reset.
   */
  passwordResetLink?(email: string): Promise<string | null>;
}

export interface StoredCredentials {
  uid: string;
  email: string;
  passwordHash: string;
  createdAt: string;
  updatedAt: string;
}

export interface StoredSession {
  /** A hash of the cookie token: a leaked table does not leak sessions. */
  tokenHash: string;
  uid: string;
  createdAt: string;
  renewedAt: string;
  expiresAt: string;
}

/** Storage of the local identity adapter. */
export interface CredentialRepository {
  /** Conflict when the e-mail or uid has credentials. */
  createCredentials(credentials: StoredCredentials): Promise<void>;
  findCredentialsByEmail(email: string): Promise<StoredCredentials | null>;
  updatePasswordHash(uid: string, passwordHash: string, at: string): Promise<boolean>;
  /** Stores the e-mail lowercased; false when no such uid, conflict when another account has the e-mail. */
  updateEmail(uid: string, email: string, at: string): Promise<boolean>;
  deleteCredentials(uid: string): Promise<void>;
  createSession(session: StoredSession): Promise<void>;
  findSession(tokenHash: string): Promise<StoredSession | null>;
  /** Moves renewedAt and expiresAt forward. */
  renewSession(tokenHash: string, renewedAt: string, expiresAt: string): Promise<void>;
  deleteSession(tokenHash: string): Promise<void>;
  deleteSessionsOf(uid: string): Promise<void>;
  /** Removes expired sessions; answers how many. */
  purgeExpiredSessions(now: string): Promise<number>;
}
