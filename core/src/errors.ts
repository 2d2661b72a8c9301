import type { MessageKey } from './i18n/en';

type ErrorDefinition = { status: number; messageKey: MessageKey };

/**
 * The closed set of error codes the API answers with (DESIGN "Envelope", STYLE §4): each code has
 * exactly one HTTP status and one message in both languages. Clients branch on `code`, never on
 * the message text.
 */
export const ERROR_CODES = {
  VALIDATION_FAILED: { status: 400, messageKey: 'error.VALIDATION_FAILED' },
  BAD_REQUEST: { status: 400, messageKey: 'error.BAD_REQUEST' },
  // OAuth: a refresh token that is unknown, expired or re-used (the family is then revoked).
  INVALID_GRANT: { status: 400, messageKey: 'error.INVALID_GRANT' },
  INVALID_CREDENTIALS: { status: 401, messageKey: 'error.INVALID_CREDENTIALS' },
  INVALID_CLIENT: { status: 401, messageKey: 'error.INVALID_CLIENT' },
  // The client refreshes silently once and retries (spec §8).
  INVALID_TOKEN: { status: 401, messageKey: 'error.INVALID_TOKEN' },
  // The client clears its tokens and says "Your session has expired." (spec §8).
  UNAUTHENTICATED: { status: 401, messageKey: 'error.UNAUTHENTICATED' },
  USER_BLOCKED: { status: 403, messageKey: 'error.USER_BLOCKED' },
  FORBIDDEN: { status: 403, messageKey: 'error.FORBIDDEN' },
  // A rule refuses this user this record (held by another officer, a second officer must approve):
  // unlike FORBIDDEN, no change of privileges would help, so the client does not refresh and retry.
  REFUSED: { status: 403, messageKey: 'error.REFUSED' },
  PASSWORD_CHANGE_REQUIRED: { status: 403, messageKey: 'error.PASSWORD_CHANGE_REQUIRED' },
  NOT_FOUND: { status: 404, messageKey: 'error.NOT_FOUND' },
  METHOD_NOT_ALLOWED: { status: 405, messageKey: 'error.METHOD_NOT_ALLOWED' },
  CONFLICT: { status: 409, messageKey: 'error.CONFLICT' },
  // spec §7 "Admit card: generate, confirm, download": the card is shown once the candidate confirms they will sit.
  ADMIT_CARD_NOT_CONFIRMED: { status: 409, messageKey: 'error.ADMIT_CARD_NOT_CONFIRMED' },
  // Staff locked the candidate's profile (spec §4 "Profile ... locked or unlocked"); {date} is its end.
  PROFILE_LOCKED: { status: 423, messageKey: 'error.PROFILE_LOCKED' },
  PAYLOAD_TOO_LARGE: { status: 413, messageKey: 'error.PAYLOAD_TOO_LARGE' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, messageKey: 'error.UNSUPPORTED_MEDIA_TYPE' },
  UNPROCESSABLE: { status: 422, messageKey: 'error.UNPROCESSABLE' },
  APPLICATION_EXPIRED: { status: 422, messageKey: 'error.APPLICATION_EXPIRED' },
  // Answered with a Retry-After header.
  RATE_LIMITED: { status: 429, messageKey: 'error.RATE_LIMITED' },
  INTERNAL_ERROR: { status: 500, messageKey: 'error.INTERNAL_ERROR' },
  SERVICE_UNAVAILABLE: { status: 503, messageKey: 'error.SERVICE_UNAVAILABLE' },
} as const satisfies Record<string, ErrorDefinition>;

export type ErrorCode = keyof typeof ERROR_CODES;

export type ErrorStatus = (typeof ERROR_CODES)[ErrorCode]['status'];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);
}

export function getErrorStatus(code: ErrorCode): ErrorStatus {
  return ERROR_CODES[code].status;
}
