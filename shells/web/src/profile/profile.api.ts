import type { z } from 'zod';
import type { UpdateOwnProfileBody, UserResponse } from '@causeway/core/contracts/people.contract';
import type { UserProfile } from '@causeway/core/users/user.entity';
import { ApiError, apiRequest, NetworkError } from '@causeway/shells/shared/http';

type UserBody = z.infer<typeof UserResponse>;

export async function fetchOwnProfile(): Promise<UserProfile> {
  return (await apiRequest<UserBody>('GET', '/api/users/me')).user;
}

export async function updateOwnProfile(changes: UpdateOwnProfileBody): Promise<UserProfile> {
  return (await apiRequest<UserBody>('PATCH', '/api/users/me', changes)).user;
}

export interface Upload<T> {
  result: Promise<T>;
  abort(): void;
}

export class UploadCancelled extends Error {
  constructor() {
    super('The upload was cancelled.');
    this.name = 'UploadCancelled';
  }
}

/**
 * Sends the image as the raw request body. XMLHttpRequest rather than fetch: only it reports how
 * much of the body has gone out, for the progress bar.
 */
export function uploadAvatar(file: File, onProgress: (fraction: number) => void): Upload<UserProfile> {
  const request = new XMLHttpRequest();
  const result = new Promise<UserProfile>((resolve, reject) => {
    request.open('PUT', '/api/users/me/avatar');
    request.setRequestHeader('Content-Type', file.type);
    request.setRequestHeader('Accept', 'application/json');
    request.responseType = 'text';
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      let body: unknown;
      try {
        body = request.responseText === '' ? undefined : JSON.parse(request.responseText);
      } catch {
        body = undefined;
      }
      if (request.status >= 200 && request.status < 300 && body && typeof body === 'object' && 'user' in body) {
        onProgress(1);
        resolve((body as UserBody).user);
        return;
      }
      const error = (body as { error?: { code?: string; message?: string; fields?: Record<string, string> } })?.error;
      reject(
        new ApiError(
          request.status,
          error?.code ?? 'UNEXPECTED',
          error?.message ??
            (request.status === 413 ? 'That image is too large.' : 'The picture could not be saved. Please try again.'),
          error?.fields ?? {},
        ),
      );
    });
    request.addEventListener('error', () => reject(new NetworkError(new Error('The upload failed.'))));
    request.addEventListener('abort', () => reject(new UploadCancelled()));
    request.send(file);
  });
  return { result, abort: () => request.abort() };
}
