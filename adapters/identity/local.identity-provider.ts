import { createHash } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { Clock } from '@causeway/core/ports/clock.port';
import type { IdGenerator } from '@causeway/core/ports/id-generator.port';
import type { CredentialRepository, IdentityProvider } from '@causeway/core/ports/identity.port';
import { invalid } from '@causeway/core/shared/errors';

/** SPEC §9: sessions are refreshed at most every 10 minutes. */
export const SESSION_RENEWAL_INTERVAL_MS = 600_000;

export interface LocalIdentityOptions {
  credentials: CredentialRepository;
  clock: Clock;
  ids: IdGenerator;
  /** How long a session lives without use. */
  sessionTtlMs: number;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

// Verifying against this when the e-mail is unknown keeps the answer time the same either way.
const DECOY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$0pZ6m0Tb3GJ1s0yL1oE4dyV3p5ZVKlGU3Ch0bWcUPfo';

export const MIN_PASSWORD_LENGTH = 10;

/** E-mail and password (argon2id) with server-side sessions whose expiry slides on use. */
export function createLocalIdentityProvider({
  credentials,
  clock,
  ids,
  sessionTtlMs,
}: LocalIdentityOptions): IdentityProvider {
  const issue = async (uid: string) => {
    const token = ids.newSecret();
    const now = clock.now();
    const expiresAt = new Date(now.getTime() + sessionTtlMs).toISOString();
    await credentials.createSession({
      tokenHash: hashToken(token),
      uid,
      createdAt: now.toISOString(),
      renewedAt: now.toISOString(),
      expiresAt,
    });
    return { uid, token, expiresAt };
  };

  const checkPassword = (password: string) => {
    if (password.length < MIN_PASSWORD_LENGTH) {
      throw invalid(`Use at least ${MIN_PASSWORD_LENGTH} characters.`, {
        password: `Use at least ${MIN_PASSWORD_LENGTH} characters.`,
      });
    }
  };

  return {
    async createUser({ email, password, uid }) {
      checkPassword(password);
      const now = clock.now().toISOString();
      const newUid = uid ?? ids.newId();
      await credentials.createCredentials({
        uid: newUid,
        email: email.toLowerCase(),
        passwordHash: await hash(password),
        createdAt: now,
        updatedAt: now,
      });
      return { uid: newUid };
    },

    async signInWithPassword(email, password) {
      const found = await credentials.findCredentialsByEmail(email.trim().toLowerCase());
      const matches = await verify(found?.passwordHash ?? DECOY_HASH, password).catch(() => false);
      if (!found || !matches) return null;
      return issue(found.uid);
    },

    async signInWithIdToken() {
      return null;
    },

    async verifySession(token) {
      const tokenHash = hashToken(token);
      const session = await credentials.findSession(tokenHash);
      const now = clock.now();
      if (!session) return null;
      if (new Date(session.expiresAt).getTime() <= now.getTime()) {
        await credentials.deleteSession(tokenHash);
        return null;
      }
      if (now.getTime() - new Date(session.renewedAt).getTime() < SESSION_RENEWAL_INTERVAL_MS) {
        return { uid: session.uid, expiresAt: session.expiresAt, renewed: false };
      }
      const expiresAt = new Date(now.getTime() + sessionTtlMs).toISOString();
      await credentials.renewSession(tokenHash, now.toISOString(), expiresAt);
      return { uid: session.uid, expiresAt, renewed: true };
    },

    async revokeSession(token) {
      await credentials.deleteSession(hashToken(token));
    },

    async setPassword(uid, password) {
      checkPassword(password);
      await credentials.updatePasswordHash(uid, await hash(password), clock.now().toISOString());
      await credentials.deleteSessionsOf(uid);
    },

    async revokeSessionsOf(uid) {
      await credentials.deleteSessionsOf(uid);
    },

    async changeEmail(uid, email) {
      await credentials.updateEmail(uid, email.trim().toLowerCase(), clock.now().toISOString());
    },

    async deleteUser(uid) {
      // The stores remove the user's sessions with the credentials.
      await credentials.deleteCredentials(uid);
    },
  };
}
