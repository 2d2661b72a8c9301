import { sql } from 'drizzle-orm';

// The roll-number statement (spec §2 generate/rollNo), in one place for the API's generation and
// the demo's: DESIGN "The exam half" numbers 100,000 rows in one set-based statement.

/** The applications that get roll numbers: approved, wholly or in part, and not deleted. */
export const NUMBERED_APPLICATION = sql`a.status in ('approved', 'partially-approved') and a.deleted_at is null`;

/**
 * The roll order as SQL (core's compareRollOrder): by the chosen exam centre's English name then
 * id, by the candidate's English full name, then by the application's id. `lower(...) collate "C"`
 * compares English letters without case and the same way on every server, whatever its default
 * collation.
 */
export const ROLL_ORDER = sql`lower(ec.name_en) collate "C", ec.id, lower(concat_ws(' ', u.first_name_en, u.middle_name_en, u.last_name_en)) collate "C", a.id`;

export type RollNumberSpace = { id: number; organizationId: number; fiscalYear: string };

/**
 * The one statement that numbers an advertisement's approved applications from `rollFrom` in the
 * roll order: `row_number()` over that order, inserted in one `insert ... select`. `onlyMissing`
 * numbers only those without a number yet (the late approvals), keeping everyone else's.
 */
export function numberApplicationsStatement(advertisement: RollNumberSpace, rollFrom: number, onlyMissing: boolean) {
  return sql`
    insert into roll_numbers (application_id, advertisement_id, organization_id, fiscal_year, roll_number, exam_centre_id)
    select a.id, a.advertisement_id, ${advertisement.organizationId}, ${advertisement.fiscalYear},
      ${rollFrom}::bigint + row_number() over (order by ${ROLL_ORDER}) - 1, a.exam_centre_id
    from applications a
    join exam_centres ec on ec.id = a.exam_centre_id
    join users u on u.id = a.user_id
    where a.advertisement_id = ${advertisement.id} and ${NUMBERED_APPLICATION}
      ${onlyMissing ? sql`and not exists (select 1 from roll_numbers r where r.application_id = a.id)` : sql``}`;
}
