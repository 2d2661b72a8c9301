import { ERROR_CODES, type ErrorCode, type MessageKey } from '@psc/core';

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
