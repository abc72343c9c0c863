import { describe, expect, it } from 'vitest';
import { bmpOfSize, svgOfSize } from '@causeway/tests/support/image-headers';
import { gifOfSize, jpegOfSize, pngOfSize, webpOfSize } from '@causeway/tests/support/images';
import { imageSizeInspector } from './image-size.image-inspector';

const text = (value: string) => new TextEncoder().encode(value);

describe('the image-size image inspector', () => {
  it.each([
    { format: 'png', bytes: pngOfSize(120, 40) },
    { format: 'jpg', bytes: jpegOfSize(120, 40) },
    { format: 'gif', bytes: gifOfSize(120, 40) },
    { format: 'webp', bytes: webpOfSize(120, 40) },
    { format: 'svg', bytes: svgOfSize(120, 40) },
    { format: 'bmp', bytes: bmpOfSize(120, 40) },
  ])('reads the format and size of a $format image from its bytes', ({ format, bytes }) => {
    expect(imageSizeInspector.inspect(bytes)).toEqual({ format, width: 120, height: 40 });
  });

  it('reads an SVG sized by its viewBox alone', () => {
    const svg = text('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 150"></svg>');
    expect(imageSizeInspector.inspect(svg)).toEqual({ format: 'svg', width: 300, height: 150 });
  });

  it.each([
    { case: 'no bytes', bytes: new Uint8Array(0) },
    { case: 'plain text', bytes: text('this is not an image at all') },
    { case: 'an HTML page', bytes: text('<!doctype html><html><body>hello</body></html>') },
    { case: 'an SVG that states no size', bytes: text('<svg xmlns="http://www.w3.org/2000/svg"></svg>') },
    { case: 'a JPEG cut off before its size', bytes: jpegOfSize(100, 100).slice(0, 12) },
  ])('answers null for $case', ({ bytes }) => {
    expect(imageSizeInspector.inspect(bytes)).toBeNull();
  });
});
