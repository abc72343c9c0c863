import { imageSize } from 'image-size';
import type { ImageInspector } from '@causeway/core/ports/image-inspector.port';

/** Reads a picture's format and dimensions from its header with image-size (no decoding). */
export const imageSizeInspector: ImageInspector = {
  inspect(content) {
    try {
      const { type, width, height } = imageSize(content);
      if (!type || !width || !height) return null;
      return { format: type.toLowerCase(), width, height };
    } catch {
      // image-size throws for anything it does not recognise: not a picture.
      return null;
    }
  },
};
