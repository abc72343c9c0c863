import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UpdateUserBody } from '@causeway/core/contracts/people.contract';
import type { AccountType, UserProfile } from '@causeway/core/users/user.entity';
import { apiRequest } from '@causeway/shells/shared/http';
import { allItems, everyPage, nextPageParam, pagePath, type ListPage } from '@causeway/shells/shared/paging';
import { adminKeys, queryString, retryTransient } from './query';

export type PeopleFilters = { organizationId?: string; accountType?: AccountType; includeDeleted?: boolean };

/** The shell's query of the signed-in user (shells/web/src/session/use-session.ts). */
const SESSION_QUERY_KEY = ['session'];

const path = (uid: string) => `/api/users/${encodeURIComponent(uid)}`;

/**
 * People, newest first, a page at a time ("Load more"); with `every`, the whole list at once, for
 * naming authors and counting.
 */
export function usePeople(filters: PeopleFilters, { enabled = true, every = false } = {}) {
  const key = {
    organizationId: filters.organizationId || undefined,
    accountType: filters.accountType || undefined,
    includeDeleted: filters.includeDeleted === true,
  };
  const path = `/api/users${queryString({ ...key, includeDeleted: key.includeDeleted ? 'true' : undefined })}`;
  const readPage = async (cursor: string | null, limit?: number): Promise<ListPage<UserProfile>> => {
    const { users, nextCursor } = await apiRequest<{ users: UserProfile[]; nextCursor: string | null }>(
      'GET',
      pagePath(path, cursor, limit),
    );
    return { items: users, nextCursor };
  };
  return useInfiniteQuery({
    queryKey: [...adminKeys.peopleList(key), every ? 'every' : 'pages'],
    queryFn: ({ pageParam }) => (every ? everyPage(readPage) : readPage(pageParam ?? null)),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextPageParam,
    select: allItems,
    enabled,
    retry: retryTransient,
  });
}

export function usePerson(uid: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: adminKeys.person(uid),
    queryFn: async () => (await apiRequest<{ user: UserProfile }>('GET', path(uid))).user,
    retry: retryTransient,
    enabled,
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
      // Lists kept from before must not show the deleted person again while they reload: they start over.
      void queryClient.resetQueries({ queryKey: [...adminKeys.people(), 'list'] });
    },
  });
}
