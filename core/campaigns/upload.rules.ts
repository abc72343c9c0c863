import type { UploadPurpose } from '../contracts/campaigns.contract';
import type { ImageInfo } from '../ports/image-inspector.port';
import type { VideoInfo } from '../ports/video-inspector.port';
import { invalid } from '../shared/errors';

/**
 * IAB fixed ad sizes the ad platform serves, with their initial-load weight limits
 * (reference: nexxen-dsp-api.md, "Creative sizes").
 */
export const IAB_DISPLAY_SIZES = [
  { width: 300, height: 250, maxKb: 150, name: 'Medium rectangle' },
  { width: 728, height: 90, maxKb: 150, name: 'Leaderboard' },
  { width: 160, height: 600, maxKb: 150, name: 'Wide skyscraper' },
  { width: 300, height: 600, maxKb: 150, name: 'Half page' },
  { width: 336, height: 280, maxKb: 150, name: 'Large rectangle' },
  { width: 970, height: 250, maxKb: 250, name: 'Billboard' },
  { width: 970, height: 90, maxKb: 200, name: 'Large leaderboard' },
  { width: 320, height: 50, maxKb: 50, name: 'Mobile leaderboard' },
  { width: 300, height: 50, maxKb: 50, name: 'Mobile banner' },
] as const;

/** Video ads: MP4 with H.264, 16:9, 15 or 30 seconds (reference), within a weight a player can start quickly. */
export const VIDEO_AD_RULES = { lengthsSeconds: [15, 30], toleranceSeconds: 0.5, maxBytes: 10 * 1024 * 1024 } as const;

const KB = 1024;
const MB = 1024 * 1024;

interface ImageFormat {
  label: string;
  contentType: string;
  /** The extensions a file of this format may be named with; the first is used when a name has none. */
  extensions: readonly string[];
}

const IMAGE_FORMATS: Record<string, ImageFormat> = {
  png: { label: 'PNG', contentType: 'image/png', extensions: ['png'] },
  jpg: { label: 'JPEG', contentType: 'image/jpeg', extensions: ['jpg', 'jpeg'] },
  gif: { label: 'GIF', contentType: 'image/gif', extensions: ['gif'] },
  webp: { label: 'WebP', contentType: 'image/webp', extensions: ['webp'] },
};
const VIDEO_FORMATS: Record<string, ImageFormat> = {
  mp4: { label: 'MP4', contentType: 'video/mp4', extensions: ['mp4', 'm4v'] },
  webm: { label: 'WebM', contentType: 'video/webm', extensions: ['webm'] },
};

interface PurposeRule {
  /** What the file is, in a sentence ("The cover image"). */
  subject: string;
  kind: 'image' | 'video' | 'ad';
  maxBytes: number;
  images?: readonly string[];
  videos?: readonly string[];
  minWidth?: number;
  minHeight?: number;
  maxSide?: number;
  maxSeconds?: number;
}

/** What each upload may be. */
export const UPLOAD_RULES: Record<UploadPurpose, PurposeRule> = {
  'cover-image': {
    subject: 'The cover image',
    kind: 'image',
    maxBytes: 5 * MB,
    images: ['png', 'jpg', 'webp', 'gif'],
    minWidth: 600,
    minHeight: 315,
    maxSide: 8000,
  },
  'cover-video': {
    subject: 'The cover video',
    kind: 'video',
    maxBytes: 50 * MB,
    videos: ['mp4', 'webm'],
    maxSeconds: 180,
  },
  'header-image': {
    subject: 'The header image',
    kind: 'image',
    maxBytes: 2 * MB,
    images: ['png', 'jpg', 'webp', 'gif'],
    minWidth: 100,
    minHeight: 20,
    maxSide: 8000,
  },
  'footer-image': {
    subject: 'The footer image',
    kind: 'image',
    maxBytes: 2 * MB,
    images: ['png', 'jpg', 'webp', 'gif'],
    minWidth: 100,
    minHeight: 20,
    maxSide: 8000,
  },
  'ad-file': {
    subject: 'The ad',
    kind: 'ad',
    maxBytes: VIDEO_AD_RULES.maxBytes,
    images: ['png', 'jpg', 'gif'],
    videos: ['mp4'],
  },
};

