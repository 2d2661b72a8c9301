import { todayAd } from '@psc/core';
import { oncePerDatabase, type Database } from '@psc/db';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../applications/rows-of';
import { readDashboardCountedAt } from '../dashboard/dashboard-counts';

// The public statistics feed: what the commission publishes anyway, as data for newsrooms and
// researchers. Counts only: no candidate's name, roll number or any personal detail, and only
// advertisements that are public (published, from their publish date in Nepal).

export type QuotaStatistics = {
  quotaCode: string;
  nameEn: string;
  nameNp: string;
  vacancies: number;
  applications: number;
  /** On the published written list (null until it is published). */
  shortlisted: number | null;
  /** Selected on the published final list (null until it is published). */
  selected: number | null;
};
export type AdvertisementStatistics = {
  code: string;
  fiscalYear: string;
  postNameEn: string | null;
  postNameNp: string | null;
  totalVacancy: number;
  publishDate: string | null;
  lastDateForSubmission: string | null;
  /** Candidates may still apply today (up to the double-fee deadline, spec §4). */
  isOpen: boolean;
  applications: number;
  quotas: QuotaStatistics[];
  /** Published result lists: written (shortlist) and final, with how many each names. */
  results: { kind: 'written' | 'final'; publishedOnAd: string; listed: number; selected: number }[];
};
export type PublicStatistics = {
  generatedAt: string;
  /** When the applications were counted (every minute, dashboard-counts.ts); null before the first count. */
  countedAt: string | null;
  advertisements: AdvertisementStatistics[];
};

/**
 * Reads the feed afresh: three statements over the public advertisements, their applications and
 * quota claims read from the last recount (dashboard-counts.ts).
 */
export async function readPublicStatistics(db: Database, now: Date = new Date()): Promise<PublicStatistics> {
  const today = todayAd(now);
  const shown = sql`select id from advertisements where status in ('published', 'closed') and published_at is not null and publish_date <= ${today}`;
  // The applications per advertisement and per quota line are the last recount's: grouping
  // 500,000 applications and a million claims here took 708 ms (scripts/benchmarks/dashboard.ts).
  const countedAt = await readDashboardCountedAt(db);
  const advertisements = rowsOf<Omit<AdvertisementStatistics, 'quotas' | 'results'> & { id: number }>(
    await db.execute(sql`
      with applied as (
        select key as advertisement_id, applications from dashboard_counts where scope = 'advertisement'
      )
      select ad.id, ad.code, ad.fiscal_year as "fiscalYear", p.name_en as "postNameEn", p.name_np as "postNameNp",
        ad.total_vacancy as "totalVacancy", ad.publish_date::text as "publishDate", ad.last_date_for_submission::text as "lastDateForSubmission",
        (ad.status = 'published' and coalesce(ad.double_fee_last_date, ad.last_date_for_submission) >= ${today}) as "isOpen",
        coalesce(ap.applications, 0) as applications
      from advertisements ad left join posts p on p.id = ad.post_id left join applied ap on ap.advertisement_id = ad.id
      where ad.id in (${shown})
      order by ad.publish_date desc, ad.code`),
  );
  const quotas = rowsOf<QuotaStatistics & { advertisementId: number }>(
    await db.execute(sql`
      with counted as (
        select key as advertisement_quota_id, applications from dashboard_counts where scope = 'quota'
      ), published as (
        select advertisement_id, bool_or(kind = 'written') as "hasWritten", bool_or(kind = 'final') as "hasFinal"
        from selections where status = 'published' and advertisement_id in (${shown}) group by advertisement_id
      ), listed as (
        select s.advertisement_id, e.quota_code,
          (count(*) filter (where s.kind = 'written'))::int as shortlisted,
          (count(*) filter (where s.kind = 'final' and e.outcome = 'selected'))::int as selected
        from selections s join selection_entries e on e.selection_id = s.id
        where s.status = 'published' and s.advertisement_id in (${shown})
        group by s.advertisement_id, e.quota_code
      )
      select aq.advertisement_id as "advertisementId", q.code as "quotaCode", q.name_en as "nameEn", q.name_np as "nameNp", aq.vacancies,
        coalesce(c.applications, 0) as applications,
        case when pb."hasWritten" then coalesce(l.shortlisted, 0) end as shortlisted,
        case when pb."hasFinal" then coalesce(l.selected, 0) end as selected
      from advertisement_quotas aq join quotas q on q.id = aq.quota_id
      left join counted c on c.advertisement_quota_id = aq.id
      left join published pb on pb.advertisement_id = aq.advertisement_id
      left join listed l on l.advertisement_id = aq.advertisement_id and l.quota_code = q.code
      where aq.advertisement_id in (${shown})
      order by aq.advertisement_id, aq.id`),
  );
  const results = rowsOf<AdvertisementStatistics['results'][number] & { advertisementId: number }>(
    await db.execute(sql`
      select s.advertisement_id as "advertisementId", s.kind, (s.published_at at time zone 'Asia/Kathmandu')::date::text as "publishedOnAd",
        count(e.application_id)::int as listed, (count(*) filter (where e.outcome = 'selected'))::int as selected
      from selections s left join selection_entries e on e.selection_id = s.id
      where s.status = 'published' and s.advertisement_id in (${shown})
      group by s.id
      order by s.advertisement_id, s.kind desc`),
  );
  return {
    generatedAt: now.toISOString(),
    countedAt,
    advertisements: advertisements.map(({ id, ...advertisement }) => ({
      ...advertisement,
      isOpen: Boolean(advertisement.isOpen),
      quotas: quotas.filter((quota) => quota.advertisementId === id).map(({ advertisementId: _, ...quota }) => quota),
      results: results.filter((result) => result.advertisementId === id).map(({ advertisementId: _, ...result }) => result),
    })),
  };
}

