import { ApiError } from '@causeway/shells/shared/http';

/** Refusals and missing records are answers, not hiccups: only network and server failures are retried. */
export function retryTransient(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status < 500) return false;
  return failureCount < 2;
}

/** Query keys of the admin area; every key starts with 'admin' so sign-out clears them with the rest. */
export const adminKeys = {
  all: ['admin'] as const,
  organizations: () => ['admin', 'organizations'] as const,
  organizationList: (includeDeleted: boolean) => ['admin', 'organizations', 'list', { includeDeleted }] as const,
  organization: (id: string) => ['admin', 'organizations', 'one', id] as const,
  people: () => ['admin', 'people'] as const,
  peopleList: (filters: object) => ['admin', 'people', 'list', filters] as const,
  person: (uid: string) => ['admin', 'people', 'one', uid] as const,
  settings: () => ['admin', 'settings'] as const,
  logs: () => ['admin', 'logs'] as const,
  logList: (filters: object) => ['admin', 'logs', 'list', filters] as const,
};

/** A query string from the given parameters, leaving out empty ones. */
export function queryString(params: Record<string, string | number | boolean | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '' || value === false) continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

export function isConflict(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409;
}

export function isForbidden(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403;
}

/** The field errors of a refused request, keyed by field name. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  return error instanceof ApiError ? error.fields : {};
}
