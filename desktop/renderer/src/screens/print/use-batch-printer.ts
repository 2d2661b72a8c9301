import { useEffect, useState } from 'react';
import { create } from 'zustand';
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

// The job outlives the screen: an officer may open other screens while 40 rooms print and come
// back to its progress, so the job and its state live at module level, not in the component.
const usePrintJobStore = create<{ progress: PrintProgress }>()(() => ({ progress: IDLE }));
const update = (next: (previous: PrintProgress) => PrintProgress) => usePrintJobStore.setState((state) => ({ progress: next(state.progress) }));
let isCancelRequested = false;
let electronJobId: string | null = null;
// The browser build's job: its batches and language, so a retry finds them whatever the screen shows.
let browserJob: { batches: PrintBatchRow[]; lang: PrintLanguage } | null = null;

/** Browser build: the API prints each batch; the page saves it and moves on to the next. */
async function downloadBatches(batches: PrintBatchRow[], lang: PrintLanguage) {
  isCancelRequested = false;
  update((previous) => ({ ...previous, isRunning: true, cancelled: false }));
  for (const batch of batches) {
    if (isCancelRequested) {
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
}

/** Electron: the main process prints; the screen only follows the job until it stops. */
async function followJob(jobId: string) {
  for (;;) {
    let status: PrintJobStatus;
    try {
      status = await invokeWorkstation('print.status', { jobId });
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
    if (!status.isRunning) return;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

async function startPrinting(isElectron: boolean, batches: PrintBatchRow[], lang: PrintLanguage) {
  if (batches.length === 0) return;
  if (!isElectron) {
    browserJob = { batches, lang };
    usePrintJobStore.setState({ progress: { ...IDLE, total: batches.length } });
    await downloadBatches(batches, lang);
    return;
  }
  const { path } = await invokeWorkstation('app.chooseFolder', {});
  if (path === null) return;
  usePrintJobStore.setState({ progress: { ...IDLE, total: batches.length, folder: path, isRunning: true } });
  const started = await invokeWorkstation('print.start', {
    accessToken: await freshToken(),
    outputDir: path,
    lang,
    batches: batches.map(({ key, kind, allocationId, venueId, roomId, part, fileName }) => ({ key, kind, allocationId, venueId, roomId, part, fileName })),
  });
  electronJobId = started.jobId;
  await followJob(started.jobId);
}

async function cancelPrinting(isElectron: boolean) {
  isCancelRequested = true;
  if (isElectron && electronJobId) await invokeWorkstation('print.cancel', { jobId: electronJobId });
}

async function retryFailedBatches(isElectron: boolean) {
  const keys = new Set(usePrintJobStore.getState().progress.failed.map((failure) => failure.key));
  if (keys.size === 0) return;
  if (!isElectron) {
    if (!browserJob) return;
    update((previous) => ({ ...previous, failed: [] }));
    await downloadBatches(
      browserJob.batches.filter((batch) => keys.has(batch.key)),
      browserJob.lang,
    );
    return;
  }
  if (!electronJobId) return;
  await invokeWorkstation('print.retry', { jobId: electronJobId, keys: [...keys], accessToken: await freshToken() });
  update((previous) => ({ ...previous, isRunning: true }));
  await followJob(electronJobId);
}

/** The print job of this window, shared by the print screens, and what they can do with it. */
export function useBatchPrinter(isElectron: boolean) {
  const progress = usePrintJobStore((state) => state.progress);
  return {
    progress,
    start: (batches: PrintBatchRow[], lang: PrintLanguage) => startPrinting(isElectron, batches, lang),
    cancel: () => cancelPrinting(isElectron),
    retryFailed: () => retryFailedBatches(isElectron),
    reset: () => {
      if (usePrintJobStore.getState().progress.isRunning) return;
      electronJobId = null;
      browserJob = null;
      usePrintJobStore.setState({ progress: IDLE });
    },
  };
}
