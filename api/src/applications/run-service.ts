import type { Context } from 'hono';
import type { AppEnv } from '../context';
import { toApplicationAppError } from './application-errors';

/** Runs a service; its errors (eligibility, lock, field errors) become envelopes in the caller's language. */
export async function runService<T>(c: Context<AppEnv>, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw toApplicationAppError(error, c.get('lang'));
  }
}