/** How long one API process keeps the feed before reading it again. */
export const PUBLIC_STATISTICS_TTL_MS = 60_000;

type Cached = { expiresAt: number; value: Promise<PublicStatistics> };
const cacheOf = oncePerDatabase((): { entry?: Cached } => ({}));

/**
 * The feed, read at most once a minute per API process however many ask (concurrent misses share
 * one read; a failed read is not kept).
 */
export function cachedPublicStatistics(db: Database, now: number = Date.now()): Promise<PublicStatistics> {
  const cache = cacheOf(db);
  if (cache.entry && cache.entry.expiresAt > now) return cache.entry.value;
  const entry: Cached = { expiresAt: now + PUBLIC_STATISTICS_TTL_MS, value: readPublicStatistics(db, new Date(now)) };
  cache.entry = entry;
  entry.value.catch(() => {
    if (cache.entry === entry) delete cache.entry;
  });
  return entry.value;
}

const CSV_COLUMNS = ['advertisementCode', 'fiscalYear', 'postNameEn', 'postNameNp', 'isOpen', 'quotaCode', 'quotaNameEn', 'quotaNameNp', 'vacancies', 'applications', 'shortlisted', 'selected'] as const;

/** RFC 4180: quote a field that holds a comma, quote or line break; double the quotes. */
function csvField(value: string | number | boolean | null): string {
  const text = value === null ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The feed as CSV: one line per advertisement and quota. */
export function publicStatisticsCsv(statistics: PublicStatistics): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const advertisement of statistics.advertisements) {
    for (const quota of advertisement.quotas) {
      lines.push(
        [
          advertisement.code,
          advertisement.fiscalYear,
          advertisement.postNameEn,
          advertisement.postNameNp,
          advertisement.isOpen,
          quota.quotaCode,
          quota.nameEn,
          quota.nameNp,
          quota.vacancies,
          quota.applications,
          quota.shortlisted,
          quota.selected,
        ]
          .map(csvField)
          .join(','),
      );
    }
  }
  // A byte-order mark so that Excel reads the Devanagari names as UTF-8.
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
