import type { Branding } from '../../../../core/contracts/branding.contract';
import type { SessionResponse, SignInBody } from '../../../../core/contracts/auth.contract';
import type { SessionUser } from '../../../../core/users/user.entity';
import { ApiError, apiRequest } from '../../../shared/http';
import { botCheckFields } from './bot-check';

/** What the session query keeps: the signed-in user and their organization's branding. */
export interface Session {
  user: SessionUser;
  branding: Branding | null;
}

const sessionOf = ({ user, branding }: SessionResponse): Session => ({ user, branding: branding ?? null });

/** The signed-in session, or null when there is none. */
export async function fetchSession(): Promise<Session | null> {
  try {
    return sessionOf(await apiRequest<SessionResponse>('GET', '/api/auth/session'));
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** Signs in; the bot-check solution is found here, not typed by the person. */
export async function signIn(credentials: Omit<SignInBody, 'botCheck'>): Promise<Session> {
  const body = { ...credentials, ...(await botCheckFields()) };
  return sessionOf(await apiRequest<SessionResponse>('POST', '/api/auth/sign-in', body));
}

export async function signOut(): Promise<void> {
  await apiRequest<void>('POST', '/api/auth/sign-out');
}
