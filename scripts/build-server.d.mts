export declare const SERVER_DIR: string;
export declare const SERVER_ENTRY: string;
export declare function buildServer(options?: { force?: boolean; log?: (line: string) => void }): Promise<void>;
