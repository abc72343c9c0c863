import { AVATAR_MAX_BYTES } from '@causeway/core/users/avatar';

export { AVATAR_MAX_BYTES };

/** The pictures a profile photo may be (the server checks the same, and the picture itself). */
export const AVATAR_TYPES: Readonly<Record<string, string>> = {
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/gif': 'GIF',
  'image/webp': 'WebP',
};

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`;
}

/** Why a file cannot be the profile photo, checked before anything is sent; null when it can. */
export function avatarProblem(file: Pick<File, 'type' | 'size' | 'name'>): string | null {
  if (!(file.type in AVATAR_TYPES)) {
    return `“${file.name}” isn't a picture we can use. Choose a ${Object.values(AVATAR_TYPES)
      .join(', ')
      .replace(/, ([^,]*)$/, ' or $1')} image.`;
  }
  if (file.size === 0) return `“${file.name}” is empty. Choose another picture.`;
  if (file.size > AVATAR_MAX_BYTES) {
    return `“${file.name}” is too large (${formatBytes(file.size)}). Choose a picture of up to ${formatBytes(AVATAR_MAX_BYTES)}.`;
  }
  return null;
}
