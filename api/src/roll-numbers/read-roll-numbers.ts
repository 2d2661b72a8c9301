import { suggestRollRange } from '@psc/core';
import { NUMBERED_APPLICATION, type Database } from '@psc/db';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../applications/rows-of';
import { AppError } from '../http/errors';
import { approvedCount, configuredRollRanges, takenRollRanges } from './generate-roll-numbers';

// What the generate/rollNo screen reads (spec §2 [SA]): the advertisements whose scrutiny is
// finalised with their approved counts, and one advertisement's ranges, result by centre and history.

const iso = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string).toISOString());
const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** The advertisements whose scrutiny is finalised, latest first, each with approved and numbered counts and its range if generated. */
export async function listRollNumberAdvertisements(db: Database) {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select ad.id, ad.code, ad.fiscal_year as "fiscalYear", p.name_en as "postNameEn", p.name_np as "postNameNp",
        (select count(*)::int from applications a where a.advertisement_id = ad.id and ${NUMBERED_APPLICATION}) as approved,
        (select count(*)::int from roll_numbers r where r.advertisement_id = ad.id) as numbered,
        s.roll_from as "rollFrom", s.roll_to as "rollTo", s.admit_cards_issued_at as "admitCardsIssuedAt"
      from scrutiny_finalisations f
      join advertisements ad on ad.id = f.advertisement_id
      left join posts p on p.id = ad.post_id
      left join roll_number_series s on s.advertisement_id = ad.id
      where f.reopened_at is null
      order by f.finalised_at desc, ad.id desc
      limit 500`),
  );
  return rows.map((row) => ({
    id: Number(row.id),
    code: row.code as string,
    fiscalYear: row.fiscalYear as string,
    postNameEn: (row.postNameEn as string | null) ?? null,
    postNameNp: (row.postNameNp as string | null) ?? null,
    approved: Number(row.approved),
    numbered: Number(row.numbered),
    rollFrom: numberOrNull(row.rollFrom),
    rollTo: numberOrNull(row.rollTo),
    admitCardsIssuedAt: iso(row.admitCardsIssuedAt),
  }));
}

/**
 * One advertisement as the screen shows it: its approved count, the office's configured ranges,
 * the ranges other advertisements hold, a suggested range, its own range, how many approved
 * candidates still lack a number, the numbers by centre (centre, from, to, count) and the history.
 */
export async function getRollNumberAdvertisement(db: Database, advertisementId: number) {
  const [advertisement] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select ad.id, ad.code, ad.fiscal_year as "fiscalYear", ad.organization_id as "organizationId", o.name_en as "officeNameEn", o.name_np as "officeNameNp",
        p.name_en as "postNameEn", p.name_np as "postNameNp",
        (f.advertisement_id is not null and f.reopened_at is null) as finalised,
        s.roll_from as "rollFrom", s.roll_to as "rollTo", s.generated_at as "generatedAt", s.admit_cards_issued_at as "admitCardsIssuedAt"
      from advertisements ad
      join organizations o on o.id = ad.organization_id
      left join posts p on p.id = ad.post_id
      left join scrutiny_finalisations f on f.advertisement_id = ad.id
      left join roll_number_series s on s.advertisement_id = ad.id
      where ad.id = ${advertisementId}`),
  );
  if (!advertisement) throw new AppError('NOT_FOUND');
  const organizationId = Number(advertisement.organizationId);
  const fiscalYear = advertisement.fiscalYear as string;
  const [approved, configured, taken, centres, history, missingRows] = await Promise.all([
    approvedCount(db, advertisementId),
    configuredRollRanges(db, organizationId, fiscalYear),
    takenRollRanges(db, organizationId, fiscalYear, advertisementId),
    db.execute(sql`
      select ec.id as "examCentreId", ec.name_en as "nameEn", ec.name_np as "nameNp", min(r.roll_number) as "rollFrom", max(r.roll_number) as "rollTo", count(*)::int as count
      from roll_numbers r join exam_centres ec on ec.id = r.exam_centre_id
      where r.advertisement_id = ${advertisementId}
      group by ec.id, ec.name_en, ec.name_np
      order by min(r.roll_number)`),
    db.execute(sql`
      select h.id, h.action, h.roll_from as "rollFrom", h.roll_to as "rollTo", h.assigned_count as "assignedCount", u.username as actor, h.at
      from roll_number_runs h join users u on u.id = h.actor_user_id
      where h.advertisement_id = ${advertisementId}
      order by h.id desc limit 100`),
    db.execute(sql`
      select count(*)::int as missing from applications a
      where a.advertisement_id = ${advertisementId} and ${NUMBERED_APPLICATION} and not exists (select 1 from roll_numbers r where r.application_id = a.id)`),
  ]);
  const ownRange = advertisement.rollFrom === null || advertisement.rollFrom === undefined ? null : { rollFrom: Number(advertisement.rollFrom), rollTo: Number(advertisement.rollTo) };
  return {
    id: Number(advertisement.id),
    code: advertisement.code as string,
    fiscalYear,
    officeNameEn: advertisement.officeNameEn as string,
    officeNameNp: advertisement.officeNameNp as string,
    postNameEn: (advertisement.postNameEn as string | null) ?? null,
    postNameNp: (advertisement.postNameNp as string | null) ?? null,
    finalised: Boolean(advertisement.finalised),
    approved,
    missing: Number(rowsOf<{ missing: number }>(missingRows)[0]?.missing ?? 0),
    configuredRanges: configured,
    takenRanges: taken,
    suggestedRange: suggestRollRange(approved, configured, taken),
    range: ownRange,
    generatedAt: iso(advertisement.generatedAt),
    admitCardsIssuedAt: iso(advertisement.admitCardsIssuedAt),
    byCentre: rowsOf<Record<string, unknown>>(centres).map((row) => ({
      examCentreId: Number(row.examCentreId),
      nameEn: row.nameEn as string,
      nameNp: row.nameNp as string,
      rollFrom: Number(row.rollFrom),
      rollTo: Number(row.rollTo),
      count: Number(row.count),
    })),
    history: rowsOf<Record<string, unknown>>(history).map((row) => ({
      id: Number(row.id),
      action: row.action as string,
      rollFrom: Number(row.rollFrom),
      rollTo: Number(row.rollTo),
      assignedCount: Number(row.assignedCount),
      actor: row.actor as string,
      at: iso(row.at),
    })),
  };
}
