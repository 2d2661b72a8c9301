import { type HandlerDefinitions } from '../handler-definitions';
import type { PrintJobs } from './print-jobs';
import type { FolderHandlers, PrintHandlers } from './types';
export declare function createPrintHandlers(jobs: PrintJobs): HandlerDefinitions<PrintHandlers>;
/** The system's folder dialog; only the installed workstation has one (main/index.ts passes it). */
export type ChooseFolder = () => Promise<string | null>;
export declare function createFolderHandlers(chooseFolder: ChooseFolder | undefined, remember: (path: string) => void): HandlerDefinitions<FolderHandlers>;
