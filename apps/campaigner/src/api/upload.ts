import type { StoredFileView, UploadPurpose } from '../../../../core/contracts/campaigns.contract';
import { ApiError, NetworkError } from '../../../../shells/shared/http';

export type UploadProgress = { loaded: number; total: number };

function errorOf(status: number, text: string): ApiError {
  try {
    const body = JSON.parse(text) as { error?: { code?: string; message?: string; fields?: Record<string, string> } };
    if (body.error?.message) {
      return new ApiError(status, body.error.code ?? 'UNEXPECTED', body.error.message, body.error.fields ?? {});
    }
  } catch {
    // Not JSON (a proxy's page): fall through to a sentence of our own.
  }
  if (status === 413) return new ApiError(status, 'too_large', 'This file is too large to upload.');
  return new ApiError(status, 'UNEXPECTED', 'The upload failed. Please try again.');
}

/**
 * Sends a file of a draft to `POST /api/files` as multipart form data. XMLHttpRequest rather than fetch:
 * only it reports upload progress. Answers the stored file as the platform read it (format, pixels, length).
 */
export function uploadDraftFile(
  preCampaignId: string,
  purpose: UploadPurpose,
  file: File,
  { onProgress, signal }: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {},
): Promise<StoredFileView> {
  return new Promise<StoredFileView>((resolve, reject) => {
    const form = new FormData();
    // The fields go first, so the server knows what the file is for before it reads it.
    form.append('purpose', purpose);
    form.append('preCampaignId', preCampaignId);
    form.append('file', file, file.name);
    const request = new XMLHttpRequest();
    request.open('POST', '/api/files');
    request.withCredentials = true;
    request.setRequestHeader('accept', 'application/json');
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress?.({ loaded: event.loaded, total: event.total });
    });
    request.addEventListener('load', () => {
      if (request.status >= 200 && request.status < 300) {
        try {
          resolve((JSON.parse(request.responseText) as { file: StoredFileView }).file);
        } catch {
          reject(new ApiError(request.status, 'UNEXPECTED', 'The upload finished, but its answer could not be read.'));
        }
      } else {
        reject(errorOf(request.status, request.responseText));
      }
    });
    request.addEventListener('error', () => reject(new NetworkError(new Error('Upload failed'))));
    request.addEventListener('abort', () => reject(new DOMException('The upload was cancelled.', 'AbortError')));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}

/** The sentence to show for a failed upload: the server's refusal as it wrote it. */
export function uploadErrorText(error: unknown): string {
  if (error instanceof ApiError) return error.fields.file ?? error.message;
  if (error instanceof Error) return error.message;
  return 'The upload failed. Please try again.';
}
