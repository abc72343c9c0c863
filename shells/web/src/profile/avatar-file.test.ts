import { expect, test } from 'vitest';
import { AVATAR_MAX_BYTES, avatarProblem, formatBytes } from './avatar-file';

test.each([
  [{ name: 'me.png', type: 'image/png', size: 120_000 }, null],
  [{ name: 'me.jpg', type: 'image/jpeg', size: AVATAR_MAX_BYTES }, null],
  [{ name: 'me.webp', type: 'image/webp', size: 10 }, null],
  [
    { name: 'me.svg', type: 'image/svg+xml', size: 2_000 },
    "“me.svg” isn't a picture we can use. Choose a PNG, JPEG, GIF or WebP image.",
  ],
  [{ name: 'notes.pdf', type: 'application/pdf', size: 2_000 }, expect.stringContaining("isn't a picture")],
  [{ name: 'empty.png', type: 'image/png', size: 0 }, '“empty.png” is empty. Choose another picture.'],
  [
    { name: 'huge.jpg', type: 'image/jpeg', size: AVATAR_MAX_BYTES + 1 },
    '“huge.jpg” is too large (2 MB). Choose a picture of up to 2 MB.',
  ],
  [
    { name: 'big.jpg', type: 'image/jpeg', size: 7.5 * 1024 * 1024 },
    '“big.jpg” is too large (7.5 MB). Choose a picture of up to 2 MB.',
  ],
])('%j: %s', (file, problem) => {
  expect(avatarProblem(file)).toEqual(problem);
});

test.each([
  [512, '512 bytes'],
  [2048, '2 KB'],
  [1024 * 1024, '1 MB'],
  [1.25 * 1024 * 1024, '1.3 MB'],
])('%d bytes reads %s', (bytes, text) => {
  expect(formatBytes(bytes)).toBe(text);
});