/** Kilobytes or megabytes, rounded up so a file just over a limit never reads as the limit itself. */
export function sizeText(bytes: number): string {
  if (bytes < MB) return `${Math.ceil(bytes / KB)} KB`;
  const tenths = Math.ceil((bytes / MB) * 10) / 10;
  return `${Number.isInteger(tenths) ? tenths : tenths.toFixed(1)} MB`;
}

const sizeList = IAB_DISPLAY_SIZES.map((size) => `${size.width}×${size.height}`).join(', ');

/**
 * A file name safe to store and to show: letters, digits, dot, dash and underscore only, no leading
 * dot, at most 100 characters, extension in lower case. Empty when nothing usable is left.
 */
export function sanitizeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  const stem = dot > 0 ? base.slice(0, dot) : base;
  const extension = dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
  const clean = (part: string) =>
    part
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .replace(/-{2,}/g, '-')
      .replace(/^[-.]+|[-.]+$/g, '');
  const cleanStem = clean(stem).slice(0, 90);
  const cleanExtension = clean(extension).slice(0, 8);
  if (cleanStem === '') return '';
  return cleanExtension === '' ? cleanStem : `${cleanStem}.${cleanExtension}`;
}

/** The extension of a (sanitized) file name, lower case, or ''. */
export const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

export interface UploadFacts {
  fileName: string;
  sizeBytes: number;
  image: ImageInfo | null;
  video: VideoInfo | null;
}

export interface CheckedUpload {
  contentType: string;
  /** The extension the stored file keeps: the original name's (SPEC §5), or the format's own. */
  extension: string;
  typeFormat: 'display' | 'video' | null;
  width: number;
  height: number;
  durationSeconds: number | null;
}

const refuse = (message: string) => invalid(message, { file: message });

/** Checks that the name's extension fits the format found in the bytes, and answers the one to keep. */
function keptExtension(fileName: string, format: ImageFormat): string {
  const extension = extensionOf(fileName);
  if (extension === '') return format.extensions[0]!;
  if (!format.extensions.includes(extension)) {
    throw refuse(
      `This file is a ${format.label} but its name ends in .${extension}. Rename it to .${format.extensions[0]}.`,
    );
  }
  return extension;
}

function checkImage(rule: PurposeRule, image: ImageInfo, fileName: string): CheckedUpload {
  const format = IMAGE_FORMATS[image.format];
  const accepted = (rule.images ?? []).map((name) => IMAGE_FORMATS[name]!.label).join(', ');
  if (!format || !(rule.images ?? []).includes(image.format)) {
    throw refuse(`${rule.subject} must be ${accepted}; this file is ${image.format.toUpperCase()}.`);
  }
  const size = `${image.width}×${image.height} pixels`;
  if (rule.minWidth && (image.width < rule.minWidth || image.height < (rule.minHeight ?? 0))) {
    throw refuse(`${rule.subject} is ${size}; it must be at least ${rule.minWidth}×${rule.minHeight ?? 0}.`);
  }
  if (rule.maxSide && (image.width > rule.maxSide || image.height > rule.maxSide)) {
    throw refuse(`${rule.subject} is ${size}; it must be at most ${rule.maxSide}×${rule.maxSide}.`);
  }
  return {
    contentType: format.contentType,
    extension: keptExtension(fileName, format),
    typeFormat: null,
    width: image.width,
    height: image.height,
    durationSeconds: null,
  };
}

function checkVideo(rule: PurposeRule, video: VideoInfo, fileName: string): CheckedUpload {
  const format = VIDEO_FORMATS[video.format];
  const accepted = (rule.videos ?? []).map((name) => VIDEO_FORMATS[name]!.label).join(' or ');
  if (!format || !(rule.videos ?? []).includes(video.format)) {
    throw refuse(`${rule.subject} must be a ${accepted} video; this file is ${video.format.toUpperCase()}.`);
  }
  if (rule.maxSeconds && video.durationSeconds > rule.maxSeconds) {
    throw refuse(
      `${rule.subject} is ${Math.round(video.durationSeconds)} s long; it may be at most ${rule.maxSeconds} s.`,
    );
  }
  return {
    contentType: format.contentType,
    extension: keptExtension(fileName, format),
    typeFormat: null,
    width: video.width,
    height: video.height,
    durationSeconds: video.durationSeconds,
  };
}

