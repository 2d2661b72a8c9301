// Shapes shared by every service domain and by both transports (IPC and the loopback bridge).
// Type-only on purpose: the renderer and the preload import this file, so it must not pull in
// Node, Electron or better-sqlite3 types.

/** A handler that takes no arguments still receives `{}`, so both transports look alike. */
export type NoArgs = Record<string, never>;

export type WorkstationErrorCode =
  | 'VALIDATION_FAILED'
  | 'NOT_FOUND'
  | 'FORBIDDEN'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'INTERNAL_ERROR'
  // cache.sync: the API did not answer, or answered with a failure (its code is passed on).
  | 'UNREACHABLE'
  | 'INVALID_TOKEN'
  | 'UNAUTHENTICATED'
  | 'API_REFUSED';

/**
 * What every handler call answers, over IPC and over the bridge alike. It follows the API's
 * envelope (DESIGN "Envelope") so the renderer reads one shape everywhere.
 */
export type WorkstationResult<T> =
  | { status: 1; message: string; data: T }
  | { status: 0; message: string; code: WorkstationErrorCode; errors?: Record<string, string[]> };
