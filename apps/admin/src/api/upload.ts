import { ApiError, NetworkError } from '../../../../shells/shared/http';

export type UploadProgress = { loaded: number; total: number };

function errorOf(status: number, text: string): ApiError {
  try {
    const body = JSON.parse(text) as { error?: { code?: string; message?: string; fields?: Record<string, string> } };
    if (body.error?.message) {
      return new ApiError(status, body.error.code ?? 'UNEXPECTED', body.error.message, body.error.fields ?? {});
    }
  } catch {
    // Not JSON: fall through to the generic message.
  }
  if (status === 413) return new ApiError(status, 'too_large', 'This image is too large. Choose one of 2 MB or less.');
  return new ApiError(status, 'UNEXPECTED', 'The upload failed. Please try again.');
}

/**
 * Sends a file as the raw request body with its own Content-Type. XMLHttpRequest rather than fetch:
 * only it reports upload progress.
 */
export function uploadFile<T>(
  method: 'PUT' | 'POST',
  path: string,
  file: Blob,
  { onProgress, signal }: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, path);
    request.withCredentials = true;
    request.setRequestHeader('accept', 'application/json');
    request.setRequestHeader('content-type', file.type || 'application/octet-stream');
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress?.({ loaded: event.loaded, total: event.total });
    });
    request.addEventListener('load', () => {
      if (request.status >= 200 && request.status < 300) {
        try {
          resolve((request.responseText === '' ? undefined : JSON.parse(request.responseText)) as T);
        } catch {
          resolve(undefined as T);
        }
      } else {
        reject(errorOf(request.status, request.responseText));
      }
    });
    request.addEventListener('error', () => reject(new NetworkError(new Error('Upload failed'))));
    request.addEventListener('abort', () => reject(new DOMException('The upload was cancelled.', 'AbortError')));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(file);
  });
}
