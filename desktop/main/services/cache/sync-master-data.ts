import { HandlerFailure } from '../handler-definitions';
import type { CacheStore } from './sqlite-cache-store';
import type { CacheSyncResult, MasterDataChangePage } from './types';

export type SyncMasterDataOptions = {
  store: CacheStore;
  fetch: typeof fetch;
  apiBaseUrl: string;
  /** Used for these requests only; never written anywhere. */
  accessToken: string;
  /** Changes per page (the API allows at most 5000). */
  pageSize?: number;
  now?: () => Date;
};

export const SYNC_PAGE_SIZE = 2000;

type Envelope = { status: 1; message: string; data: unknown } | { status: 0; message: string; code: string };

function isChangePage(value: unknown): value is MasterDataChangePage {
  const page = value as Partial<MasterDataChangePage> | null;
  return typeof page === 'object' && page !== null && Array.isArray(page.changes) && typeof page.lastSeq === 'number' && typeof page.hasMore === 'boolean';
}

/**
 * Pulls GET /api/staff/master-data/changes from the cache's last position until hasMore is
 * false. Each page and its lastSeq are written in one transaction, so a sync
 * that stops halfway keeps every page before the failure and nothing of the failed one; the
 * next sync resumes from there.
 */
export async function syncMasterData(options: SyncMasterDataOptions): Promise<CacheSyncResult> {
  const { store, accessToken } = options;
  const base = options.apiBaseUrl.replace(/\/+$/, '');
  const pageSize = options.pageSize ?? SYNC_PAGE_SIZE;
  const now = options.now ?? (() => new Date());
  let pages = 0;
  let changes = 0;
  for (;;) {
    const since = store.readLastSeq();
    const url = `${base}/api/staff/master-data/changes?since=${since}&limit=${pageSize}`;
    let response: Response;
    try {
      response = await options.fetch(url, {
        headers: { Accept: 'application/json', Authorization: `Bearer ${accessToken}` },
      });
    } catch {
      throw new HandlerFailure('UNREACHABLE', 'The API could not be reached');
    }
    const body = (await response.json().catch(() => null)) as Envelope | null;
    if (body === null || (body.status !== 0 && body.status !== 1)) {
      throw new HandlerFailure('UNREACHABLE', `The API answered ${response.status} without an envelope`);
    }
    if (body.status === 0) {
      const code = body.code === 'INVALID_TOKEN' || body.code === 'UNAUTHENTICATED' ? body.code : 'API_REFUSED';
      throw new HandlerFailure(code, body.message);
    }
    if (!isChangePage(body.data)) throw new HandlerFailure('API_REFUSED', 'The change feed answered an unexpected shape');
    const page = body.data;
    store.applyChangePage(page.changes, page.lastSeq, page.hasMore ? null : now());
    pages += 1;
    changes += page.changes.length;
    // A page that does not move the position would loop forever; the feed promises progress.
    if (!page.hasMore || page.lastSeq <= since) {
      if (page.hasMore) store.applyChangePage([], page.lastSeq, now());
      break;
    }
  }
  return { status: store.readStatus(), pages, changes };
}
