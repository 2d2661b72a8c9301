import type { PaperCandidate } from '@psc/core';
import type { Database } from '@psc/db';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../applications/rows-of';
import { AppError } from '../http/errors';

// The candidates of one paper of an advertisement, as its seating gave them (spec §3 "Exam-centre
// allocation"): results are uploaded for the candidates seated for that paper, nobody else.

export type Sitting = { advertisementId: number; examPaperId: number; allocationId: number; fullMarks: number; passMarks: number; subjectNameEn: string; subjectNameNp: string };

export type SeatedCandidate = PaperCandidate & { applicationId: number; nameEn: string; nameNp: string | null; roomId: number | null };

/** The sitting: the paper's final centre allocation for this advertisement; 404 when there is none. */
export async function findSitting(db: Pick<Database, 'execute'>, advertisementId: number, examPaperId: number): Promise<Sitting> {
  const [sitting] = rowsOf<Sitting>(
    await db.execute(sql`
      select ca.advertisement_id as "advertisementId", ca.exam_paper_id as "examPaperId", ca.id as "allocationId",
        ep.full_marks as "fullMarks", ep.pass_marks as "passMarks", ep.subject_name_en as "subjectNameEn", ep.subject_name_np as "subjectNameNp"
      from centre_allocations ca join exam_papers ep on ep.id = ca.exam_paper_id
      where ca.advertisement_id = ${advertisementId} and ca.exam_paper_id = ${examPaperId} and ca.status in ('final', 'complete')`),
  );
  if (!sitting) throw new AppError('NOT_FOUND', { messageKey: 'results.paperNotFound' });
  return { ...sitting, allocationId: Number(sitting.allocationId), fullMarks: Number(sitting.fullMarks), passMarks: Number(sitting.passMarks) };
}

/** The seated candidates (of one room when given) with their stored attendance, by roll number. */
export async function seatedCandidates(db: Pick<Database, 'execute'>, sitting: Sitting, roomId?: number): Promise<SeatedCandidate[]> {
  const rows = rowsOf<{ applicationId: number; rollNumber: string | number; masterId: string | number; nameEn: string; nameNp: string | null; roomId: number | null; isPresent: boolean | null }>(
    await db.execute(sql`
      select sa.application_id as "applicationId", sa.roll_number as "rollNumber", u.master_id as "masterId",
        concat_ws(' ', u.first_name_en, u.middle_name_en, u.last_name_en) as "nameEn",
        nullif(concat_ws(' ', u.first_name_np, u.middle_name_np, u.last_name_np), '') as "nameNp",
        sa.room_id as "roomId", pr.is_present as "isPresent"
      from seat_assignments sa
      join applications a on a.id = sa.application_id
      join users u on u.id = a.user_id
      left join paper_results pr on pr.application_id = sa.application_id and pr.exam_paper_id = ${sitting.examPaperId}
      where sa.allocation_id = ${sitting.allocationId} ${roomId === undefined ? sql`` : sql`and sa.room_id = ${roomId}`}
      order by sa.roll_number`),
  );
  return rows.map((row) => ({
    applicationId: Number(row.applicationId),
    rollNumber: Number(row.rollNumber),
    masterId: String(row.masterId),
    nameEn: row.nameEn,
    nameNp: row.nameNp,
    names: row.nameNp ? [row.nameEn, row.nameNp] : [row.nameEn],
    roomId: row.roomId === null ? null : Number(row.roomId),
    isPresent: row.isPresent,
  }));
}

/**
 * The sittings results can be uploaded for: every paper with a final centre allocation, newest
 * exam first, with its rooms (for a room's template) and how many sit it.
 */
export async function listResultSittings(db: Pick<Database, 'execute'>) {
  const items = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select ca.advertisement_id as "advertisementId", ad.code as "advertisementCode", ca.exam_paper_id as "examPaperId",
        ep.subject_name_en as "paperEn", ep.subject_name_np as "paperNp", ep.full_marks as "fullMarks", ep.pass_marks as "passMarks",
        esp.exam_date::text as "examDate",
        (select count(*)::int from seat_assignments sa where sa.allocation_id = ca.id) as seated,
        coalesce((select jsonb_agg(jsonb_build_object('roomId', r.id, 'roomNumber', r.room_number, 'venueEn', v.name_en, 'venueNp', v.name_np) order by v.name_en, r.room_number)
          from exam_venue_rooms r join exam_venues v on v.id = r.venue_id
          where r.id in (select distinct sa.room_id from seat_assignments sa where sa.allocation_id = ca.id and sa.room_id is not null)), '[]'::jsonb) as rooms
      from centre_allocations ca
      join advertisements ad on ad.id = ca.advertisement_id
      join exam_papers ep on ep.id = ca.exam_paper_id
      left join exam_schedule_papers esp on esp.advertisement_id = ca.advertisement_id and esp.exam_paper_id = ca.exam_paper_id
      where ca.status in ('final', 'complete')
      order by esp.exam_date desc nulls last, ad.code, ep.paper_order
      limit 500`),
  );
  return { items };
}
