import type { CampaignAdFile } from '@causeway/core/campaigns/campaign.entity';
import { IAB_DISPLAY_SIZES, sizeText, VIDEO_AD_RULES } from '@causeway/core/campaigns/upload.rules';

export type AdFileFacts = Pick<CampaignAdFile, 'typeFormat' | 'width' | 'height' | 'sizeBytes'> & {
  /** Known right after an upload only: the saved draft does not keep a video's length. */
  durationSeconds?: number | null;
};

export type AdFileDescription = {
  /** "300×250 Medium rectangle", "Video, 640×360". */
  title: string;
  /** "12 KB of 150 KB", "15 s · 1.2 MB of 10 MB". */
  detail: string;
  /** Heavier than its size allows (the platform refuses such files; kept for files saved before a rule changed). */
  tooHeavy: boolean;
};

const KB = 1024;

export const iabSizeOf = (width: number | null, height: number | null) =>
  IAB_DISPLAY_SIZES.find((size) => size.width === width && size.height === height) ?? null;

/** What people read about an ad file: its IAB size and weight against the limit, or its length for video. */
export function describeAdFile(file: AdFileFacts): AdFileDescription {
  const pixels = file.width && file.height ? `${file.width}×${file.height}` : null;
  const weight = file.sizeBytes === null ? null : sizeText(file.sizeBytes);
  if (file.typeFormat === 'video') {
    const length = file.durationSeconds ? `${Math.round(file.durationSeconds)} s` : null;
    const limit = weight === null ? null : `${weight} of ${sizeText(VIDEO_AD_RULES.maxBytes)}`;
    return {
      title: pixels ? `Video, ${pixels}` : 'Video',
      detail: [length, limit].filter(Boolean).join(' · '),
      tooHeavy: file.sizeBytes !== null && file.sizeBytes > VIDEO_AD_RULES.maxBytes,
    };
  }
  const size = iabSizeOf(file.width, file.height);
  if (!size) return { title: pixels ?? 'Banner', detail: weight ?? '', tooHeavy: false };
  return {
    title: `${pixels} ${size.name}`,
    detail: weight === null ? `up to ${size.maxKb} KB` : `${weight} of ${size.maxKb} KB`,
    tooHeavy: file.sizeBytes !== null && file.sizeBytes > size.maxKb * KB,
  };
}

/** What the file picker offers for the campaign's ad type. */
export function acceptedTypesOf(channel: string): string {
  return channel === 'video' ? 'video/mp4' : 'image/png,image/jpeg,image/gif';
}

/** The ad files of the other format than the campaign runs. */
export function filesOfOtherFormat<T extends { typeFormat: 'display' | 'video' }>(
  files: readonly T[],
  channel: string,
): T[] {
  if (channel !== 'display' && channel !== 'video') return [];
  return files.filter((file) => file.typeFormat !== channel);
}

export const VIDEO_AD_TEXT = `MP4 (H.264), 16:9 (for example 1280×720), ${VIDEO_AD_RULES.lengthsSeconds.join(' or ')} seconds, up to ${sizeText(VIDEO_AD_RULES.maxBytes)}`;
