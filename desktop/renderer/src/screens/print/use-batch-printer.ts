import { useCallback, useEffect, useRef, useState } from 'react';
import type { PrintFailureCode, PrintJobStatus, PrintLanguage } from '../../../../main/services/contract';
import { api, tokenStore } from '../../api/api';
import { saveFile } from '../../components/save-file';
import { callApi } from '../../staff/staff-api';
import { invokeWorkstation, isInsideElectron } from '../../workstation/workstation-client';
import { batchPdfPath, type PrintBatchRow } from './print-api';

// Printing never holds the screen (spec §2 download/admitCard [DA]; DESIGN "Documents"): inside
// Electron the main process prints the batches into a folder the user picks and the screen polls
// its progress; in the browser build each batch's PDF comes from the API and is downloaded, one
// after another. Both report the same progress, cancel before the next batch, and retry the
// failed batches alone.

export type PrintFailureRow = { key: string; fileName: string; code: PrintFailureCode | 'DOWNLOAD'; message: string };

export type PrintProgress = {
  done: number;
  total: number;
  documents: number;
  current: string | null;
  failed: PrintFailureRow[];
  cancelled: boolean;
  isRunning: boolean;
  /** Inside Electron: the folder the files go to. */
  folder: string | null;
};

const IDLE: PrintProgress = { done: 0, total: 0, documents: 0, current: null, failed: [], cancelled: false, isRunning: false, folder: null };
const POLL_MS = 400;

/** Whether the installed workstation (a folder dialog, the main-process printer) is there. */
export function useIsElectronPrinting(): boolean | null {
  const [isElectron, setIsElectron] = useState<boolean | null>(null);
  useEffect(() => {
    let isCurrent = true;
    // app.info reports `electron` only inside the installed workstation; the bridge says `node`.
    invokeWorkstation('app.info', {})
      .then((info) => isCurrent && setIsElectron(info.runtime === 'electron' && isInsideElectron()))
      .catch(() => isCurrent && setIsElectron(false));
    return () => {
      isCurrent = false;
    };
  }, []);
  return isElectron;
}

/** A fresh access token: any API call runs the client's one silent refresh when the old one expired. */
async function freshToken(): Promise<string> {
  await api.request('/api/oauth/privileges/get/init');
  return tokenStore.read()?.accessToken ?? '';
}

export function useBatchPrinter(isElectron: boolean) {
  const [progress, setProgress] = useState<PrintProgress>(IDLE);
  const cancelRequested = useRef(false);
  const jobId = useRef<string | null>(null);
  const folder = useRef<string | null>(null);
  const isMounted = useRef(true);
  useEffect(() => {
    isMounted.current = true;
    return () => {
      isMounted.current = false;
    };
  }, []);
  const update = useCallback((next: (previous: PrintProgress) => PrintProgress) => {
    if (isMounted.current) setProgress(next);
  }, []);

  // Browser build: the API prints each batch; the page saves it and moves on.
  const download = useCallback(
    async (batches: PrintBatchRow[], lang: PrintLanguage) => {
      cancelRequested.current = false;
      update((previous) => ({ ...previous, isRunning: true, cancelled: false }));
      for (const batch of batches) {
        if (cancelRequested.current) {
          update((previous) => ({ ...previous, cancelled: true }));
          break;
        }
        update((previous) => ({ ...previous, current: batch.fileName }));
        const result = await callApi<Blob>(batchPdfPath(batch, lang), { as: 'blob' });
        if (result.ok) {
          saveFile(result.data, batch.fileName);
          update((previous) => ({ ...previous, done: previous.done + 1, documents: previous.documents + batch.documents }));
        } else {
          update((previous) => ({ ...previous, failed: [...previous.failed, { key: batch.key, fileName: batch.fileName, code: 'DOWNLOAD', message: result.message }] }));
        }
      }
      update((previous) => ({ ...previous, current: null, isRunning: false }));
    },
    [update],
  );

  // Electron: the main process prints; the screen only follows the job.
  const follow = useCallback(
    async (id: string) => {
      for (;;) {
        let status: PrintJobStatus;
        try {
          status = await invokeWorkstation('print.status', { jobId: id });
        } catch {
          update((previous) => ({ ...previous, isRunning: false, current: null }));
          return;
        }
        update((previous) => ({
          ...previous,
          done: status.done,
          total: status.total,
          documents: status.documents,
          current: status.current?.fileName ?? null,
          failed: status.failed,
          cancelled: status.cancelled,
          isRunning: status.isRunning,
        }));
        if (!status.isRunning || !isMounted.current) return;
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    },
    [update],
  );

  const start = useCallback(
    async (batches: PrintBatchRow[], lang: PrintLanguage) => {
      if (batches.length === 0) return;
      if (!isElectron) {
        setProgress({ ...IDLE, total: batches.length });
        await download(batches, lang);
        return;
      }
      const { path } = await invokeWorkstation('app.chooseFolder', {});
      if (path === null) return;
      folder.current = path;
      setProgress({ ...IDLE, total: batches.length, folder: path, isRunning: true });
      const started = await invokeWorkstation('print.start', {
        accessToken: await freshToken(),
        outputDir: path,
        lang,
        batches: batches.map(({ key, kind, allocationId, venueId, roomId, part, fileName }) => ({ key, kind, allocationId, venueId, roomId, part, fileName })),
      });
      jobId.current = started.jobId;
      await follow(started.jobId);
    },
    [download, follow, isElectron],
  );

  const cancel = useCallback(async () => {
    cancelRequested.current = true;
    if (isElectron && jobId.current) await invokeWorkstation('print.cancel', { jobId: jobId.current });
  }, [isElectron]);

  const retryFailed = useCallback(
    async (batches: PrintBatchRow[], lang: PrintLanguage) => {
      const keys = new Set(progress.failed.map((failure) => failure.key));
      if (keys.size === 0) return;
      if (!isElectron) {
        update((previous) => ({ ...previous, failed: [] }));
        await download(
          batches.filter((batch) => keys.has(batch.key)),
          lang,
        );
        return;
      }
      if (!jobId.current) return;
      await invokeWorkstation('print.retry', { jobId: jobId.current, keys: [...keys], accessToken: await freshToken() });
      await follow(jobId.current);
    },
    [download, follow, isElectron, progress.failed, update],
  );

  const reset = useCallback(() => {
    jobId.current = null;
    setProgress(IDLE);
  }, []);

  return { progress, start, cancel, retryFailed, reset };
}
