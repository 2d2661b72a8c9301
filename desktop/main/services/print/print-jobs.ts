import type { PdfRenderer } from '@psc/print-templates';
import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { HandlerFailure } from '../handler-definitions';
import type { PrintBatch, PrintFailure, PrintJobStatus, PrintKind, PrintLanguage, PrintStartArgs, PrintedFile } from './types';

/** Turns one batch's documents (as the API sent them) into one HTML page set. */
export type ComposeBatchHtml = (kind: PrintKind, documents: unknown[], lang: PrintLanguage) => string | Promise<string>;

/** One batch's documents as a compose worker receives them. */
export type ComposeRequest = { kind: PrintKind; documents: unknown[]; lang: PrintLanguage };

/** The part of the PDF renderer a job needs (print-templates' createPdfRenderer). */
export type BatchPdfRenderer = Pick<PdfRenderer, 'renderParts'>;

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

type Job = {
  id: string;
  outputDir: string;
  lang: PrintLanguage;
  batches: Map<string, PrintBatch>;
  queue: string[];
  files: PrintedFile[];
  failed: Map<string, PrintFailure>;
  documents: number;
  current: PrintBatch | null;
  cancelled: boolean;
  running: Promise<void> | null;
  // Held in memory while batches remain and dropped when the job stops; never written or logged.
  accessToken: string | null;
  apiBaseUrl: string;
};

export type PrintJobs = {
  start(args: PrintStartArgs): { jobId: string };
  status(jobId: string): PrintJobStatus;
  cancel(jobId: string): PrintJobStatus;
  retry(jobId: string, keys: string[], accessToken: string, apiBaseUrl?: string): PrintJobStatus;
  /** Resolves when the job has stopped (tests; the screens poll status instead). */
  settled(jobId: string): Promise<PrintJobStatus>;
};

/** Jobs kept for their status; the oldest finished ones are forgotten beyond this. */
const KEPT_JOBS = 20;

/**
 * A plain file name: no folder part, no parent reference, no hidden or device names, ending in
 * .pdf. The name comes from the API through the renderer, so it is checked before any write.
 */
