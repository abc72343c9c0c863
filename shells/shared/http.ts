import type { ErrorResponse } from '@causeway/core/contracts/auth.contract';

/** A failed API call, carrying the body's `{error:{code,message,fields}}`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
    /** On a 429: the seconds the server asks to wait (its Retry-After), when it said. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The API could not be reached at all (offline, server down). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super("Can't reach Causeway right now. Check your connection and try again.", { cause });
    this.name = 'NetworkError';
  }
}

function isErrorResponse(body: unknown): body is ErrorResponse {
  if (typeof body !== 'object' || body === null || !('error' in body)) return false;
  const { error } = body as { error: unknown };
  return typeof error === 'object' && error !== null && 'message' in error && 'code' in error;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Calls the same-origin API with the session cookies; resolves the JSON body or rejects with an ApiError. */
export async function apiRequest<T>(method: HttpMethod, path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers:
        body === undefined
          ? { accept: 'application/json' }
          : { accept: 'application/json', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    throw new NetworkError(error);
  }
  const payload = await readJson(response);
  if (!response.ok) {
    if (isErrorResponse(payload)) {
      const retryAfter = Number(response.headers.get('retry-after'));
      throw new ApiError(
        response.status,
        payload.error.code,
        payload.error.message,
        payload.error.fields,
        Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
      );
    }
    throw new ApiError(response.status, 'UNEXPECTED', 'Something went wrong. Please try again.');
  }
  return payload as T;
}
