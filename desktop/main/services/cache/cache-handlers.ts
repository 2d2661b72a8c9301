import { z } from 'zod';
import type { HandlerDefinitions } from '../handler-definitions';
import type { CacheStore } from './sqlite-cache-store';
import type { CacheHandlers } from './types';

// Syncing from the API arrives with the master-data issue (no public reference endpoints yet);
// until then the workstation can read and clear its copy.
export function createCacheHandlers(getStore: () => CacheStore): HandlerDefinitions<CacheHandlers> {
  return {
    'cache.status': { args: z.strictObject({}), run: () => getStore().readStatus() },
    'cache.clear': { args: z.strictObject({}), run: () => getStore().clear() },
  };
}
