import { join } from 'node:path';
import { createAppHandlers } from './app/app-handlers';
import type { AppInfo } from './app/types';
import { createCacheHandlers } from './cache/cache-handlers';
import { openCacheStore, type CacheStore } from './cache/sqlite-cache-store';
import { isHandlerName, type HandlerName, type Handlers } from './contract';
import { runHandlerDefinition, type HandlerDefinitions } from './handler-definitions';
import type { WorkstationResult } from './types';

export type WorkstationServicesOptions = {
  /** Folder for the workstation's own files (the cache database lives here). */
  dataDir: string;
  runtime: AppInfo['runtime'];
  /** The API the cache syncs from when a call names none (Electron's configured API). */
  apiBaseUrl?: string;
  /** The network edge of cache.sync; tests pass one that fails on purpose. */
  fetch?: typeof fetch;
};

export type WorkstationServices = {
  /** The typed handler map; every call validates its arguments like a remote call would. */
  handlers: Handlers;
  /** Runs a handler named by untrusted input (IPC or HTTP) and answers an envelope. */
  invoke(name: unknown, args: unknown): Promise<WorkstationResult<unknown>>;
  close(): void;
};

export const CACHE_FILE_NAME = 'master-data-cache.sqlite';

export function createWorkstationServices(options: WorkstationServicesOptions): WorkstationServices {
  // The SQLite file opens on first use, so starting the bridge or the window costs nothing.
  let cacheStore: CacheStore | undefined;
  const getCacheStore = () => (cacheStore ??= openCacheStore(join(options.dataDir, CACHE_FILE_NAME)));

  const definitions: HandlerDefinitions<Handlers> = {
    ...createAppHandlers(options.runtime),
    ...createCacheHandlers({
      getStore: getCacheStore,
      ...(options.apiBaseUrl ? { apiBaseUrl: options.apiBaseUrl } : {}),
      fetch: options.fetch ?? ((input, init) => fetch(input, init)),
    }),
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
