import { describe, expect, test } from 'vitest';
import type { UploadPurpose } from '../contracts/campaigns.contract';
import { DomainError } from '../shared/errors';
import { checkUpload, isDraftFile, sanitizeFileName, uploadPath, type UploadFacts } from './upload.rules';

const KB = 1024;
const image = (format: string, width: number, height: number) => ({ format, width, height });
const video = (format: string, width: number, height: number, durationSeconds: number, codec = 'avc') => ({
  format,
  codec,
  width,
  height,
  durationSeconds,
});
const facts = (change: Partial<UploadFacts>): UploadFacts => ({
  fileName: 'file',
  sizeBytes: 40 * KB,
  image: null,
  video: null,
  ...change,
});

function refusal(purpose: UploadPurpose, input: UploadFacts): DomainError {
  try {
    checkUpload(purpose, input);
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected the upload to be refused');
}

describe('what an upload may be', () => {
  test.each<{ name: string; purpose: UploadPurpose; input: UploadFacts; expected: object }>([
    {
      name: 'a 300×250 PNG banner of 40 KB is a display ad',
      purpose: 'ad-file',
      input: facts({ fileName: 'banner.png', image: image('png', 300, 250) }),
      expected: { typeFormat: 'display', contentType: 'image/png', extension: 'png', width: 300, height: 250 },
    },
    {
      name: 'a 970×250 billboard may weigh 250 KB',
      purpose: 'ad-file',
      input: facts({ fileName: 'billboard.jpg', sizeBytes: 250 * KB, image: image('jpg', 970, 250) }),
      expected: { typeFormat: 'display', extension: 'jpg' },
    },
    {
      name: 'a 15 s 16:9 H.264 MP4 is a video ad',
      purpose: 'ad-file',
      input: facts({ fileName: 'spot.mp4', sizeBytes: 2_000 * KB, video: video('mp4', 1280, 720, 15.02) }),
      expected: { typeFormat: 'video', contentType: 'video/mp4', durationSeconds: 15.02 },
    },
    {
      name: 'a 30 s video ad',
      purpose: 'ad-file',
      input: facts({ fileName: 'spot.mp4', video: video('mp4', 640, 360, 30) }),
      expected: { typeFormat: 'video' },
    },
    {
      name: 'a cover image keeps its .jpeg extension',
      purpose: 'cover-image',
      input: facts({ fileName: 'Harbor Photo.JPEG', sizeBytes: 900 * KB, image: image('jpg', 1200, 630) }),
      expected: { extension: 'jpeg', contentType: 'image/jpeg', typeFormat: null },
    },
    {
      name: 'a cover image without an extension gets its format’s',
      purpose: 'cover-image',
      input: facts({ fileName: 'cover', image: image('webp', 1200, 630) }),
      expected: { extension: 'webp' },
    },
    {
      name: 'a WebM cover video',
      purpose: 'cover-video',
      input: facts({ fileName: 'story.webm', video: video('webm', 1920, 1080, 60, 'vp9') }),
      expected: { extension: 'webm', contentType: 'video/webm' },
    },
    {
      name: 'a wide header image',
      purpose: 'header-image',
      input: facts({ fileName: 'header.png', image: image('png', 1600, 200) }),
      expected: { extension: 'png' },
    },
  ])('$name', ({ purpose, input, expected }) => {
    expect(checkUpload(purpose, input)).toMatchObject(expected);
  });

  test.each<{ name: string; purpose: UploadPurpose; input: UploadFacts; message: string }>([
    {
      name: 'an ad of a size that is not standard',
      purpose: 'ad-file',
      input: facts({ fileName: 'banner.png', image: image('png', 300, 251) }),
      message: 'This ad is 300×251 pixels; display ads must be one of the standard sizes: 300×250, 728×90,',
    },
    {
      name: 'a 300×250 ad over 150 KB',
      purpose: 'ad-file',
      input: facts({ fileName: 'banner.png', sizeBytes: 180 * KB, image: image('png', 300, 250) }),
      message: 'A 300×250 ad may weigh at most 150 KB; this one is 180 KB.',
    },
    {
      name: 'a 320×50 ad over 50 KB',
      purpose: 'ad-file',
      input: facts({ fileName: 'm.gif', sizeBytes: 51 * KB, image: image('gif', 320, 50) }),
      message: 'A 320×50 ad may weigh at most 50 KB; this one is 51 KB.',
    },
    {
      name: 'a WebP banner',
      purpose: 'ad-file',
      input: facts({ fileName: 'b.webp', image: image('webp', 300, 250) }),
      message: 'The ad must be PNG, JPEG, GIF; this file is WEBP.',
    },
    {
      name: 'a square video ad',
      purpose: 'ad-file',
      input: facts({ fileName: 'v.mp4', video: video('mp4', 480, 480, 15) }),
      message: 'This video is 480×480; video ads must be 16:9',
    },
    {
      name: 'a 45 s video ad',
      purpose: 'ad-file',
      input: facts({ fileName: 'v.mp4', video: video('mp4', 640, 360, 45) }),
      message: 'This video is 45 s long; video ads must be 15 s or 30 s.',
    },
    {
      name: 'a video ad not in H.264',
      purpose: 'ad-file',
      input: facts({ fileName: 'v.mp4', video: video('mp4', 640, 360, 15, 'hevc') }),
      message: 'Video ads must be encoded with H.264; this one uses hevc.',
    },
    {
      name: 'a WebM video ad',
      purpose: 'ad-file',
      input: facts({ fileName: 'v.webm', video: video('webm', 640, 360, 15, 'vp9') }),
      message: 'The ad must be a MP4 video; this file is WEBM.',
    },
    {
      name: 'a video ad over 10 MB',
      purpose: 'ad-file',
      input: facts({ fileName: 'v.mp4', sizeBytes: 11 * 1024 * KB, video: video('mp4', 640, 360, 15) }),
      message: 'The ad is 11 MB; it may be at most 10 MB.',
    },
    {
      name: 'an ad that is neither image nor video',
      purpose: 'ad-file',
      input: facts({ fileName: 'ad.pdf' }),
      message: 'This ad could not be read as an image or a video.',
    },
    {
      name: 'an empty file',
      purpose: 'cover-image',
      input: facts({ sizeBytes: 0 }),
      message: 'The file is empty. Choose another one.',
    },
    {
      name: 'a cover image too small to head a page',
      purpose: 'cover-image',
      input: facts({ fileName: 'c.png', image: image('png', 400, 300) }),
      message: 'The cover image is 400×300 pixels; it must be at least 600×315.',
    },
    {
      name: 'a cover image over 5 MB',
      purpose: 'cover-image',
      input: facts({ fileName: 'c.png', sizeBytes: 5 * 1024 * KB + 1, image: image('png', 1200, 630) }),
      message: 'The cover image is 5.1 MB; it may be at most 5 MB.',
    },
    {
      name: 'a JPEG named .png',
      purpose: 'cover-image',
      input: facts({ fileName: 'photo.png', image: image('jpg', 1200, 630) }),
      message: 'This file is a JPEG but its name ends in .png. Rename it to .jpg.',
    },
    {
      name: 'a text file as a cover image',
      purpose: 'cover-image',
      input: facts({ fileName: 'notes.txt' }),
      message: 'The cover image could not be read as an image.',
    },
    {
      name: 'an SVG header image',
      purpose: 'header-image',
      input: facts({ fileName: 'h.svg', image: image('svg', 1600, 200) }),
      message: 'The header image must be PNG, JPEG, WebP, GIF; this file is SVG.',
    },
    {
      name: 'a cover video over 3 minutes',
      purpose: 'cover-video',
      input: facts({ fileName: 'v.mp4', video: video('mp4', 1280, 720, 200) }),
      message: 'The cover video is 200 s long; it may be at most 180 s.',
    },
  ])('refuses $name, saying what it found', ({ purpose, input, message }) => {
    const error = refusal(purpose, input);
    expect(error.code).toBe('invalid');
    expect(error.message.startsWith(message)).toBe(true);
    expect(error.fields).toEqual({ file: error.message });
  });
});

describe('file names and paths', () => {
  test.each([
    { name: 'Banner 300x250.PNG', clean: 'Banner-300x250.png' },
    { name: '../../etc/passwd', clean: 'passwd' },
    { name: 'C:\\Users\\me\\ad.gif', clean: 'ad.gif' },
    { name: '.hidden', clean: 'hidden' },
    { name: 'Café crème.jpg', clean: 'Cafe-creme.jpg' },
    { name: '???.png', clean: '' },
    { name: `${'a'.repeat(200)}.png`, clean: `${'a'.repeat(90)}.png` },
  ])('$name is stored as "$clean"', ({ name, clean }) => {
    expect(sanitizeFileName(name)).toBe(clean);
  });

  const draft = { id: 'draft-1', campaignUUID: 'camp-1' };
  test.each<{ purpose: UploadPurpose; name: string; extension: string; path: string }>([
    { purpose: 'cover-image', name: 'Harbor.jpeg', extension: 'jpeg', path: 'preCampaigns/cover_draft-1.jpeg' },
    { purpose: 'cover-video', name: 'story.webm', extension: 'webm', path: 'preCampaigns/cover_draft-1.webm' },
    { purpose: 'ad-file', name: 'banner.png', extension: 'png', path: 'campaigns/camp-1-banner.png' },
    { purpose: 'header-image', name: 'header', extension: 'png', path: 'campaigns/camp-1-header.png' },
  ])('a $purpose named $name is stored at $path', ({ purpose, name, extension, path }) => {
    expect(uploadPath(purpose, draft, name, extension)).toBe(path);
    expect(isDraftFile(path, draft)).toBe(true);
  });

  test.each(['campaigns/camp-2-banner.png', 'preCampaigns/cover_draft-2.jpg', 'organizations/logo_x.png'])(
    '%s is not the draft’s own file',
    (path) => {
      expect(isDraftFile(path, draft)).toBe(false);
    },
  );
});
