/**
 * Reads a video's frame size from its container, as the platform does on upload: ISO base media
 * (MP4, MOV, M4V: the first track header with a frame) and Matroska/WebM (the first video track).
 * Null when the bytes are neither.
 */
export function videoDimensions(bytes: Uint8Array): { width: number; height: number } | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length >= 4 && view.getUint32(0) === 0x1a45dfa3) return matroskaDimensions(bytes, view);
  if (bytes.length >= 8 && String.fromCharCode(...bytes.subarray(4, 8)) === 'ftyp') {
    return isoBoxDimensions(bytes, view, 0, bytes.length);
  }
  return null;
}

const ISO_CONTAINERS = new Set(['moov', 'trak']);

function isoBoxDimensions(
  bytes: Uint8Array,
  view: DataView,
  start: number,
  end: number,
): { width: number; height: number } | null {
  let offset = start;
  while (offset + 8 <= end) {
    let size = view.getUint32(offset);
    const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
    let header = 8;
    if (size === 1) {
      if (offset + 16 > end) return null;
      size = Number(view.getBigUint64(offset + 8));
      header = 16;
    } else if (size === 0) {
      size = end - offset;
    }
    if (size < header || offset + size > end) return null;
    if (ISO_CONTAINERS.has(type)) {
      const found = isoBoxDimensions(bytes, view, offset + header, offset + size);
      if (found) return found;
    } else if (type === 'tkhd' && size >= header + 8) {
      // Width and height close the track header, as 16.16 fixed-point numbers.
      const width = view.getUint32(offset + size - 8) >>> 16;
      const height = view.getUint32(offset + size - 4) >>> 16;
      if (width > 0 && height > 0) return { width, height };
    }
    offset += size;
  }
  return null;
}

const MATROSKA = {
  segment: 0x18538067,
  tracks: 0x1654ae6b,
  trackEntry: 0xae,
  video: 0xe0,
  pixelWidth: 0xb0,
  pixelHeight: 0xba,
};
const MATROSKA_CONTAINERS = new Set([MATROSKA.segment, MATROSKA.tracks, MATROSKA.trackEntry, MATROSKA.video]);

function matroskaDimensions(bytes: Uint8Array, view: DataView): { width: number; height: number } | null {
  let width = 0;
  let height = 0;
  const walk = (start: number, end: number): boolean => {
    let offset = start;
    while (offset < end) {
      const id = readVint(bytes, offset, true);
      if (!id) return false;
      const size = readVint(bytes, offset + id.length, false);
      if (!size) return false;
      const dataStart = offset + id.length + size.length;
      const dataEnd = size.unknown ? end : Math.min(end, dataStart + size.value);
      if (MATROSKA_CONTAINERS.has(id.value)) {
        if (walk(dataStart, dataEnd)) return true;
        if (id.value === MATROSKA.video && width && height) return true;
      } else if (id.value === MATROSKA.pixelWidth) {
        width = readUint(view, dataStart, dataEnd - dataStart);
      } else if (id.value === MATROSKA.pixelHeight) {
        height = readUint(view, dataStart, dataEnd - dataStart);
      }
      offset = dataEnd;
    }
    return width > 0 && height > 0;
  };
  return walk(0, bytes.length) ? { width, height } : null;
}

/** An EBML variable-length integer: ids keep their length marker, sizes drop it. */
function readVint(
  bytes: Uint8Array,
  offset: number,
  keepMarker: boolean,
): { value: number; length: number; unknown: boolean } | null {
  const first = bytes[offset];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (length > 8 || offset + length > bytes.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let index = 1; index < length; index++) {
    value = value * 256 + bytes[offset + index]!;
    if (bytes[offset + index] !== 0xff) allOnes = false;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

function readUint(view: DataView, offset: number, length: number): number {
  let value = 0;
  for (let index = 0; index < length && index < 6; index++) value = value * 256 + view.getUint8(offset + index);
  return value;
}
