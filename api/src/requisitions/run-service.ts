import type { Context } from 'hono';
import type { AppEnv } from '../context';
import { translateWriteError } from '../master/master-rows';
import { toAppError } from '../profile/profile-errors';

/**
 * Runs a recruitment service for a route: the service's field refusals become VALIDATION_FAILED
 * in the caller's language, and the database's own refusals (a reference that does not exist, a
 * duplicate) become 422 and 409 instead of a 500.
 */
export async function runService<T>(c: Context<AppEnv>, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const converted = toAppError(error, c.get('lang'));
    if (converted !== error) throw converted;
    return translateWriteError(error);
  }
}
