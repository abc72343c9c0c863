import type { z } from 'zod';
import type { SignUpBody, SignUpResponse, ValidateTokenResponse } from '@causeway/core/contracts/people.contract';
import { apiRequest } from '@causeway/shells/shared/http';
import { botCheckFields } from '@causeway/shells/shared/bot-check/bot-check';
import type { Session } from '../session/session.api';

export type Invitation = z.infer<typeof ValidateTokenResponse>;

/** Whether the invitation of the link can be used, with its organization's branding when it can. */
export function checkInvitation(email: string, token: string): Promise<Invitation> {
  return apiRequest<Invitation>('POST', '/api/registration/validateToken', { email, token });
}

/** Creates the account of an invitation and signs it in; the bot-check solution is found here. */
export async function signUp(details: Omit<SignUpBody, 'botCheck'>): Promise<Session> {
  const body = { ...details, ...(await botCheckFields()) };
  const { user, branding } = await apiRequest<z.infer<typeof SignUpResponse>>('POST', '/api/auth/sign-up', body);
  return { user, branding: branding ?? null };
}