export function isSafePdfFileName(name: string): boolean {
  return (
    name.length <= 200 &&
    /\.pdf$/i.test(name) &&
    !/[/\\:\0*?"<>|]/.test(name) &&
    !name.includes('..') &&
    !name.startsWith('.') &&
    name.trim() === name
  );
}

class BatchFailure extends Error {
  constructor(
    readonly code: PrintFailure['code'],
    message: string,
  ) {
    super(message);
  }
}

/** A batch with its documents, or with the reason they could not be fetched. */
type FetchedBatch = { batch: PrintBatch; documents: unknown[]; failure?: undefined } | { batch: PrintBatch; documents?: undefined; failure: BatchFailure };

type Envelope = { status: 1; message: string; data: unknown } | { status: 0; message: string; code: string };

function batchDataUrl(base: string, batch: PrintBatch): string {
  const params = new URLSearchParams({ allocationId: String(batch.allocationId), kind: batch.kind, part: String(batch.part) });
  if (batch.venueId !== null) params.set('venueId', String(batch.venueId));
  if (batch.roomId !== null) params.set('roomId', String(batch.roomId));
  return `${base}/api/admin/print/batch-data?${params.toString()}`;
}

export function createPrintJobs(deps: PrintJobsDeps): PrintJobs {
  const jobs = new Map<string, Job>();

  function find(jobId: string): Job {
    const job = jobs.get(jobId);
    if (!job) throw new HandlerFailure('NOT_FOUND', 'No print job with this id');
    return job;
  }

  function describe(job: Job): PrintJobStatus {
    return {
      jobId: job.id,
      done: job.files.length,
      total: job.batches.size,
      documents: job.documents,
      current: job.current ? { key: job.current.key, fileName: job.current.fileName } : null,
      failed: [...job.failed.values()],
      files: [...job.files],
      cancelled: job.cancelled,
      isRunning: job.running !== null,
    };
  }

  function resolveBase(apiBaseUrl: string | undefined): string {
    const base = apiBaseUrl ?? deps.apiBaseUrl;
    if (!base) throw new HandlerFailure('VALIDATION_FAILED', 'Printing needs apiBaseUrl: no API is configured');
    return base.replace(/\/+$/, '');
  }

  async function fetchDocuments(job: Job, batch: PrintBatch): Promise<unknown[]> {
    let response: Response;
    try {
      response = await deps.fetch(batchDataUrl(job.apiBaseUrl, batch), {
        headers: { Accept: 'application/json', 'Accept-Language': job.lang, Authorization: `Bearer ${job.accessToken ?? ''}` },
      });
    } catch {
      throw new BatchFailure('UNREACHABLE', 'The API could not be reached');
    }
    const body = (await response.json().catch(() => null)) as Envelope | null;
    if (body === null || (body.status !== 0 && body.status !== 1)) {
      throw new BatchFailure('UNREACHABLE', `The API answered ${response.status} without an envelope`);
    }
    if (body.status === 0) throw new BatchFailure(body.code === 'INVALID_TOKEN' ? 'INVALID_TOKEN' : 'API_REFUSED', body.message);
    const documents = (body.data as { documents?: unknown } | null)?.documents;
    if (!Array.isArray(documents)) throw new BatchFailure('API_REFUSED', 'The batch answered an unexpected shape');
    if (documents.length === 0) throw new BatchFailure('API_REFUSED', 'The batch holds no documents');
    return documents;
  }

  /**
   * The job's batches with their documents, fetched one after another as the printing wants them:
   * a cancel stops the fetching, and only the batches already in hand finish. A batch whose fetch
   * failed comes with its failure.
   */
  async function* fetchBatches(job: Job): AsyncGenerator<FetchedBatch, void, undefined> {
    while (job.queue.length > 0 && !job.cancelled) {
      const batch = job.batches.get(job.queue.shift()!)!;
      job.current = batch;
      let fetched: FetchedBatch;
      try {
        fetched = { batch, documents: await fetchDocuments(job, batch) };
      } catch (error) {
        fetched = { batch, failure: error instanceof BatchFailure ? error : new BatchFailure('UNREACHABLE', 'The API could not be reached') };
      }
      yield fetched;
    }
  }

  async function writePdf(job: Job, batch: PrintBatch, pdf: Uint8Array, documents: number): Promise<PrintedFile> {
    const path = join(job.outputDir, batch.fileName);
    // Written beside the target and renamed, so a failed or stopped write leaves no half file.
    const partial = join(job.outputDir, `.${batch.fileName}.${job.id}.part`);
    try {
      await mkdir(job.outputDir, { recursive: true });
      await writeFile(partial, pdf);
      await rename(partial, path);
    } catch (error) {
      await rm(partial, { force: true }).catch(() => undefined);
      console.error(`print: ${batch.fileName} could not be written`, error);
      throw new BatchFailure('WRITE_FAILED', 'The file could not be written to the chosen folder');
    }
    return { key: batch.key, fileName: batch.fileName, path, documents };
  }

  function fail(job: Job, batch: PrintBatch, failure: BatchFailure) {
    job.failed.set(batch.key, { key: batch.key, fileName: batch.fileName, code: failure.code, message: failure.message });
  }

  /**
   * Prints the job's batches as the API's print batches are printed (print-templates'
   * renderParts): each batch's HTML composed (on the compose worker) while the renderer's batch
   * tabs print the batches before, and the next batch fetched meanwhile; each written as it is
   * done, in order. A batch that fails is reported and the others go on.
   */
  async function run(job: Job): Promise<void> {
    // The first batch is fetched while Chromium starts.
    const fetching = fetchBatches(job);
    const first = fetching.next();
    let renderer: BatchPdfRenderer | null;
    try {
      renderer = await deps.getRenderer();
    } catch (error) {
      console.error('print: the PDF renderer did not start', error);
      renderer = null;
    }
    const firstFetched = await first;
    const batches = (async function* () {
      if (firstFetched.done) return;
      yield firstFetched.value;
      yield* fetching;
    })();
    try {
      if (!renderer) {
        // Nothing can print: each batch still says why it failed, its fetch's reason first.
        for await (const fetched of batches) fail(job, fetched.batch, fetched.failure ?? new BatchFailure('RENDER_FAILED', 'The documents could not be printed to PDF'));
        return;
      }
      const compose = (fetched: FetchedBatch) => (fetched.failure ? Promise.reject(fetched.failure) : deps.composeHtml(fetched.batch.kind, fetched.documents, job.lang));
      for await (const printed of renderer.renderParts(batches, compose)) {
        const { batch, documents } = printed.part;
        try {
          if (!printed.pdf) {
            if (printed.error instanceof BatchFailure) throw printed.error;
            console.error(`print: batch ${batch.key} did not render`, printed.error);
            throw new BatchFailure('RENDER_FAILED', 'The documents could not be printed to PDF');
          }
          const file = await writePdf(job, batch, printed.pdf, documents?.length ?? 0);
          job.files.push(file);
          job.documents += file.documents;
        } catch (error) {
          fail(job, batch, error instanceof BatchFailure ? error : new BatchFailure('RENDER_FAILED', 'The batch could not be printed'));
        }
      }
    } finally {
      job.current = null;
    }
  }

  function launch(job: Job) {
    if (job.running) return;
    job.running = run(job).finally(() => {
      job.running = null;
      // A retry that arrived while the last batch finished may have queued more work.
      if (job.queue.length > 0 && !job.cancelled) launch(job);
      else job.accessToken = null;
    });
  }

  function forgetOldJobs() {
    const finished = [...jobs.values()].filter((job) => job.running === null);
    for (const job of finished.slice(0, Math.max(0, jobs.size - KEPT_JOBS))) jobs.delete(job.id);
  }

  function checkOutputDir(outputDir: string): string {
    const dir = resolve(outputDir);
    if (!isAbsolute(outputDir) || !deps.isAllowedOutputDir(dir)) {
      throw new HandlerFailure('FORBIDDEN', 'Files are written only to a folder chosen for printing');
    }
    return dir;
  }

  return {
    start(args) {
      const outputDir = checkOutputDir(args.outputDir);
      const batches = new Map<string, PrintBatch>();
      for (const batch of args.batches) {
        if (batches.has(batch.key)) throw new HandlerFailure('VALIDATION_FAILED', `Batch ${batch.key} is listed twice`);
        // Belt and braces beside the name check: the file's folder is the output folder itself.
        if (!isSafePdfFileName(batch.fileName) || dirname(resolve(outputDir, batch.fileName)) !== outputDir) {
          throw new HandlerFailure('VALIDATION_FAILED', `Not a plain PDF file name: ${batch.fileName}`);
        }
        batches.set(batch.key, batch);
      }
      const job: Job = {
        id: randomUUID(),
        outputDir,
        lang: args.lang,
        batches,
        queue: [...batches.keys()],
        files: [],
        failed: new Map(),
        documents: 0,
        current: null,
        cancelled: false,
        running: null,
        accessToken: args.accessToken,
        apiBaseUrl: resolveBase(args.apiBaseUrl),
      };
      forgetOldJobs();
      jobs.set(job.id, job);
      launch(job);
      return { jobId: job.id };
    },
    status: (jobId) => describe(find(jobId)),
    cancel(jobId) {
      const job = find(jobId);
      // The batch being printed finishes; the ones after it are not started (neither done nor failed).
      job.cancelled = true;
      job.queue = [];
      return describe(job);
    },
    retry(jobId, keys, accessToken, apiBaseUrl) {
      const job = find(jobId);
      const unknown = keys.filter((key) => !job.failed.has(key));
      if (unknown.length > 0) throw new HandlerFailure('VALIDATION_FAILED', `Not a failed batch of this job: ${unknown.join(', ')}`);
      for (const key of keys) {
        job.failed.delete(key);
        job.queue.push(key);
      }
      // A retry asks for these batches now, even after a cancel.
      job.cancelled = false;
      job.accessToken = accessToken;
      job.apiBaseUrl = apiBaseUrl ? resolveBase(apiBaseUrl) : job.apiBaseUrl;
      launch(job);
      return describe(job);
    },
    async settled(jobId) {
      const job = find(jobId);
      while (job.running) await job.running;
      return describe(job);
    },
  };
}
