import { ApiError, NetworkError } from './http';

export type UploadProgress = { loaded: number; total: number };

export type UploadOptions = {
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  /** The sentence for a body the server refused as too large (413), in the words of what is uploaded. */
  tooLargeMessage?: string;
};

function errorOf(status: number, text: string, tooLargeMessage: string): ApiError {
  try {
    const body = JSON.parse(text) as { error?: { code?: string; message?: string; fields?: Record<string, string> } };
    if (body.error?.message) {
      return new ApiError(status, body.error.code ?? 'UNEXPECTED', body.error.message, body.error.fields ?? {});
    }
  } catch {
    // Not JSON (a proxy's page): fall through to a sentence of our own.
  }
  if (status === 413) return new ApiError(status, 'too_large', tooLargeMessage);
  return new ApiError(status, 'UNEXPECTED', 'The upload failed. Please try again.');
}

/**
 * Sends a file and reports how much of it has gone out: a Blob as the raw request body with its own
 * Content-Type, FormData as multipart. XMLHttpRequest rather than fetch: only it reports upload progress.
 * Resolves the JSON answer, or undefined when there is none to read: each caller checks for what it needs.
 */
export function sendFile(
  method: 'PUT' | 'POST',
  path: string,
  body: Blob | FormData,
  { onProgress, signal, tooLargeMessage = 'This file is too large to upload.' }: UploadOptions = {},
): Promise<unknown> {
  return new Promise<unknown>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, path);
    request.withCredentials = true;
    request.setRequestHeader('accept', 'application/json');
    // FormData sets its own multipart type, boundary included.
    if (body instanceof Blob) request.setRequestHeader('content-type', body.type || 'application/octet-stream');
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress?.({ loaded: event.loaded, total: event.total });
    });
    request.addEventListener('load', () => {
      if (request.status < 200 || request.status >= 300) {
        reject(errorOf(request.status, request.responseText, tooLargeMessage));
        return;
      }
      try {
        resolve(request.responseText === '' ? undefined : (JSON.parse(request.responseText) as unknown));
      } catch {
        resolve(undefined);
      }
    });
    request.addEventListener('error', () => reject(new NetworkError(new Error('Upload failed'))));
    request.addEventListener('abort', () => reject(new DOMException('The upload was cancelled.', 'AbortError')));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(body);
  });
}
