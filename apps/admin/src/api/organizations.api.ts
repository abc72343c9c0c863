import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrganizationInput, UpdateOrganizationBody } from '@causeway/core/contracts/people.contract';
import type { Organization } from '@causeway/core/organizations/organization.entity';
import { apiRequest } from '@causeway/shells/shared/http';
import { sendFile, type UploadProgress } from '@causeway/shells/shared/upload';
import { adminKeys, queryString, retryTransient } from './query';

export type OrganizationImageKind = 'logo' | 'imageLogin';

const path = (id: string) => `/api/organizations/${encodeURIComponent(id)}`;

export function useOrganizations({ includeDeleted = false, enabled = true } = {}) {
  return useQuery({
    queryKey: adminKeys.organizationList(includeDeleted),
    queryFn: async () => {
      const { organizations } = await apiRequest<{ organizations: Organization[] }>(
        'GET',
        `/api/organizations${queryString({ includeDeleted: includeDeleted ? 'true' : undefined })}`,
      );
      return organizations;
    },
    enabled,
    retry: retryTransient,
  });
}

export function useOrganization(id: string | null) {
  return useQuery({
    queryKey: adminKeys.organization(id ?? ''),
    queryFn: async () => (await apiRequest<{ organization: Organization }>('GET', path(id ?? ''))).organization,
    enabled: id !== null,
    retry: retryTransient,
  });
}

/**
 * Keeps every cached copy of an organization in step after a change. A reload still under way (from an
 * earlier change) is cancelled first, so it cannot overwrite the newer answer when it lands.
 */
function useOrganizationSaved() {
  const queryClient = useQueryClient();
  return async (organization: Organization) => {
    const key = adminKeys.organization(organization.organizationId);
    await queryClient.cancelQueries({ queryKey: key });
    queryClient.setQueryData(key, organization);
    void queryClient.invalidateQueries({ queryKey: [...adminKeys.organizations(), 'list'] });
  };
}

export function useCreateOrganization() {
  const saved = useOrganizationSaved();
  return useMutation({
    mutationFn: async (input: OrganizationInput) =>
      (await apiRequest<{ organization: Organization }>('POST', '/api/organizations', input)).organization,
    onSuccess: saved,
  });
}

export function useUpdateOrganization(id: string) {
  const saved = useOrganizationSaved();
  return useMutation({
    mutationFn: async (patch: UpdateOrganizationBody) =>
      (await apiRequest<{ organization: Organization }>('PATCH', path(id), patch)).organization,
    onSuccess: saved,
  });
}

export function useDeleteOrganization(id: string) {
  const saved = useOrganizationSaved();
  return useMutation({
    mutationFn: async () => (await apiRequest<{ organization: Organization }>('DELETE', path(id))).organization,
    onSuccess: saved,
  });
}

export function useRestoreOrganization(id: string) {
  const saved = useOrganizationSaved();
  return useMutation({
    mutationFn: async () =>
      (await apiRequest<{ organization: Organization }>('POST', `${path(id)}/restore`)).organization,
    onSuccess: saved,
  });
}

/** Uploads a logo or login image; answers the organization as saved with it. */
export async function uploadOrganizationImage(
  id: string,
  kind: OrganizationImageKind,
  file: File,
  onProgress?: (progress: UploadProgress) => void,
): Promise<Organization | null> {
  const body = (await sendFile('PUT', `${path(id)}/images/${kind}`, file, {
    onProgress,
    tooLargeMessage: 'This image is too large. Choose one of 2 MB or less.',
  })) as { organization?: Organization } | undefined;
  // An answer without the organization still means it was saved: the caller reloads it.
  return body?.organization ?? null;
}

export function useOrganizationImageUploaded() {
  const queryClient = useQueryClient();
  const saved = useOrganizationSaved();
  return (id: string, organization: Organization | null) => {
    if (organization) void saved(organization);
    else void queryClient.invalidateQueries({ queryKey: adminKeys.organizations() });
  };
}
