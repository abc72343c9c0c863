import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { SettingsResponse, UpdateSettingsBody } from '@causeway/core/contracts/people.contract';
import { apiRequest } from '@causeway/shells/shared/http';
import { adminKeys, retryTransient } from './query';

export type SettingsAnswer = z.infer<typeof SettingsResponse>;

export function useSettings({ enabled = true } = {}) {
  return useQuery({
    queryKey: adminKeys.settings(),
    queryFn: () => apiRequest<SettingsAnswer>('GET', '/api/settings'),
    enabled,
    retry: retryTransient,
  });
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSettingsBody) => apiRequest<SettingsAnswer>('PATCH', '/api/settings', body),
    onSuccess: (answer) => queryClient.setQueryData(adminKeys.settings(), answer),
  });
}
