import { adToBs, formatAdDate, formatBsDate, translate, type Language, type MessageKey, type MessageParams } from '@psc/core';
import { AppError } from '../http/errors';

/**
 * Services know no language (STYLE §2: they never see a request); these two errors carry
 * message keys and dates, and the routes turn them into the envelope in the caller's language.
 */
export class ProfileLockedError extends Error {
  /** The A.D. date (Nepal time) the lock ends. */
  readonly lockedUntilAd: string;
  constructor(lockedUntilAd: string) {
    super('PROFILE_LOCKED');
    this.lockedUntilAd = lockedUntilAd;
  }
}

/** A change the profile's present state forbids (409), with the message that says why. */
export class ProfileConflictError extends Error {
  readonly messageKey: MessageKey;
  constructor(messageKey: MessageKey) {
    super('CONFLICT');
    this.messageKey = messageKey;
  }
}

/** Per-field refusals found by a service (a reference that does not exist, a missing file...). */
export class FieldErrors extends Error {
  readonly fields: Record<string, MessageKey[]>;
  readonly params: MessageParams | undefined;
  constructor(fields: Record<string, MessageKey[]>, params?: MessageParams) {
    super('VALIDATION_FAILED');
    this.fields = fields;
    this.params = params;
  }
}

export function translateFieldErrors(fields: Record<string, MessageKey[]>, lang: Language, params?: MessageParams): Record<string, string[]> {
  return Object.fromEntries(Object.entries(fields).map(([field, keys]) => [field, keys.map((key) => translate(lang, key, params))]));
}

/** Nepali readers get the B.S. date, English readers the A.D. date (spec §1, DESIGN "Dates"). */
function formatLockEnd(ad: string, lang: Language): string {
  return lang === 'ne' ? formatBsDate(adToBs(ad), 'ne', 'long') : formatAdDate(ad, 'en', 'long');
}

/** The envelope error for a service's error; anything else passes through unchanged. */
export function toAppError(error: unknown, lang: Language): unknown {
  if (error instanceof ProfileLockedError) {
    return new AppError('PROFILE_LOCKED', { messageParams: { date: formatLockEnd(error.lockedUntilAd, lang) } });
  }
  if (error instanceof ProfileConflictError) return new AppError('CONFLICT', { messageKey: error.messageKey });
  if (error instanceof FieldErrors) {
    return new AppError('VALIDATION_FAILED', { errors: translateFieldErrors(error.fields, lang, error.params) });
  }
  return error;
}
