import type { StoredFileView, UploadPurpose } from '@causeway/core/contracts/campaigns.contract';
import { ApiError } from '@causeway/shells/shared/http';
import { sendFile, type UploadOptions } from '@causeway/shells/shared/upload';

/**
 * Sends a file of a draft to `POST /api/files` as multipart form data, with its progress. Answers the
 * stored file as the platform read it (format, pixels, length).
 */
export async function uploadDraftFile(
  preCampaignId: string,
  purpose: UploadPurpose,
  file: File,
  options: Pick<UploadOptions, 'onProgress' | 'signal'> = {},
): Promise<StoredFileView> {
  const form = new FormData();
  // The fields go first, so the server knows what the file is for before it reads it.
  form.append('purpose', purpose);
  form.append('preCampaignId', preCampaignId);
  form.append('file', file, file.name);
  const body = (await sendFile('POST', '/api/files', form, options)) as { file?: StoredFileView } | undefined;
  // The wizard goes on with what the platform read; without it there is nothing to show.
  if (!body?.file) throw new ApiError(200, 'UNEXPECTED', 'The upload finished, but its answer could not be read.');
  return body.file;
}

/** The sentence to show for a failed upload: the server's refusal as it wrote it. */
export function uploadErrorText(error: unknown): string {
  if (error instanceof ApiError) return error.fields.file ?? error.message;
  if (error instanceof Error) return error.message;
  return 'The upload failed. Please try again.';
}
