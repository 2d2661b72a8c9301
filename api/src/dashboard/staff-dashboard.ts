import { todayAd } from '@psc/core';
import type { Database } from '@psc/db';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../applications/rows-of';

// The staff dashboard (spec §2 "The dashboard shows counts for Nepal and the world and subject
// movement"). The counts of live applications by place and per advertisement are read from the
// last recount (dashboard-counts.ts, every minute); the rest is one statement each over the whole
// table (scripts/benchmarks/dashboard.ts times each against 500,000 applications). The handle
// passed is the read replica's when one is configured.

export type DistrictCount = { provinceId: number; districtId: number; nameEn: string; nameNp: string; candidates: number; applications: number };
export type ProvinceCount = { provinceId: number; nameEn: string; nameNp: string; candidates: number; applications: number };
export type CandidatesByPlace = {
  provinces: ProvinceCount[];
  districts: DistrictCount[];
  /** Candidates, and their applications, with no permanent address in Nepal given yet. */
  withoutAddress: { candidates: number; applications: number };
};

/**
 * Candidates and their live applications by the province and district of the permanent address
 * (spec §3 candidate address). Every district is listed, with zero where no one lives.
 *
 * Read from the last recount (dashboard-counts.ts): grouping the applications here took 324 ms
 * over 500,000 applications, over the 300 ms (scripts/benchmarks/dashboard.ts).
 */
export async function countCandidatesByPlace(db: Database): Promise<CandidatesByPlace> {
  const rows = rowsOf<Omit<DistrictCount, 'provinceId' | 'districtId'> & { provinceId: number | null; districtId: number | null }>(
    await db.execute(sql`
      select * from (
        select d.province_id as "provinceId", d.id as "districtId", d.name_en as "nameEn", d.name_np as "nameNp",
          coalesce(c.candidates, 0) as candidates, coalesce(c.applications, 0) as applications
        from districts d left join dashboard_counts c on c.scope = 'district' and c.key = d.id
        union all
        select null, null, '', '', candidates, applications from dashboard_counts where scope = 'unplaced'
      ) counted
      order by "provinceId" nulls last, "districtId"`),
  );
  const districts = rows.filter((row): row is DistrictCount => row.districtId !== null);
  const unplaced = rows.find((row) => row.districtId === null);
  const provinceNames = rowsOf<{ id: number; nameEn: string; nameNp: string }>(
    await db.execute(sql`select id, name_en as "nameEn", name_np as "nameNp" from provinces order by id`),
  );
  const provinces = provinceNames.map((province) => {
    const inProvince = districts.filter((district) => district.provinceId === province.id);
    return {
      provinceId: province.id,
      nameEn: province.nameEn,
      nameNp: province.nameNp,
      candidates: inProvince.reduce((sum, district) => sum + district.candidates, 0),
      applications: inProvince.reduce((sum, district) => sum + district.applications, 0),
    };
  });
  return { provinces, districts, withoutAddress: unplaced ? { candidates: unplaced.candidates, applications: unplaced.applications } : { candidates: 0, applications: 0 } };
}

export type CountryCount = { countryId: number; code: string; nameEn: string; nameNp: string; candidates: number; applications: number };

/**
 * Candidates living abroad, and their live applications, by the country of their mailing address
 * abroad (spec §2 "counts for Nepal and the world"): the countries with at least one, most
 * candidates first. Their permanent address in Nepal counts them in countCandidatesByPlace too.
 * Each candidate's applications are counted from applications_live_user_idx, one look-up each.
 */
export async function countCandidatesByCountry(db: Database): Promise<CountryCount[]> {
  return rowsOf<CountryCount>(
    await db.execute(sql`
      select c.id as "countryId", c.code, c.name_en as "nameEn", c.name_np as "nameNp", count(*)::int as candidates,
        coalesce(sum((select count(*) from applications a where a.user_id = ab.user_id and a.deleted_at is null)), 0)::int as applications
      from candidate_addresses_abroad ab join countries c on c.id = ab.country_id
      group by c.id
      order by candidates desc, c.name_en`),
  );
}

/** The stages an application moves through, in order (spec §4, from applying to the final list). */
export const APPLICATION_STAGES = ['submitted', 'paid', 'scrutinised', 'rollNumber', 'sat', 'passed', 'selected'] as const;
export type ApplicationStage = (typeof APPLICATION_STAGES)[number];

