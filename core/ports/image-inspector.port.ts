/** What an uploaded picture really is, read from its bytes (never from its name or declared type). */
export interface ImageInfo {
  /** The format found in the bytes, in lower case: "png", "jpg", "gif", "webp", "svg", … */
  format: string;
  width: number;
  height: number;
}

export interface ImageInspector {
  /** Null when the bytes are not a picture of a known format, or carry no dimensions. */
  inspect(content: Uint8Array): ImageInfo | null;
}
