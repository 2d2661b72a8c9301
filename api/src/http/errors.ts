import { ERROR_CODES, type ErrorCode, type MessageKey } from '@psc/core';
import { HTTPException } from 'hono/http-exception';
import { findPostgresCode } from './database-errors';

// STYLE §4 / Unkey: one error type with a closed set of codes; each code has one HTTP status
// and one message key (core/src/errors.ts).
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly messageKey: MessageKey;
  readonly messageParams: Record<string, string | number> | undefined;
  /** Per-field messages, already translated, for VALIDATION_FAILED. */
  readonly errors: Record<string, string[]> | undefined;
  /** Extra headers for the answer, such as Retry-After. */
  readonly headers: Record<string, string> | undefined;

  constructor(
    code: ErrorCode,
    options: {
      messageKey?: MessageKey;
      messageParams?: Record<string, string | number>;
      errors?: Record<string, string[]>;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(code);
    this.code = code;
    this.status = ERROR_CODES[code].status;
    this.messageKey = options.messageKey ?? ERROR_CODES[code].messageKey;
    this.messageParams = options.messageParams;
    this.errors = options.errors;
    this.headers = options.headers;
  }
}

/** Maps the status of an error thrown by Hono itself (body parsing, body limit) to our code. */
export function codeForHttpStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
      return 'BAD_REQUEST';
    case 401:
      return 'UNAUTHENTICATED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 405:
      return 'METHOD_NOT_ALLOWED';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 429:
      return 'RATE_LIMITED';
    default:
      return status >= 500 ? 'INTERNAL_ERROR' : 'BAD_REQUEST';
  }
}

// SQLSTATEs PostgreSQL answers for text it cannot store: a NUL byte in text (22021) and \u0000
// in JSON (22P05). Nothing else in the input can produce them.
const UNSTORABLE_TEXT = new Set(['22021', '22P05']);

/**
 * What the client is told of an error that is not an AppError: text PostgreSQL cannot store is
 * the caller's input, answered 400 in their language (nothing was written: the statement
 * failed); anything else is ours.
 */
export function appErrorOf(error: unknown): AppError | undefined {
  if (error instanceof AppError) return error;
  if (error instanceof HTTPException) return new AppError(codeForHttpStatus(error.status));
  const sqlState = findPostgresCode(error);
  if (sqlState && UNSTORABLE_TEXT.has(sqlState)) return new AppError('BAD_REQUEST', { messageKey: 'validation.nullCharacter' });
  return undefined;
}
