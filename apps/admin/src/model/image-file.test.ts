import { describe, expect, test } from 'vitest';
import { formatBytes, imageFileProblem, MAX_IMAGE_BYTES } from './image-file';

describe('imageFileProblem', () => {
  test.each([
    ['image/png', 1000, null],
    ['image/jpeg', MAX_IMAGE_BYTES, null],
    ['image/gif', 10, null],
    ['image/webp', 10, null],
    ['image/svg+xml', 10, null],
    ['image/bmp', 10, 'Choose a PNG, JPEG, GIF, WebP or SVG image.'],
    ['application/pdf', 10, 'Choose a PNG, JPEG, GIF, WebP or SVG image.'],
    ['', 10, 'Choose a PNG, JPEG, GIF, WebP or SVG image.'],
    ['image/png', 0, 'This file is empty. Choose another image.'],
    ['image/png', MAX_IMAGE_BYTES + 1, 'This image is 2.0 MB. Choose one of 2 MB or less.'],
    ['image/png', 5 * 1024 * 1024, 'This image is 5.0 MB. Choose one of 2 MB or less.'],
  ])('%s of %i bytes → %s', (type, size, problem) => {
    expect(imageFileProblem({ type, size })).toBe(problem);
  });

  test.each([
    [512, '512 B'],
    [2048, '2 KB'],
    [1536 * 1024, '1.5 MB'],
  ])('formatBytes(%i) = %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});
