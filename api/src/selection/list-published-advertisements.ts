import type { Database } from '@psc/db';
import { sql } from 'drizzle-orm';
import { cachedAdvertisementRead } from '../advertisements/advertisement-cache';
import { rowsOf } from '../applications/rows-of';

/** How many advertisements the public list shows, newest publication first. */
const LIMIT = 200;

export type PublishedSelectionAdvertisement = {
  advertisementCode: string;
  fiscalYear: string;
  postNameEn: string | null;
  postNameNp: string | null;
  /** The kinds published now: the written list, the final list, or both. */
  kinds: ('written' | 'final')[];
  /** The newest publication, on Nepal's clock (A.D.). */
  publishedOnAd: string;
};

/**
 * spec §1 "view selection results", §2: the advertisements whose written or final list is
 * published, so a visitor finds a list without knowing its code. Only published selections (a
 * draft or an unpublished one never shows). Every visitor reads the same rows on a results day, so
 * the answer is kept for the advertisement cache's few seconds; a publish or unpublish is a staff
 * write, which empties that cache at once.
 */
export function listPublishedSelectionAdvertisements(db: Database): Promise<PublishedSelectionAdvertisement[]> {
  return cachedAdvertisementRead(db, 'published-selection-advertisements', async () => {
    const rows = rowsOf<Record<string, unknown>>(
      await db.execute(sql`
        select ad.code as "advertisementCode", ad.fiscal_year as "fiscalYear", p.name_en as "postNameEn", p.name_np as "postNameNp",
          array_to_string(array_agg(s.kind order by s.kind desc), ',') as kinds,
          (max(s.published_at) at time zone 'Asia/Kathmandu')::date::text as "publishedOnAd"
        from selections s
        join advertisements ad on ad.id = s.advertisement_id
        left join posts p on p.id = ad.post_id
        where s.status = 'published'
        group by ad.id, ad.code, ad.fiscal_year, p.name_en, p.name_np
        order by max(s.published_at) desc, ad.id desc
        limit ${LIMIT}`),
    );
    return rows.map((row) => ({
      advertisementCode: String(row.advertisementCode),
      fiscalYear: String(row.fiscalYear),
      postNameEn: (row.postNameEn as string | null) ?? null,
      postNameNp: (row.postNameNp as string | null) ?? null,
      kinds: String(row.kinds).split(',') as ('written' | 'final')[],
      publishedOnAd: String(row.publishedOnAd),
    }));
  });
}
