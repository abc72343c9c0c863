import type { ImageInspector } from '../ports/image-inspector.port';
import { invalid } from '../shared/errors';

/** An avatar is at most 2 MB. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
/** Smaller pictures look blurred in the shell; larger ones are never shown at full size. */
export const AVATAR_MIN_SIDE = 32;
export const AVATAR_MAX_SIDE = 4096;

/** The formats an avatar may have, by the extension it is stored with. */
const AVATAR_FORMATS = {
  png: { contentType: 'image/png', label: 'PNG' },
  jpg: { contentType: 'image/jpeg', label: 'JPEG' },
  gif: { contentType: 'image/gif', label: 'GIF' },
  webp: { contentType: 'image/webp', label: 'WebP' },
} as const;
export type AvatarExtension = keyof typeof AVATAR_FORMATS;
export const AVATAR_EXTENSIONS = Object.keys(AVATAR_FORMATS) as AvatarExtension[];

const ACCEPTED_TYPES: Record<string, AvatarExtension> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  // Some tools still send the non-standard name.
  'image/jpg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

const WHICH_FORMATS = 'a PNG, JPEG, GIF or WebP picture';

/** Where a user's avatar is kept in the file store. */
export const avatarPath = (uid: string, extension: AvatarExtension) => `avatars/avatar_${uid}.${extension}`;

const refuse = (message: string) => invalid(message, { avatar: message });

export const AVATAR_TOO_LARGE = 'The picture is larger than 2 MB, the most an avatar can be. Choose a smaller one.';

/**
 * Checks an uploaded avatar and says how to store it. The declared content type must be one of the
 * four formats; the bytes decide the stored format, so a picture sent under a sibling type is kept
 * as what it really is.
 */
export function checkAvatar(
  content: Uint8Array,
  declaredType: string | undefined,
  images: ImageInspector,
): { extension: AvatarExtension; contentType: string; width: number; height: number } {
  const mediaType = (declaredType ?? '').split(';')[0]!.trim().toLowerCase();
  if (!(mediaType in ACCEPTED_TYPES)) {
    throw refuse(
      mediaType === ''
        ? `Send your avatar as ${WHICH_FORMATS}, with its content type.`
        : `A file of type ${mediaType} cannot be an avatar. Use ${WHICH_FORMATS}.`,
    );
  }
  if (content.byteLength === 0) throw refuse(`The picture is empty. Choose ${WHICH_FORMATS}.`);
  if (content.byteLength > AVATAR_MAX_BYTES) {
    throw refuse(AVATAR_TOO_LARGE);
  }
  const found = images.inspect(content);
  const declared = AVATAR_FORMATS[ACCEPTED_TYPES[mediaType]!];
  if (!found) throw refuse(`This file is not a readable ${declared.label} picture.`);
  if (!(found.format in AVATAR_FORMATS)) {
    throw refuse(`This file is a picture in ${found.format.toUpperCase()} format. Use ${WHICH_FORMATS}.`);
  }
  const { width, height } = found;
  if (width < AVATAR_MIN_SIDE || height < AVATAR_MIN_SIDE) {
    throw refuse(
      `The picture is ${width} × ${height} pixels; an avatar needs at least ${AVATAR_MIN_SIDE} × ${AVATAR_MIN_SIDE}.`,
    );
  }
  if (width > AVATAR_MAX_SIDE || height > AVATAR_MAX_SIDE) {
    throw refuse(
      `The picture is ${width} × ${height} pixels; an avatar can be at most ${AVATAR_MAX_SIDE} × ${AVATAR_MAX_SIDE}.`,
    );
  }
  const extension = found.format as AvatarExtension;
  return { extension, contentType: AVATAR_FORMATS[extension].contentType, width, height };
}
