import { z } from 'zod';
import { HandlerFailure, type HandlerDefinitions } from '../handler-definitions';
import type { PrintJobs } from './print-jobs';
import type { FolderHandlers, PrintHandlers } from './types';

const httpUrl = z.url({ protocol: /^https?$/ });
const token = z.string().min(1).max(8192);
const jobId = z.uuid();

const batch = z.strictObject({
  key: z.string().min(1).max(200),
  kind: z.enum(['admit-cards', 'attendance', 'room-list', 'door-list']),
  allocationId: z.number().int().positive(),
  venueId: z.number().int().positive().nullable(),
  roomId: z.number().int().positive().nullable(),
  part: z.number().int().min(1),
  fileName: z.string().min(5).max(200),
});

export function createPrintHandlers(jobs: PrintJobs): HandlerDefinitions<PrintHandlers> {
  return {
    'print.start': {
      // The token travels with each call and lives in memory only while the job has batches left.
      args: z.strictObject({
        apiBaseUrl: httpUrl.optional(),
        accessToken: token,
        outputDir: z.string().min(1).max(1000),
        lang: z.enum(['ne', 'en']),
        batches: z.array(batch).min(1).max(5000),
      }),
      run: (args) => jobs.start(args),
    },
    'print.status': { args: z.strictObject({ jobId }), run: ({ jobId }) => jobs.status(jobId) },
    'print.cancel': { args: z.strictObject({ jobId }), run: ({ jobId }) => jobs.cancel(jobId) },
    'print.retry': {
      args: z.strictObject({ jobId, keys: z.array(z.string().min(1).max(200)).min(1).max(5000), accessToken: token, apiBaseUrl: httpUrl.optional() }),
      run: ({ jobId, keys, accessToken, apiBaseUrl }) => jobs.retry(jobId, keys, accessToken, apiBaseUrl),
    },
  };
}

/** The system's folder dialog; only the installed workstation has one (main/index.ts passes it). */
export type ChooseFolder = () => Promise<string | null>;

export function createFolderHandlers(chooseFolder: ChooseFolder | undefined, remember: (path: string) => void): HandlerDefinitions<FolderHandlers> {
  return {
    'app.chooseFolder': {
      args: z.strictObject({}),
      run: async () => {
        // Over the loopback bridge there is no window to open a dialog in, and a page must not
        // name folders of this machine itself.
        if (!chooseFolder) throw new HandlerFailure('FORBIDDEN', 'Choosing a folder needs the installed workstation');
        const path = await chooseFolder();
        if (path !== null) remember(path);
        return { path };
      },
    },
  };
}
