export interface StoredFile {
  path: string;
  contentType: string;
  size: number;
  /** Where a browser can fetch it: a same-origin path (`/files/…`) unless the files have a host of their own. */
  url: string;
}

/**
 * Files by path within one store. Paths are relative ("campaigns/abc-cover.png"); a path that would
 * leave the store's root ("..", absolute, backslashes) is refused with an invalid error.
 */
export interface FileStore {
  put(path: string, content: Uint8Array, contentType: string): Promise<StoredFile>;
  /** Null when no such file. */
  get(path: string): Promise<{ content: Uint8Array; contentType: string } | null>;
  exists(path: string): Promise<boolean>;
  /** Removing a missing file is not an error. */
  delete(path: string): Promise<void>;
  url(path: string): string;
  /**
   * The path behind one of this store's URLs, including those it answered under an address it was
   * served at before (an absolute address of the platform's own host); null for any other address.
   */
  pathOf(url: string): string | null;
}
