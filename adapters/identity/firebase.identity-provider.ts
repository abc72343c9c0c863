import type { Auth } from 'firebase-admin/auth';
import type { IdentityProvider, IssuedSession } from '@causeway/core/ports/identity.port';
import { conflict } from '@causeway/core/shared/errors';

export interface FirebaseIdentityOptions {
  auth: Auth;
  /** The web API key: Firebase checks passwords only through its REST sign-in endpoint. */
  apiKey: string;
  sessionTtlMs: number;
  /** FIREBASE_AUTH_EMULATOR_HOST when the Auth emulator is used. */
  emulatorHost?: string;
}

/** Firebase session cookies last at most two weeks. */
const MAX_FIREBASE_SESSION_MS = 14 * 24 * 3600 * 1000;

/**
 * Firebase Auth. Passwords are checked by Firebase; the session is a Firebase session cookie
 * (verified with firebase-admin, revoked by revoking the user's refresh tokens). Firebase cannot
 * extend a session cookie, so sessions do not slide here: the browser signs in again at expiry.
 */
export function createFirebaseIdentityProvider({
  auth,
  apiKey,
  sessionTtlMs,
  emulatorHost,
}: FirebaseIdentityOptions): IdentityProvider {
  const expiresIn = Math.min(sessionTtlMs, MAX_FIREBASE_SESSION_MS);
  const restBase = emulatorHost
    ? `http://${emulatorHost}/identitytoolkit.googleapis.com/v1`
    : 'https://identitytoolkit.googleapis.com/v1';
  // An API key belongs to one project; the Auth emulator's keys name none (it would take the project it was
  // started with), so there the request names the app's project, as the emulator's owner may.
  const projectId = auth.app.options.projectId;
  const emulatorScope = (body: Record<string, unknown>): { headers: Record<string, string>; body: object } =>
    emulatorHost && projectId
      ? { headers: { authorization: 'Bearer owner' }, body: { ...body, targetProjectId: projectId } }
      : { headers: {}, body };

  const sessionFromIdToken = async (idToken: string): Promise<IssuedSession | null> => {
    try {
      const decoded = await auth.verifyIdToken(idToken, true);
      const token = await auth.createSessionCookie(idToken, { expiresIn });
      return { uid: decoded.uid, token, expiresAt: new Date(Date.now() + expiresIn).toISOString() };
    } catch {
      return null;
    }
  };

  /**
   * Ends every session of the user. Firebase keeps the revocation time in whole seconds and ends the
   * sessions that began before it: one that began earlier in the same second would stay valid. So the
   * revocation waits for the next second, and every session begun until now is ended.
   */
  const revokeAll = async (uid: string) => {
    await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 1));
    await auth.revokeRefreshTokens(uid);
  };

  return {
    async createUser({ email, password, uid }) {
      try {
        const created = await auth.createUser({ email: email.toLowerCase(), password, ...(uid ? { uid } : {}) });
        return { uid: created.uid };
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'auth/email-already-exists' || code === 'auth/uid-already-exists') {
          throw conflict('An account with this e-mail already exists.');
        }
        throw error;
      }
    },

    async signInWithPassword(email, password) {
      const request = emulatorScope({ email: email.trim().toLowerCase(), password, returnSecureToken: true });
      const response = await fetch(`${restBase}/accounts:signInWithPassword?key=${encodeURIComponent(apiKey)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...request.headers },
        body: JSON.stringify(request.body),
      });
      if (response.status === 400) return null;
      if (!response.ok) throw new Error(`Firebase sign-in answered ${response.status}`);
      const body = (await response.json()) as { idToken?: string };
      return body.idToken ? sessionFromIdToken(body.idToken) : null;
    },

    signInWithIdToken: sessionFromIdToken,

    async verifySession(token) {
      try {
        const decoded = await auth.verifySessionCookie(token, true);
        return { uid: decoded.uid, expiresAt: new Date(decoded.exp * 1000).toISOString(), renewed: false };
      } catch {
        return null;
      }
    },

    async revokeSession(token) {
      try {
        const decoded = await auth.verifySessionCookie(token);
        await revokeAll(decoded.sub);
      } catch {
        // An invalid cookie is already signed out.
      }
    },

    async setPassword(uid, password) {
      await auth.updateUser(uid, { password });
      await revokeAll(uid);
    },

    async revokeSessionsOf(uid) {
      await ignoreUnknownUser(revokeAll(uid));
    },

    async changeEmail(uid, email) {
      try {
        await ignoreUnknownUser(auth.updateUser(uid, { email: email.trim().toLowerCase() }));
      } catch (error) {
        if ((error as { code?: string }).code === 'auth/email-already-exists') {
          throw conflict('An account with this e-mail already exists.');
        }
        throw error;
      }
    },

    async deleteUser(uid) {
      // Firebase ends the user's session cookies with the account.
      await ignoreUnknownUser(auth.deleteUser(uid));
    },

    // Firebase's own reset: its hosted page sets the password and revokes the user's sessions.
    async passwordResetLink(email) {
      try {
        return await auth.generatePasswordResetLink(email.trim().toLowerCase());
      } catch (error) {
        if (
          (error as { code?: string }).code === 'auth/user-not-found' ||
          (error as { code?: string }).code === 'auth/email-not-found'
        )
          return null;
        throw error;
      }
    },
  };
}

/** An account that is already gone needs no further change. */
async function ignoreUnknownUser(change: Promise<unknown>): Promise<void> {
  try {
    await change;
  } catch (error) {
    if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
  }
}
