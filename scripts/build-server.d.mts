export declare const SERVER_DIR: string;
export declare const SERVER_ENTRY: string;
export declare function bundlesSandboxes(env?: Record<string, string | undefined>): boolean;
export declare function buildServer(options?: {
  force?: boolean;
  log?: (line: string) => void;
  env?: Record<string, string | undefined>;
  /** Where to write it (default SERVER_DIR). */
  outdir?: string;
}): Promise<void>;
