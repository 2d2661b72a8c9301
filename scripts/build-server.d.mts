// Types of build-server.mjs, which plain Node runs before anything is compiled.
export declare const serverOutput: string;
export declare const serverNodeArgs: string[];
export declare const serverEntries: Record<string, string>;
export declare function buildServer(entryPoints?: Record<string, string>, outdir?: string): Promise<void>;
