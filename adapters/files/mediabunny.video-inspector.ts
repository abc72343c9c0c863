import { ALL_FORMATS, BufferSource, Input, MATROSKA, MP4, QTFF, WEBM } from 'mediabunny';
import type { VideoInfo, VideoInspector } from '@causeway/core/ports/video-inspector.port';

/** Container names as the product speaks of them. */
function formatName(format: unknown): string {
  if (format === MP4) return 'mp4';
  if (format === QTFF) return 'mov';
  if (format === WEBM) return 'webm';
  if (format === MATROSKA) return 'mkv';
  return 'other';
}

/** Reads a video's container, codec, size and length from its metadata with mediabunny (no decoding). */
export const mediabunnyVideoInspector: VideoInspector = {
  async inspect(content): Promise<VideoInfo | null> {
    if (content.byteLength === 0) return null;
    const input = new Input({ formats: ALL_FORMATS, source: new BufferSource(content) });
    try {
      const format = await input.getFormat();
      const track = await input.getPrimaryVideoTrack();
      if (!track) return null;
      const durationSeconds = await input.computeDuration();
      const { displayWidth: width, displayHeight: height } = track;
      if (!width || !height) return null;
      return { format: formatName(format), codec: track.codec ?? null, width, height, durationSeconds };
    } catch {
      // Unknown containers and truncated files are simply not videos we can use.
      return null;
    } finally {
      input.dispose();
    }
  },
};
