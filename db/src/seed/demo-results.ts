import { addDaysAd, todayAd } from '@psc/core';
import { and, eq, sql } from 'drizzle-orm';
import { advertisements, requisitions } from '../schema/index';
import type { DemoContext } from './demo-stages';

// Results (spec §2 upload-attendance, candidate-result, attendance-verification,
// result-verification, report-by-quota [POEC]): the old admit-card demo's exam was ten days ago,
// so its three papers have their attendance and marks uploaded by `results.clerk` and verified by
// `results.verifier` (a second user: the API refuses the uploader verifying their own rows). Four
// of the five candidates sat every paper; the last by roll number was absent throughout. The
// verification lists, the status and the report by quota show these rows, and selection reads them.

/** Marks of a present candidate: varied, repeatable, some under the pass marks. */
function demoMarks(rollNumber: number, paperIndex: number, fullMarks: number): number {
  const share = 0.3 + ((rollNumber * 7 + paperIndex * 13) % 50) / 100;
  return Math.round(fullMarks * share * 100) / 100;
}

export async function seedResultsDemo(context: DemoContext): Promise<void> {
  const { db, accounts, office } = context;
  const [advertisement] = await db
    .select({ id: advertisements.id })
    .from(advertisements)
    .innerJoin(requisitions, eq(requisitions.id, advertisements.requisitionId))
    .where(and(eq(requisitions.requisitionNo, `DEMO-old-admit-cards-${office.fiscalYear}`), eq(advertisements.organizationId, office.organizationId)))
    .limit(1);
  if (!advertisement) return;
  const rows = (result: unknown) => (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, unknown>[];
  const [already] = rows(await db.execute(sql`select 1 from paper_results where advertisement_id = ${advertisement.id} limit 1`));
  if (already) return;
  const sittings = rows(
    await db.execute(sql`
      select ca.id as "allocationId", ca.exam_paper_id as "examPaperId", ep.full_marks as "fullMarks", ep.pass_marks as "passMarks"
      from centre_allocations ca join exam_papers ep on ep.id = ca.exam_paper_id
      left join exam_schedule_papers esp on esp.advertisement_id = ca.advertisement_id and esp.exam_paper_id = ca.exam_paper_id
      where ca.advertisement_id = ${advertisement.id} and ca.status in ('final', 'complete') order by esp.exam_date, esp.start_time, ep.paper_order`),
  );
  // ISO text cast in SQL: postgres.js takes no Date as a raw statement's parameter.
  const uploadedAt = `${addDaysAd(todayAd(), -5)}T06:00:00Z`;
  const verifiedAt = `${addDaysAd(todayAd(), -4)}T06:00:00Z`;
  for (const [index, sitting] of sittings.entries()) {
    const seats = rows(
      await db.execute(sql`
        select sa.application_id as "applicationId", sa.roll_number::float8 as "rollNumber", a.user_id = ${accounts.applicant} as "isApplicant"
        from seat_assignments sa join applications a on a.id = sa.application_id where sa.allocation_id = ${sitting.allocationId} order by sa.roll_number`),
    );
    if (seats.length === 0) continue;
    const upload = async (kind: 'attendance' | 'marks') =>
      Number(
        rows(
          await db.execute(sql`
            insert into result_uploads (advertisement_id, exam_paper_id, kind, file_name, row_count, uploaded_by, uploaded_at)
            values (${advertisement.id}, ${sitting.examPaperId}, ${kind}, ${`${kind}-paper-${index + 1}.xlsx`}, ${seats.length}, ${accounts.resultsClerk}, ${uploadedAt}::timestamptz) returning id`),
        )[0]!.id,
      );
    const attendanceUpload = await upload('attendance');
    const marksUpload = await upload('marks');
    const lastRoll = Number(seats[seats.length - 1]!.rollNumber);
    for (const seat of seats) {
      const rollNumber = Number(seat.rollNumber);
      const isPresent = rollNumber !== lastRoll;
      const fullMarks = Number(sitting.fullMarks);
      // The demo applicant's are the ones her results page shows (portal e2e): 70, 74.5, ... in the order sat, within the paper.
      const marks = !isPresent ? null : seat.isApplicant ? Math.min(70 + index * 4.5, fullMarks * 0.8) : demoMarks(rollNumber, index, fullMarks);
      await db.execute(sql`
        insert into paper_results (application_id, exam_paper_id, advertisement_id, roll_number, is_present, attendance_status, attendance_upload_id, attendance_verified_by, attendance_verified_at,
          marks, is_pass, remarks, marks_status, marks_upload_id, marks_verified_by, marks_verified_at)
        values (${seat.applicationId}, ${sitting.examPaperId}, ${advertisement.id}, ${rollNumber}, ${isPresent}, 'verified', ${attendanceUpload}, ${accounts.resultsVerifier}, ${verifiedAt}::timestamptz,
          ${marks}, ${marks === null ? null : marks >= Number(sitting.passMarks)}, ${isPresent ? null : 'absent'}, 'verified', ${marksUpload}, ${accounts.resultsVerifier}, ${verifiedAt}::timestamptz)`);
    }
  }
}
