import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionUser } from '../../../../core/users/user.entity';
import { sessionRole } from '../../../shared/roles';
import { areaAt, navigationFor } from '../layout/navigation';
import { navigate } from '../router/router';
import { fetchSession, signIn, signOut } from './session.api';

export const sessionQueryKey = ['session'] as const;

export function useSession() {
  return useQuery({
    queryKey: sessionQueryKey,
    queryFn: fetchSession,
    // A 401 is an answer (signed out), not a failure; other failures are shown with a retry button.
    retry: false,
    staleTime: Infinity,
  });
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (user) => {
      // A deep link is kept when the user may open it; a page left by the previous user is not.
      const area = areaAt(window.location.pathname);
      const allowed = navigationFor(sessionRole(user)).some(({ id }) => id === area?.id);
      if (!allowed) navigate('/', { replace: true });
      queryClient.setQueryData<SessionUser | null>(sessionQueryKey, user);
    },
  });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => {
      // Nothing cached for the previous user may leak into the next session.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
      queryClient.setQueryData<SessionUser | null>(sessionQueryKey, null);
    },
  });
}
