import type { NoArgs } from '../types';

// Batch printing on the workstation (spec §2 download/admitCard [DA], download/old/admitCard;
// DESIGN "Documents": the Electron main process renders batches itself with the same templates).
// Type-only: the renderer imports these shapes through contract.ts.

/** What one batch prints; the API's print routes name the kinds the same way. */
export type PrintKind = 'admit-cards' | 'attendance' | 'room-list' | 'door-list';

/** One file to print, as GET /api/admin/print/batches lists it. */
export type PrintBatch = {
  /** Unique within a job; the API's own key for the batch. */
  key: string;
  kind: PrintKind;
  allocationId: number;
  venueId: number | null;
  roomId: number | null;
  /** Admit cards come in parts of at most 200 documents; 1 for the other kinds. */
  part: number;
  /** A plain file name ending in .pdf; written inside the output folder and nowhere else. */
  fileName: string;
};

export type PrintLanguage = 'ne' | 'en';

export type PrintStartArgs = {
  /** Where the API answers; defaults to the configured API (Electron). */
  apiBaseUrl?: string;
  /** The signed-in staff member's access token: used for this job's requests, never written or logged. */
  accessToken: string;
  /** The folder the files go to (chosen with app.chooseFolder inside Electron). */
  outputDir: string;
  lang: PrintLanguage;
  batches: PrintBatch[];
};

/** Why a batch failed: the screens word each code in both languages (the API's own message is kept too). */
export type PrintFailureCode = 'UNREACHABLE' | 'INVALID_TOKEN' | 'API_REFUSED' | 'RENDER_FAILED' | 'WRITE_FAILED';
export type PrintFailure = { key: string; fileName: string; code: PrintFailureCode; message: string };
export type PrintedFile = { key: string; fileName: string; path: string; documents: number };

export type PrintJobStatus = {
  jobId: string;
  /** Batches printed so far (each one file). */
  done: number;
  total: number;
  /** Documents in the files printed so far. */
  documents: number;
  /** The batch being printed now, or null between batches and once the job stops. */
  current: { key: string; fileName: string } | null;
  failed: PrintFailure[];
  files: PrintedFile[];
  cancelled: boolean;
  /** True while batches are still being worked through. */
  isRunning: boolean;
};

export type PrintHandlers = {
  /** Starts printing in the background and answers at once with the job's id. */
  'print.start': (args: PrintStartArgs) => Promise<{ jobId: string }>;
  'print.status': (args: { jobId: string }) => Promise<PrintJobStatus>;
  /** Stops the job before its next batch; the batch being printed finishes. */
  'print.cancel': (args: { jobId: string }) => Promise<PrintJobStatus>;
  /** Prints the named failed batches again (and nothing else), with a fresh token. */
  'print.retry': (args: { jobId: string; keys: string[]; accessToken: string; apiBaseUrl?: string }) => Promise<PrintJobStatus>;
};

export type FolderHandlers = {
  /**
   * Asks the user for an output folder with the system dialog (the installed workstation only);
   * null when the dialog was closed. Only a folder chosen here may receive printed files.
   */
  'app.chooseFolder': (args: NoArgs) => Promise<{ path: string | null }>;
};
