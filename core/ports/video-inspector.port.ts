/** What an uploaded video really is, read from its bytes (never from its name or declared type). */
export interface VideoInfo {
  /** The container found in the bytes, in lower case: "mp4", "webm", "mov", … */
  format: string;
  /** The codec of its video track, e.g. "avc" (H.264), "vp9"; null when unknown. */
  codec: string | null;
  width: number;
  height: number;
  durationSeconds: number;
}

export interface VideoInspector {
  /** Null when the bytes are not a video of a known container, or carry no video track. */
  inspect(content: Uint8Array): Promise<VideoInfo | null>;
}
