import type { Database } from '@psc/db';
import { attemptKeys, reservePasswordCheck, type AttemptKeys, type SignInLimits } from '../auth/rate-limit';
import { AppError } from '../http/errors';

// The public result lookup answers who holds a roll number and a date of birth: guessing the date
// of a known roll number (some 15,000 days) is the attack. So it counts its misses with the
// sign-in limiter (auth/rate-limit.ts), under its own keys, with the same limits: per roll number
// from one address, per address, and per roll number from all addresses (paced). A lookup that
// finds a result counts nothing and writes nothing (the release rush is all hits); but an address
// already refused gets no answer at all, or a refused guesser would still learn from the hits.

/**
 * The limiter's rows of one lookup: the roll number stands where sign-in puts an account, and the
 * address counts apart from its sign-in failures, so mistyped dates of birth never lock sign-in.
 */
export function lookupKeys(rollNumber: number, address: string): AttemptKeys {
  const keys = attemptKeys({ login: `result-lookup:${rollNumber}` }, address);
  return { ...keys, address: `result-lookup|${keys.address}` };
}

/** RATE_LIMITED (429, Retry-After), as sign-in refuses; the lookup's statement reads the limiter's rows with its result. */
export function lookupRefused(secondsLeft: number): AppError {
  const seconds = Math.max(1, secondsLeft);
  return new AppError('RATE_LIMITED', { headers: { 'Retry-After': String(seconds) }, messageParams: { seconds } });
}

/** A lookup that found nothing: counted as a failed guess, refused (429) past the limits. */
export async function countMissedLookup(db: Database, keys: AttemptKeys, limits: SignInLimits): Promise<void> {
  await reservePasswordCheck(db, keys, limits);
}
