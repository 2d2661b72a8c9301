// The one typed contract between the renderer and the main-process services (STYLE: Actual
// Budget's handler maps). Each domain declares its own map; `Handlers` is their union. The
// preload and the renderer import only this file (and the type files it names).
import type { AppHandlers } from './app/types';
import type { CacheHandlers, MasterHandlers } from './cache/types';
import type { FolderHandlers, PrintHandlers } from './print/types';
import type { WorkstationResult } from './types';

export type { AppInfo } from './app/types';
export type {
  CacheStatus,
  CacheSyncArgs,
  CacheSyncResult,
  MasterDataChange,
  MasterListArgs,
  MasterListResult,
  MasterRow,
} from './cache/types';
export type {
  FolderHandlers,
  PrintBatch,
  PrintFailure,
  PrintFailureCode,
  PrintHandlers,
  PrintJobStatus,
  PrintKind,
  PrintLanguage,
  PrintStartArgs,
  PrintedFile,
} from './print/types';
export type { NoArgs, WorkstationErrorCode, WorkstationResult } from './types';

// `excel` joins here when it is built; the map lists only what exists.
export type Handlers = AppHandlers & FolderHandlers & CacheHandlers & MasterHandlers & PrintHandlers;

export type HandlerName = keyof Handlers;
export type HandlerArgs<N extends HandlerName> = Parameters<Handlers[N]>[0];
export type HandlerResult<N extends HandlerName> = Awaited<ReturnType<Handlers[N]>>;

/** Every handler name, at run time (the IPC registration and the preload walk this list). */
export const HANDLER_NAMES = [
  'app.info',
  'app.chooseFolder',
  'cache.status',
  'cache.clear',
  'cache.sync',
  'master.list',
  'master.get',
  'print.start',
  'print.status',
  'print.cancel',
  'print.retry',
] as const satisfies readonly HandlerName[];

// Fails to compile when a handler is added to `Handlers` but not to HANDLER_NAMES.
type MissingHandlerNames = Exclude<HandlerName, (typeof HANDLER_NAMES)[number]>;
const _everyHandlerIsNamed: MissingHandlerNames extends never ? true : MissingHandlerNames = true;

export function isHandlerName(value: unknown): value is HandlerName {
  return typeof value === 'string' && (HANDLER_NAMES as readonly string[]).includes(value);
}

/** One IPC channel per handler, so ipcMain validates each one separately. */
export function ipcChannelFor(name: HandlerName): string {
  return `workstation:${name}`;
}

/** The whole API the preload exposes to the renderer as `window.workstation`. */
export type WorkstationApi = {
  invoke: <N extends HandlerName>(name: N, args: HandlerArgs<N>) => Promise<WorkstationResult<HandlerResult<N>>>;
};
