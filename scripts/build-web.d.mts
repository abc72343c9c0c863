export declare const webApps: ReadonlyArray<{ name: string; dir: string }>;
export declare function sourceHash(app: { name: string; dir: string }): Promise<string>;
export declare function buildWeb(options?: { force?: boolean; log?: (line: string) => void }): Promise<void>;
export declare function hashOfInputs(inputs: readonly string[]): Promise<string>;
export declare function precompress(dist: string): Promise<void>;
