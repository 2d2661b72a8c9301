import type { KeptComposeWorker } from '@psc/print-templates';
import { join, relative, resolve, isAbsolute } from 'node:path';
import { createAppHandlers } from './app/app-handlers';
import type { AppInfo } from './app/types';
import { createCacheHandlers } from './cache/cache-handlers';
import { openCacheStore, type CacheStore } from './cache/sqlite-cache-store';
import { isHandlerName, type HandlerName, type Handlers } from './contract';
import { runHandlerDefinition, type HandlerDefinitions } from './handler-definitions';
import { createFolderHandlers, createPrintHandlers, type ChooseFolder } from './print/print-handlers';
import { createPrintJobs, type BatchPdfRenderer, type ComposeBatchHtml, type ComposeRequest } from './print/print-jobs';
import type { WorkstationResult } from './types';

export type WorkstationServicesOptions = {
  /** Folder for the workstation's own files (the cache database lives here). */
  dataDir: string;
  runtime: AppInfo['runtime'];
  /** The API the cache syncs from when a call names none (Electron's configured API). */
  apiBaseUrl?: string;
  /** The network edge of cache.sync and print; tests pass one that fails on purpose. */
  fetch?: typeof fetch;
  /** The system's folder dialog (Electron only); without it app.chooseFolder refuses. */
  chooseFolder?: ChooseFolder;
  /** Chromium for printing; by default print-templates' own default (CHROMIUM_PATH, /usr/bin/chromium). */
  chromiumPath?: string;
  /** Replaces the document components (tests of the job machinery). */
  composeHtml?: ComposeBatchHtml;
};

export type WorkstationServices = {
  /** The typed handler map; every call validates its arguments like a remote call would. */
  handlers: Handlers;
  /** Runs a handler named by untrusted input (IPC or HTTP) and answers an envelope. */
  invoke(name: unknown, args: unknown): Promise<WorkstationResult<unknown>>;
  close(): void;
};

export const CACHE_FILE_NAME = 'master-data-cache.sqlite';
/** Without a chosen folder (the loopback bridge), printed files go under the data folder here. */
export const PRINTS_FOLDER_NAME = 'prints';

/**
 * The print compose worker's script: its TypeScript when the services run from sources (tsx,
 * vitest); built, the entry scripts/build-electron.mjs writes beside dist/main/index.js, which
 * holds this module.
 */
export function composeWorkerScript(moduleUrl: string = import.meta.url): URL {
  return new URL(moduleUrl.endsWith('.ts') ? './print/print-compose-worker.ts' : './print-compose-worker.js', moduleUrl);
}

function isInside(parent: string, child: string): boolean {
  const path = relative(parent, child);
  return path === '' || (!path.startsWith('..') && !isAbsolute(path));
}

export function createWorkstationServices(options: WorkstationServicesOptions): WorkstationServices {
  // The SQLite file opens on first use, so starting the bridge or the window costs nothing.
  let cacheStore: CacheStore | undefined;
  const getCacheStore = () => (cacheStore ??= openCacheStore(join(options.dataDir, CACHE_FILE_NAME)));

  // One Chromium per process, launched on the first print and kept for the next (DESIGN
  // "Documents"); the templates load then too, so starting the bridge or the window costs nothing.
  let renderer: Promise<BatchPdfRenderer & { close(): Promise<void> }> | undefined;
  const getRenderer = () => {
    renderer ??= import('@psc/print-templates').then(({ createPdfRenderer }) =>
      createPdfRenderer(options.chromiumPath ? { executablePath: options.chromiumPath } : {}),
    );
    // A launch that failed (no Chromium yet) is tried again by the next batch.
    renderer.catch(() => (renderer = undefined));
    return renderer;
  };
  // Batches are composed on one compose worker, started with the first batch and replaced when it
  // has stopped (keepComposeWorker).
  let composer: Promise<KeptComposeWorker<ComposeRequest>> | undefined;
  const composeHtml: ComposeBatchHtml =
    options.composeHtml ??
    (async (kind, documents, lang) => {
      composer ??= import('@psc/print-templates').then(({ keepComposeWorker }) => keepComposeWorker<ComposeRequest>(() => composeWorkerScript()));
      return (await composer).current().compose({ kind, documents, lang });
    });
  // Files may go only to a folder the user chose in this run, or under the data folder.
  const chosenFolders = new Set<string>();
  const printsRoot = resolve(options.dataDir, PRINTS_FOLDER_NAME);
  const printJobs = createPrintJobs({
    fetch: options.fetch ?? ((input, init) => fetch(input, init)),
    ...(options.apiBaseUrl ? { apiBaseUrl: options.apiBaseUrl } : {}),
    getRenderer,
    composeHtml,
    isAllowedOutputDir: (dir) => chosenFolders.has(resolve(dir)) || isInside(printsRoot, dir),
  });

  const definitions: HandlerDefinitions<Handlers> = {
    ...createAppHandlers(options.runtime),
    ...createCacheHandlers({
      getStore: getCacheStore,
      ...(options.apiBaseUrl ? { apiBaseUrl: options.apiBaseUrl } : {}),
      fetch: options.fetch ?? ((input, init) => fetch(input, init)),
    }),
    ...createPrintHandlers(printJobs),
    ...createFolderHandlers(options.chooseFolder, (path) => chosenFolders.add(resolve(path))),
  };

  async function invoke(name: unknown, args: unknown): Promise<WorkstationResult<unknown>> {
    if (!isHandlerName(name)) {
      return { status: 0, code: 'NOT_FOUND', message: `No workstation handler named ${String(name)}` };
    }
    return runHandlerDefinition(definitions[name], args, name);
  }

  const handlers = Object.fromEntries(
    (Object.keys(definitions) as HandlerName[]).map((name) => [
      name,
      async (args: unknown) => {
        const result = await invoke(name, args);
        if (result.status === 1) return result.data;
        throw new WorkstationServiceError(result.code, result.message);
      },
    ]),
  ) as Handlers;

  return {
    handlers,
    invoke,
    close() {
      cacheStore?.close();
      cacheStore = undefined;
      const closing = renderer;
      const closingComposer = composer;
      renderer = undefined;
      composer = undefined;
      void closing?.then((open) => open.close()).catch(() => undefined);
      void closingComposer?.then((open) => open.close()).catch(() => undefined);
    },
  };
}

export class WorkstationServiceError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'WorkstationServiceError';
  }
}