/** A display ad must be one of the IAB sizes, within that size's weight. */
function checkDisplayAd(image: ImageInfo, sizeBytes: number, fileName: string): CheckedUpload {
  const checked = checkImage(UPLOAD_RULES['ad-file'], image, fileName);
  const size = IAB_DISPLAY_SIZES.find(
    (candidate) => candidate.width === image.width && candidate.height === image.height,
  );
  if (!size) {
    throw refuse(
      `This ad is ${image.width}×${image.height} pixels; display ads must be one of the standard sizes: ${sizeList}.`,
    );
  }
  if (sizeBytes > size.maxKb * KB) {
    throw refuse(
      `A ${size.width}×${size.height} ad may weigh at most ${size.maxKb} KB; this one is ${sizeText(sizeBytes)}. Compress it or simplify it.`,
    );
  }
  return { ...checked, typeFormat: 'display' };
}

/** A video ad must be MP4 with H.264, 16:9, 15 or 30 seconds long. */
function checkVideoAd(video: VideoInfo, fileName: string): CheckedUpload {
  const checked = checkVideo(UPLOAD_RULES['ad-file'], video, fileName);
  if (video.codec !== 'avc') {
    throw refuse(`Video ads must be encoded with H.264; this one uses ${video.codec ?? 'an unknown codec'}.`);
  }
  const ratio = video.width / video.height;
  if (Math.abs(ratio - 16 / 9) > 0.02) {
    throw refuse(`This video is ${video.width}×${video.height}; video ads must be 16:9 (for example 1280×720).`);
  }
  const { lengthsSeconds, toleranceSeconds } = VIDEO_AD_RULES;
  if (!lengthsSeconds.some((length) => Math.abs(video.durationSeconds - length) <= toleranceSeconds)) {
    throw refuse(
      `This video is ${Math.round(video.durationSeconds)} s long; video ads must be ${lengthsSeconds.join(' s or ')} s.`,
    );
  }
  return { ...checked, typeFormat: 'video' };
}

/**
 * Whether an upload may be used for its purpose, judged from its bytes (format, pixels, length,
 * weight); a 400 naming the file, with a sentence that says what was found, otherwise.
 */
export function checkUpload(purpose: UploadPurpose, facts: UploadFacts): CheckedUpload {
  const rule = UPLOAD_RULES[purpose];
  if (facts.sizeBytes === 0) throw refuse('The file is empty. Choose another one.');
  if (facts.sizeBytes > rule.maxBytes) {
    throw refuse(`${rule.subject} is ${sizeText(facts.sizeBytes)}; it may be at most ${sizeText(rule.maxBytes)}.`);
  }
  if (rule.kind === 'image') {
    if (!facts.image)
      throw refuse(`${rule.subject} could not be read as an image. Choose a PNG, JPEG, WebP or GIF file.`);
    return checkImage(rule, facts.image, facts.fileName);
  }
  if (rule.kind === 'video') {
    if (!facts.video) throw refuse(`${rule.subject} could not be read as a video. Choose an MP4 or WebM file.`);
    return checkVideo(rule, facts.video, facts.fileName);
  }
  if (facts.image) return checkDisplayAd(facts.image, facts.sizeBytes, facts.fileName);
  if (facts.video) return checkVideoAd(facts.video, facts.fileName);
  throw refuse('This ad could not be read as an image or a video. Choose a PNG, JPEG or GIF banner or an MP4 video.');
}

/**
 * Where an upload is stored (SPEC §5, §7): covers at `{folder}/cover_{id}.{ext}` keeping the original
 * extension, every other file at `campaigns/{campaignId}-{filename}`.
 */
export function uploadPath(
  purpose: UploadPurpose,
  draft: { id: string; campaignUUID: string },
  fileName: string,
  extension: string,
): string {
  if (purpose === 'cover-image' || purpose === 'cover-video') return `preCampaigns/cover_${draft.id}.${extension}`;
  const dot = fileName.lastIndexOf('.');
  const stem = dot > 0 ? fileName.slice(0, dot) : fileName;
  return `campaigns/${draft.campaignUUID}-${stem}.${extension}`;
}

/** Whether a stored path belongs to the draft's own files (so a draft cannot borrow another's). */
export function isDraftFile(path: string, draft: { id: string; campaignUUID: string }): boolean {
  return path.startsWith(`campaigns/${draft.campaignUUID}-`) || path.startsWith(`preCampaigns/cover_${draft.id}.`);
}
