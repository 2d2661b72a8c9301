// Types of build-electron.mjs, which plain Node runs before anything is compiled.
export declare function buildElectron(outDir?: string): Promise<void>;
