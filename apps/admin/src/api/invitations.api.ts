import { useQueryClient } from '@tanstack/react-query';
import type { AccountType } from '@causeway/core/users/user.entity';
import { apiRequest } from '@causeway/shells/shared/http';
import { adminKeys } from './query';

export type Invitation = { email: string; name: string; organizationId: string; accountType: AccountType };

export function createInvitationToken(invitation: Invitation) {
  return apiRequest<{ token: string; expiresAt: string }>('POST', '/api/registration/createToken', invitation);
}

export function sendInvitationEmail({ email, name, organizationId }: Invitation, token: string) {
  return apiRequest<{ sent: true; messageId: string }>('POST', '/api/registration/emailService', {
    email,
    name,
    organizationId,
    token,
  });
}

/** An invitation leaves a trace in the audit log. */
export function useInvitationSent() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: adminKeys.logs() });
}
