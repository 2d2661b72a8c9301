import { describe, expect, it } from 'vitest';
import { ERROR_CODES, getErrorStatus, isErrorCode, type ErrorCode } from './errors';
import { isMessageKey, translate } from './i18n';

const EXPECTED_STATUSES: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  INVALID_GRANT: 400,
  INVALID_CREDENTIALS: 401,
  INVALID_CLIENT: 401,
  INVALID_TOKEN: 401,
  UNAUTHENTICATED: 401,
  USER_BLOCKED: 403,
  FORBIDDEN: 403,
  REFUSED: 403,
  PASSWORD_CHANGE_REQUIRED: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  ADMIT_CARD_NOT_CONFIRMED: 409,
  PROFILE_LOCKED: 423,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  APPLICATION_EXPIRED: 422,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
};

describe('ERROR_CODES', () => {
  it('is exactly the agreed closed set, each with its HTTP status', () => {
    expect(Object.keys(ERROR_CODES).sort()).toEqual(Object.keys(EXPECTED_STATUSES).sort());
    for (const [code, status] of Object.entries(EXPECTED_STATUSES)) {
      expect(getErrorStatus(code as ErrorCode), code).toBe(status);
    }
  });

  it('gives every code its own message key, translated in both languages', () => {
    for (const [code, { messageKey }] of Object.entries(ERROR_CODES)) {
      expect(messageKey).toBe(`error.${code}`);
      expect(isMessageKey(messageKey)).toBe(true);
      expect(translate('ne', messageKey)).not.toBe(translate('en', messageKey));
    }
  });

  it('says the contract’s words for a wrong password and a blocked user', () => {
    expect(translate('en', ERROR_CODES.INVALID_CREDENTIALS.messageKey)).toBe('Invalid user name or password');
    expect(translate('en', ERROR_CODES.USER_BLOCKED.messageKey)).toBe('This user has been blocked');
  });
});

describe('isErrorCode', () => {
  it('accepts the codes and nothing else', () => {
    expect(isErrorCode('INVALID_TOKEN')).toBe(true);
    expect(isErrorCode('invalid_token')).toBe(false);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode(401)).toBe(false);
  });
});
