import type { SessionResponse, SignInBody } from '../../../../core/contracts/auth.contract';
import type { SessionUser } from '../../../../core/users/user.entity';
import { ApiError, apiRequest } from '../api/http';
import { botCheckFields } from './bot-check';

/** The signed-in user, or null when there is no session. */
export async function fetchSession(): Promise<SessionUser | null> {
  try {
    const { user } = await apiRequest<SessionResponse>('GET', '/api/auth/session');
    return user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export async function signIn(credentials: SignInBody): Promise<SessionUser> {
  const body = { ...credentials, ...(await botCheckFields()) };
  const { user } = await apiRequest<SessionResponse>('POST', '/api/auth/sign-in', body);
  return user;
}

export async function signOut(): Promise<void> {
  await apiRequest<void>('POST', '/api/auth/sign-out');
}
