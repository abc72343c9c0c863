import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UpdateUserBody } from '../../../../core/contracts/people.contract';
import type { AccountType, UserProfile } from '../../../../core/users/user.entity';
import { apiRequest } from '../../../../shells/shared/http';
import { adminKeys, queryString, retryTransient } from './query';

export type PeopleFilters = { organizationId?: string; accountType?: AccountType; includeDeleted?: boolean };

/** The shell's query of the signed-in user (shells/web/src/session/use-session.ts). */
const SESSION_QUERY_KEY = ['session'];

const path = (uid: string) => `/api/users/${encodeURIComponent(uid)}`;

export function usePeople(filters: PeopleFilters, { enabled = true } = {}) {
  const key = {
    organizationId: filters.organizationId || undefined,
    accountType: filters.accountType || undefined,
    includeDeleted: filters.includeDeleted === true,
  };
  return useQuery({
    queryKey: adminKeys.peopleList(key),
    queryFn: async () => {
      const { users } = await apiRequest<{ users: UserProfile[] }>(
        'GET',
        `/api/users${queryString({ ...key, includeDeleted: key.includeDeleted ? 'true' : undefined })}`,
      );
      return users;
    },
    enabled,
    retry: retryTransient,
  });
}

export function usePerson(uid: string) {
  return useQuery({
    queryKey: adminKeys.person(uid),
    queryFn: async () => (await apiRequest<{ user: UserProfile }>('GET', path(uid))).user,
    retry: retryTransient,
  });
}

function usePersonSaved() {
  const queryClient = useQueryClient();
  return async (user: UserProfile) => {
    // A reload still under way (after an earlier change) must not overwrite this newer answer.
    await queryClient.cancelQueries({ queryKey: adminKeys.person(user.uid) });
    queryClient.setQueryData(adminKeys.person(user.uid), user);
    void queryClient.invalidateQueries({ queryKey: [...adminKeys.people(), 'list'] });
    // The shell's header shows the signed-in user's own name: refresh it when that profile changed.
    const session = queryClient.getQueryData<{ uid?: string } | null>(SESSION_QUERY_KEY);
    if (session?.uid === user.uid) void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
  };
}

export function useUpdatePerson(uid: string) {
  const saved = usePersonSaved();
  return useMutation({
    mutationFn: async (patch: UpdateUserBody) =>
      (await apiRequest<{ user: UserProfile }>('PATCH', path(uid), patch)).user,
    onSuccess: saved,
  });
}

export function useDeletePerson(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ hard }: { hard: boolean }) =>
      apiRequest<unknown>('DELETE', `${path(uid)}${hard ? '?hard=true' : ''}`),
    onSuccess: async (_body, { hard }) => {
      const key = adminKeys.person(uid);
      await queryClient.cancelQueries({ queryKey: key });
      // The API answers without a body: the cached profile is updated to what it did.
      if (hard) queryClient.removeQueries({ queryKey: key });
      else queryClient.setQueryData<UserProfile>(key, (user) => user && { ...user, isDeleted: true });
      void queryClient.invalidateQueries({ queryKey: [...adminKeys.people(), 'list'] });
    },
  });
}
