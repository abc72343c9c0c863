import { describe, expect, it } from 'vitest';
import { imageSizeInspector } from '@causeway/adapters/files/image-size.image-inspector';
import { gifOfSize, jpegOfSize, pngOfSize, webpOfSize } from '@causeway/tests/support/images';
import { AVATAR_MAX_BYTES, AVATAR_TOO_LARGE, avatarPath, checkAvatar } from './avatar';

const text = (value: string) => new TextEncoder().encode(value);
const svg = text('<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"></svg>');
/** A real PNG header followed by padding, so its size passes 2 MB. */
const oversized = () => {
  const bytes = new Uint8Array(AVATAR_MAX_BYTES + 1);
  bytes.set(pngOfSize(64, 64));
  return bytes;
};

describe('avatar checks', () => {
  it.each([
    { name: 'a PNG', content: pngOfSize(64, 64), type: 'image/png', extension: 'png', stored: 'image/png' },
    { name: 'a JPEG', content: jpegOfSize(400, 300), type: 'image/jpeg', extension: 'jpg', stored: 'image/jpeg' },
    {
      name: 'a JPEG sent as image/jpg',
      content: jpegOfSize(64, 64),
      type: 'image/jpg',
      extension: 'jpg',
      stored: 'image/jpeg',
    },
    { name: 'a GIF', content: gifOfSize(32, 32), type: 'image/gif', extension: 'gif', stored: 'image/gif' },
    { name: 'a WebP', content: webpOfSize(4096, 4096), type: 'image/webp', extension: 'webp', stored: 'image/webp' },
    {
      name: 'a type with parameters',
      content: pngOfSize(64, 64),
      type: 'Image/PNG; q=1',
      extension: 'png',
      stored: 'image/png',
    },
    {
      name: 'a GIF sent as PNG (the bytes decide)',
      content: gifOfSize(64, 64),
      type: 'image/png',
      extension: 'gif',
      stored: 'image/gif',
    },
  ])('accepts $name', ({ content, type, extension, stored }) => {
    expect(checkAvatar(content, type, imageSizeInspector)).toMatchObject({ extension, contentType: stored });
  });

  it.each([
    {
      name: 'no content type',
      content: pngOfSize(64, 64),
      type: undefined,
      message: 'Send your avatar as a PNG, JPEG, GIF or WebP picture, with its content type.',
    },
    {
      name: 'a text file',
      content: text('hello'),
      type: 'text/plain',
      message: 'A file of type text/plain cannot be an avatar. Use a PNG, JPEG, GIF or WebP picture.',
    },
    {
      name: 'an SVG declared as such',
      content: svg,
      type: 'image/svg+xml',
      message: 'A file of type image/svg+xml cannot be an avatar. Use a PNG, JPEG, GIF or WebP picture.',
    },
    {
      name: 'an empty body',
      content: new Uint8Array(0),
      type: 'image/png',
      message: 'The picture is empty. Choose a PNG, JPEG, GIF or WebP picture.',
    },
    {
      name: 'more than 2 MB',
      content: oversized(),
      type: 'image/png',
      message: AVATAR_TOO_LARGE,
    },
    {
      name: 'bytes that are no picture',
      content: text('not a picture at all'),
      type: 'image/png',
      message: 'This file is not a readable PNG picture.',
    },
    {
      name: 'SVG bytes sent as PNG',
      content: svg,
      type: 'image/png',
      message: 'This file is a picture in SVG format. Use a PNG, JPEG, GIF or WebP picture.',
    },
    {
      name: 'a picture too small',
      content: pngOfSize(31, 64),
      type: 'image/png',
      message: 'The picture is 31 × 64 pixels; an avatar needs at least 32 × 32.',
    },
    {
      name: 'a picture too large',
      content: webpOfSize(5000, 100),
      type: 'image/webp',
      message: 'The picture is 5000 × 100 pixels; an avatar can be at most 4096 × 4096.',
    },
  ])('refuses $name, naming the avatar', ({ content, type, message }) => {
    expect(() => checkAvatar(content, type, imageSizeInspector)).toThrow(
      expect.objectContaining({ code: 'invalid', message, fields: { avatar: message } }),
    );
  });

  it('keeps each user one avatar path per format', () => {
    expect(avatarPath('u-1', 'webp')).toBe('avatars/avatar_u-1.webp');
  });
});
