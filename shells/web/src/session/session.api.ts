import type { Branding } from '@causeway/core/contracts/branding.contract';
import type { CurrentSessionResponse, SessionResponse, SignInBody } from '@causeway/core/contracts/auth.contract';
import type { SessionUser } from '@causeway/core/users/user.entity';
import { apiRequest } from '@causeway/shells/shared/http';
import { botCheckFields } from '@causeway/shells/shared/bot-check/bot-check';

/** What the session query keeps: the signed-in user and their organization's branding. */
export interface Session {
  user: SessionUser;
  branding: Branding | null;
}

const sessionOf = ({ user, branding }: SessionResponse): Session => ({ user, branding: branding ?? null });

/** The signed-in session, or null when there is none. */
export async function fetchSession(): Promise<Session | null> {
  const { user, branding } = await apiRequest<CurrentSessionResponse>('GET', '/api/auth/session');
  return user === null ? null : { user, branding: branding ?? null };
}

/** Signs in; the bot-check solution is found here, not typed by the person. */
export async function signIn(credentials: Omit<SignInBody, 'botCheck'>): Promise<Session> {
  const body = { ...credentials, ...(await botCheckFields()) };
  return sessionOf(await apiRequest<SessionResponse>('POST', '/api/auth/sign-in', body));
}

export async function signOut(): Promise<void> {
  await apiRequest<void>('POST', '/api/auth/sign-out');
}