export type StageMovement = {
  advertisementId: number;
  advertisementCode: string;
  fiscalYear: string;
  postNameEn: string | null;
  postNameNp: string | null;
} & Record<ApplicationStage, number>;

export type StageFilter = { fiscalYear?: string | undefined; advertisementCode?: string | undefined };

/**
 * How many of each advertisement's live applications reached each stage: submitted, paid,
 * scrutinised (approved, partly approved or rejected), given a roll number, sat (present in at
 * least one paper), passed the written exam (on its published written list) and selected (on its
 * published final list). Advertisements with no application are left out. Submitted, paid and
 * scrutinised come from the last recount (dashboard-counts.ts); the later stages, written long
 * after the applications close, are counted here.
 */
export async function countStageMovement(db: Database, filter: StageFilter = {}): Promise<StageMovement[]> {
  const conditions = [sql`true`];
  if (filter.fiscalYear) conditions.push(sql`ad.fiscal_year = ${filter.fiscalYear}`);
  if (filter.advertisementCode) conditions.push(sql`ad.code = ${filter.advertisementCode}`);
  const chosen = sql`select ad.id from advertisements ad where ${sql.join(conditions, sql` and `)}`;
  return rowsOf<StageMovement>(
    await db.execute(sql`
      with applied as (
        select key as advertisement_id, applications as submitted, paid, scrutinised
        from dashboard_counts where scope = 'advertisement' and applications > 0 and key in (${chosen})
      ), numbered as (
        select advertisement_id, count(*)::int as n from roll_numbers where advertisement_id in (${chosen}) group by advertisement_id
      ), sat as (
        select advertisement_id, count(distinct application_id)::int as n from paper_results
        where is_present and advertisement_id in (${chosen}) group by advertisement_id
      ), listed as (
        select s.advertisement_id,
          (count(distinct e.application_id) filter (where s.kind = 'written'))::int as passed,
          (count(*) filter (where s.kind = 'final' and e.outcome = 'selected'))::int as selected
        from selections s join selection_entries e on e.selection_id = s.id
        where s.status = 'published' and s.advertisement_id in (${chosen}) group by s.advertisement_id
      )
      select ad.id as "advertisementId", ad.code as "advertisementCode", ad.fiscal_year as "fiscalYear",
        p.name_en as "postNameEn", p.name_np as "postNameNp",
        ap.submitted, ap.paid, ap.scrutinised, coalesce(nb.n, 0) as "rollNumber", coalesce(st.n, 0) as sat,
        coalesce(ls.passed, 0) as passed, coalesce(ls.selected, 0) as selected
      from applied ap
      join advertisements ad on ad.id = ap.advertisement_id
      left join posts p on p.id = ad.post_id
      left join numbered nb on nb.advertisement_id = ad.id
      left join sat st on st.advertisement_id = ad.id
      left join listed ls on ls.advertisement_id = ad.id
      order by ad.fiscal_year desc, ad.code`),
  );
}

/** The fiscal years that have advertisements, newest first (the dashboard's filter). */
export async function listDashboardFiscalYears(db: Database): Promise<string[]> {
  return rowsOf<{ fiscalYear: string }>(await db.execute(sql`select distinct fiscal_year as "fiscalYear" from advertisements order by 1 desc`)).map(
    (row) => row.fiscalYear,
  );
}

export type TodayCounts = { dayAd: string; applications: number; payments: number; amount: number };

/**
 * Applications submitted and payments settled (completed online or verified) since midnight in
 * Nepal, with the rupees paid.
 */
export async function countToday(db: Database, now: Date = new Date()): Promise<TodayCounts> {
  const dayAd = todayAd(now);
  // Nepal keeps UTC+05:45 all year (core calendar/today.ts).
  const since = new Date(`${dayAd}T00:00:00+05:45`).toISOString();
  const [row] = rowsOf<{ applications: number; payments: number; amount: number }>(
    await db.execute(sql`
      select (select count(*)::int from applications where submitted_at >= ${since}::timestamptz and deleted_at is null) as applications,
        count(*)::int as payments, coalesce(sum(amount), 0)::bigint as amount
      from payments
      where status in ('completed', 'verified') and coalesce(verified_at, paid_on, updated_at) >= ${since}::timestamptz`),
  );
  return { dayAd, applications: row?.applications ?? 0, payments: row?.payments ?? 0, amount: Number(row?.amount ?? 0) };
}
