import type { QueryClient } from '@tanstack/react-query';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { areaAt, navigationFor, SHELL_PAGES } from '../layout/navigation';
import { navigate } from '@causeway/shells/shared/router';
import { fetchSession, signIn, signOut, type Session } from './session.api';

export type { Session } from './session.api';

export const sessionQueryKey = ['session'] as const;

const sessionQuery = { queryKey: sessionQueryKey, queryFn: fetchSession } as const;

/** The signed-in user (`data`), or null when signed out. */
export function useSession() {
  return useQuery({
    ...sessionQuery,
    // A 401 is an answer (signed out), not a failure; other failures are shown with a retry button.
    retry: false,
    staleTime: Infinity,
    select: (session) => session?.user ?? null,
  });
}

/** The signed-in user's organization branding; null without one (or while signed out). */
export function useBranding() {
  const { data } = useQuery({
    ...sessionQuery,
    retry: false,
    staleTime: Infinity,
    select: (session) => session?.branding ?? null,
  });
  return data ?? null;
}

/** Reads the session again (after the user changed their own profile, say). */
export function refreshSession(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: sessionQueryKey });
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (session) => {
      // A deep link is kept when the user may open it; a page left by the previous user is not.
      const pathname = window.location.pathname;
      const area = areaAt(pathname);
      const allowed = SHELL_PAGES.includes(pathname) || navigationFor(session.user).some(({ id }) => id === area?.id);
      if (!allowed) navigate('/', { replace: true });
      queryClient.setQueryData<Session | null>(sessionQueryKey, session);
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
      queryClient.setQueryData<Session | null>(sessionQueryKey, null);
    },
  });
}
