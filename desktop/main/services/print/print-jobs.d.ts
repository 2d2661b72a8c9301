import type { PrintJobStatus, PrintKind, PrintLanguage, PrintStartArgs } from './types';
/** Turns one batch's documents (as the API sent them) into one HTML page set. */
export type ComposeBatchHtml = (kind: PrintKind, documents: unknown[], lang: PrintLanguage) => string | Promise<string>;
/** The part of the PDF renderer a job needs (print-templates' createPdfRenderer). */
export type BatchPdfRenderer = {
    renderPdf(html: string): Promise<Uint8Array>;
};
export type PrintJobsDeps = {
    fetch: typeof fetch;
    /** The configured API (Electron); the bridge has none and takes it from the call. */
    apiBaseUrl?: string;
    /** The one long-lived renderer, created on first use (DESIGN "Documents": one Chromium per process). */
    getRenderer: () => Promise<BatchPdfRenderer>;
    composeHtml: ComposeBatchHtml;
    /** Whether files may be written to this folder (one the user chose, or the bridge's own). */
    isAllowedOutputDir: (dir: string) => boolean;
};
export type PrintJobs = {
    start(args: PrintStartArgs): {
        jobId: string;
    };
    status(jobId: string): PrintJobStatus;
    cancel(jobId: string): PrintJobStatus;
    retry(jobId: string, keys: string[], accessToken: string, apiBaseUrl?: string): PrintJobStatus;
    /** Resolves when the job has stopped (tests; the screens poll status instead). */
    settled(jobId: string): Promise<PrintJobStatus>;
};
/**
 * A plain file name: no folder part, no parent reference, no hidden or device names, ending in
 * .pdf. The name comes from the API through the renderer, so it is checked before any write.
 */
export declare function isSafePdfFileName(name: string): boolean;
export declare function createPrintJobs(deps: PrintJobsDeps): PrintJobs;
