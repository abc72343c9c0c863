import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { mediabunnyVideoInspector } from './mediabunny.video-inspector';

const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../../tests/fixtures/media/${name}`, import.meta.url)));

describe('the mediabunny video inspector', () => {
  it.each([
    { file: 'ad-640x360-15s.mp4', info: { format: 'mp4', codec: 'avc', width: 640, height: 360, durationSeconds: 15 } },
    { file: 'square-480-6s.mp4', info: { format: 'mp4', codec: 'avc', width: 480, height: 480, durationSeconds: 6 } },
    {
      file: 'cover-640x360-4s.webm',
      info: { format: 'webm', codec: 'vp9', width: 640, height: 360, durationSeconds: 4 },
    },
  ])('reads the container, codec, size and length of $file', async ({ file, info }) => {
    const found = await mediabunnyVideoInspector.inspect(fixture(file));
    expect(found).toEqual({ ...info, durationSeconds: expect.closeTo(info.durationSeconds, 1) });
  });

  it.each([
    { case: 'no bytes', bytes: new Uint8Array(0) },
    { case: 'plain text', bytes: new TextEncoder().encode('this is not a video') },
    { case: 'a video cut off in its header', bytes: fixture('ad-640x360-15s.mp4').slice(0, 40) },
  ])('answers null for $case', async ({ bytes }) => {
    expect(await mediabunnyVideoInspector.inspect(bytes)).toBeNull();
  });
});
