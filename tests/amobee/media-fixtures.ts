/** Smallest real containers a video reader accepts: an MP4 and a WebM of a given frame size. */

function box(type: string, ...children: Uint8Array[]): Buffer {
  const body = Buffer.concat(children);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length);
  header.write(type, 4, 'ascii');
  return Buffer.concat([header, body]);
}

/** An MP4 (ftyp, then moov → trak → tkhd, version 0) whose video track is width × height. */
export function mp4OfSize(width: number, height: number): Uint8Array {
  const ftyp = box('ftyp', Buffer.from('isom'), Buffer.alloc(4), Buffer.from('isomiso2avc1mp41'));
  const tkhd = Buffer.alloc(84);
  tkhd.writeUInt32BE(0x00000003, 0); // version 0, flags: enabled, in movie
  tkhd.writeUInt32BE(1, 12); // track id
  tkhd.writeUInt32BE(width << 16, 76);
  tkhd.writeUInt32BE(height << 16, 80);
  // An audio track first (no frame): the reader must look on to the video track.
  const audio = box('trak', box('tkhd', Buffer.alloc(84)));
  return Buffer.concat([ftyp, box('moov', box('mvhd', Buffer.alloc(100)), audio, box('trak', box('tkhd', tkhd)))]);
}

function element(id: number[], body: Uint8Array): Buffer {
  // Sizes as 8-byte EBML integers: simple and always valid.
  const size = Buffer.alloc(8);
  size.writeUInt8(0x01, 0);
  size.writeUIntBE(body.length, 2, 6);
  return Buffer.concat([Buffer.from(id), size, body]);
}

const uint16 = (value: number) => {
  const bytes = Buffer.alloc(2);
  bytes.writeUInt16BE(value);
  return bytes;
};

/** A WebM (EBML header, Segment → Tracks → TrackEntry → Video) whose video is width × height. */
export function webmOfSize(width: number, height: number): Uint8Array {
  const header = element([0x1a, 0x45, 0xdf, 0xa3], element([0x42, 0x82], Buffer.from('webm')));
  const video = element([0xe0], Buffer.concat([element([0xb0], uint16(width)), element([0xba], uint16(height))]));
  const track = element([0xae], Buffer.concat([element([0xd7], Buffer.from([1])), video]));
  const segment = element([0x18, 0x53, 0x80, 0x67], element([0x16, 0x54, 0xae, 0x6b], track));
  return Buffer.concat([header, segment]);
}
