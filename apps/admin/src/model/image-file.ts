/** The images an organization may upload, as the API accepts them. */
export const ACCEPTED_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml'] as const;
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

/** What is wrong with a chosen image, or null when it can be uploaded. */
export function imageFileProblem(file: { type: string; size: number }): string | null {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) {
    return 'Choose a PNG, JPEG, GIF, WebP or SVG image.';
  }
  if (file.size === 0) return 'This file is empty. Choose another image.';
  if (file.size > MAX_IMAGE_BYTES) return `This image is ${formatBytes(file.size)}. Choose one of 2 MB or less.`;
  return null;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
