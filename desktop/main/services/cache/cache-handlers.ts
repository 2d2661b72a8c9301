import { z } from 'zod';
import type { HandlerDefinitions } from '../handler-definitions';
import type { CacheStore } from './sqlite-cache-store';
import { syncMasterData } from './sync-master-data';
import type { CacheHandlers, MasterHandlers } from './types';

export type CacheHandlerDeps = {
  getStore: () => CacheStore;
  /** The configured API (Electron); the bridge has none and takes the page's origin from the call. */
  apiBaseUrl?: string;
  fetch: typeof fetch;
};

const masterType = z.string().regex(/^[a-z][a-z0-9_-]{0,63}$/);
const httpUrl = z.url({ protocol: /^https?$/ });

export function createCacheHandlers(deps: CacheHandlerDeps): HandlerDefinitions<CacheHandlers & MasterHandlers> {
  return {
    'cache.status': { args: z.strictObject({}), run: () => deps.getStore().readStatus() },
    'cache.clear': { args: z.strictObject({}), run: () => deps.getStore().clear() },
    'cache.sync': {
      // The token travels with each call and lives only as long as it (never written to disk).
      args: z.strictObject({ apiBaseUrl: httpUrl.optional(), accessToken: z.string().min(1).max(8192) }),
      run: ({ apiBaseUrl, accessToken }) => {
        const base = apiBaseUrl ?? deps.apiBaseUrl;
        if (!base) throw new Error('cache.sync needs apiBaseUrl: no API is configured');
        return syncMasterData({ store: deps.getStore(), fetch: deps.fetch, apiBaseUrl: base, accessToken });
      },
    },
    'master.list': {
      args: z.strictObject({
        type: masterType,
        search: z.string().max(200).optional(),
        page: z.number().int().min(1),
        pageSize: z.number().int().min(1).max(500),
      }),
      run: (args) => {
        const store = deps.getStore();
        return { ...store.listRows(args), lastSyncedAt: store.readStatus().lastSyncedAt };
      },
    },
    'master.get': {
      args: z.strictObject({ type: masterType, id: z.string().min(1).max(64) }),
      run: ({ type, id }) => deps.getStore().getRow(type, id),
    },
  };
}
