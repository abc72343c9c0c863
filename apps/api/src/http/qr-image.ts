import QRCode from 'qrcode';

/** The formats a QR code downloads as. */
export type QrFormat = 'png' | 'svg';

/** A PNG's width in pixels unless asked otherwise: sharp on a printed flyer (about 8.5 cm at 300 dpi). */
export const QR_DEFAULT_SIZE = 1024;
export const QR_MIN_SIZE = 128;
export const QR_MAX_SIZE = 2048;

const CONTENT_TYPES: Record<QrFormat, string> = { png: 'image/png', svg: 'image/svg+xml' };

/**
 * A QR code of `text`: medium error correction (a code still reads with a little of it smudged or
 * covered), a quiet zone of 4 modules as scanners expect, black on white.
 */
export async function qrImage(
  text: string,
  format: QrFormat,
  size = QR_DEFAULT_SIZE,
): Promise<{ body: Buffer; contentType: string }> {
  const options = { errorCorrectionLevel: 'M' as const, margin: 4, color: { dark: '#000000', light: '#ffffff' } };
  const body =
    format === 'png'
      ? // The library draws floor(modules × (width / modules)) pixels, which floating point makes one pixel
        // short for some widths and lengths of text: a thousandth of a pixel more keeps the width asked.
        await QRCode.toBuffer(text, { ...options, type: 'png', width: size + 0.001 })
      : Buffer.from(await QRCode.toString(text, { ...options, type: 'svg', width: size }), 'utf8');
  return { body, contentType: CONTENT_TYPES[format] };
}

/**
 * A file name from a campaign's name: lowercase words joined by dashes, then what the code opens when it
 * is not the campaign page (`-fundraiser`), then `-qr.{format}`.
 */
export function qrFileName(name: string, format: QrFormat, kind?: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '-')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${slug || 'campaign'}${kind ? `-${kind}` : ''}-qr.${format}`;
}
