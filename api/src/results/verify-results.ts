import type { ResultRowStatus } from '@psc/core';
import type { Database } from '@psc/db';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '../applications/rows-of';
import { recordAudit } from '../audit/record-audit';
import type { FileStorage } from '../files/file-storage';
import { AppError } from '../http/errors';

// spec §2 attendance-verification and result-verification (pending, verified, status/{advtCode});
// spec §4 "Attendance and result: pending or verified lists; verify, revert, verify all, revert
// all". A second user verifies: the rows of an upload are never verified by its uploader. Marks
// are verified once the attendance is, and the attendance is reverted only while the marks are
// not verified, so a verified mark always stands on a verified attendance. Selection reads only
// verified rows.

export type VerifiedPart = 'attendance' | 'marks';

export type RowFilter = {
  advertisementId: number;
  examPaperId?: number | undefined;
  part: VerifiedPart;
  status?: ResultRowStatus | undefined;
  masterId?: number | undefined;
  rollNumber?: number | undefined;
  page: number;
  pageSize: number;
};

type Actor = { actorUserId: number; requestId?: string | undefined; ipAddress?: string | null | undefined };

const columnsOf = (part: VerifiedPart) =>
  part === 'attendance'
    ? { status: sql.raw('pr.attendance_status'), upload: sql.raw('pr.attendance_upload_id'), by: sql.raw('attendance_verified_by'), at: sql.raw('attendance_verified_at'), statusName: sql.raw('attendance_status') }
    : { status: sql.raw('pr.marks_status'), upload: sql.raw('pr.marks_upload_id'), by: sql.raw('marks_verified_by'), at: sql.raw('marks_verified_at'), statusName: sql.raw('marks_status') };

/** The pending or verified rows of an advertisement (one paper, one candidate by masterId or roll), by roll number. */
export async function listResultRows(db: Database, filter: RowFilter) {
  const part = columnsOf(filter.part);
  const conditions: SQL[] = [sql`pr.advertisement_id = ${filter.advertisementId}`, sql`${part.status} is not null`];
  if (filter.examPaperId) conditions.push(sql`pr.exam_paper_id = ${filter.examPaperId}`);
  if (filter.status) conditions.push(sql`${part.status} = ${filter.status}`);
  if (filter.masterId) conditions.push(sql`u.master_id = ${filter.masterId}`);
  if (filter.rollNumber) conditions.push(sql`pr.roll_number = ${filter.rollNumber}`);
  const where = sql.join(conditions, sql` and `);
  const [total] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from paper_results pr join applications a on a.id = pr.application_id join users u on u.id = a.user_id where ${where}`));
  const items = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select pr.application_id as "applicationId", pr.exam_paper_id as "examPaperId", pr.roll_number::float8 as "rollNumber", u.master_id::float8 as "masterId",
        concat_ws(' ', u.first_name_en, u.middle_name_en, u.last_name_en) as "nameEn",
        nullif(concat_ws(' ', u.first_name_np, u.middle_name_np, u.last_name_np), '') as "nameNp",
        ep.subject_name_en as "paperEn", ep.subject_name_np as "paperNp",
        pr.is_present as "isPresent", pr.marks::float8 as "marks", pr.is_pass as "isPass", pr.remarks,
        ${part.status} as status, ${part.upload} as "uploadId",
        concat_ws(' ', up.first_name_en, up.last_name_en) as "uploadedBy", ru.uploaded_by as "uploadedById",
        concat_ws(' ', vb.first_name_en, vb.last_name_en) as "verifiedBy"
      from paper_results pr
      join applications a on a.id = pr.application_id
      join users u on u.id = a.user_id
      join exam_papers ep on ep.id = pr.exam_paper_id
      left join result_uploads ru on ru.id = ${part.upload}
      left join users up on up.id = ru.uploaded_by
      left join users vb on vb.id = pr.${part.by}
      where ${where}
      order by pr.exam_paper_id, pr.roll_number
      limit ${filter.pageSize} offset ${(filter.page - 1) * filter.pageSize}`),
  );
  return { total: Number(total?.n ?? 0), items };
}

export type VerifyInput = { advertisementId: number; examPaperId: number; part: VerifiedPart; applicationIds?: number[] | undefined };

function targetOf(input: VerifyInput): SQL {
  const ids = input.applicationIds;
  return sql`pr.advertisement_id = ${input.advertisementId} and pr.exam_paper_id = ${input.examPaperId}
    ${ids ? sql`and pr.application_id in (select value::int from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))` : sql``}`;
}

/**
 * Verify the pending rows named (or all): those uploaded by someone else. Refused with a message
 * when the only rows there are the user's own upload.
 */
export async function verifyResultRows(db: Database, input: VerifyInput, actor: Actor) {
  const part = columnsOf(input.part);
  return db.transaction(async (tx) => {
    const verified = Number(
      rowsOf<{ n: number }>(
        await tx.execute(sql`
          with done as (
            update paper_results pr set ${part.statusName} = 'verified', ${part.by} = ${actor.actorUserId}, ${part.at} = now()
            from result_uploads ru
            where ru.id = ${part.upload} and ru.uploaded_by <> ${actor.actorUserId} and ${part.status} = 'pending' and ${targetOf(input)}
              ${input.part === 'marks' ? sql`and pr.attendance_status = 'verified'` : sql``}
            returning 1)
          select count(*)::int as n from done`),
      )[0]?.n ?? 0,
    );
    const [left] = rowsOf<{ own: number; unverifiedAttendance: number }>(
      await tx.execute(sql`
        select count(*) filter (where ru.uploaded_by = ${actor.actorUserId})::int as own,
          count(*) filter (where pr.attendance_status is distinct from 'verified')::int as "unverifiedAttendance"
        from paper_results pr join result_uploads ru on ru.id = ${part.upload}
        where ${part.status} = 'pending' and ${targetOf(input)}`),
    );
    if (verified === 0 && (left?.own ?? 0) > 0) throw new AppError('REFUSED', { messageKey: 'results.ownUpload' });
    if (verified === 0 && (left?.unverifiedAttendance ?? 0) > 0) throw new AppError('CONFLICT', { messageKey: 'results.attendanceFirst' });
    if (verified > 0) {
      await recordAudit(tx, {
        ...actor,
        action: 'verify',
        entity: `paper_results.${input.part}`,
        entityId: input.examPaperId,
        before: { status: 'pending' },
        after: { status: 'verified', advertisementId: input.advertisementId, applicationIds: input.applicationIds ?? 'all', count: verified },
      });
    }
    return { verified, skippedOwn: Number(left?.own ?? 0), waiting: Number(left?.unverifiedAttendance ?? 0) };
  });
}

/** Revert verified rows named (or all) to pending; attendance only where the marks are not verified. */
export async function revertResultRows(db: Database, input: VerifyInput, actor: Actor) {
  const part = columnsOf(input.part);
  return db.transaction(async (tx) => {
    const reverted = Number(
      rowsOf<{ n: number }>(
        await tx.execute(sql`
          with done as (
            update paper_results pr set ${part.statusName} = 'pending', ${part.by} = null, ${part.at} = null
            where ${part.status} = 'verified' and ${targetOf(input)}
              ${input.part === 'attendance' ? sql`and pr.marks_status is distinct from 'verified'` : sql``}
            returning 1)
          select count(*)::int as n from done`),
      )[0]?.n ?? 0,
    );
    if (reverted === 0 && input.part === 'attendance') {
      const [blocked] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from paper_results pr where pr.marks_status = 'verified' and ${targetOf(input)}`));
      if ((blocked?.n ?? 0) > 0) throw new AppError('CONFLICT', { messageKey: 'results.marksVerifiedFirst' });
    }
    if (reverted > 0) {
      await recordAudit(tx, {
        ...actor,
        action: 'revert',
        entity: `paper_results.${input.part}`,
        entityId: input.examPaperId,
        before: { status: 'verified' },
        after: { status: 'pending', advertisementId: input.advertisementId, applicationIds: input.applicationIds ?? 'all', count: reverted },
      });
    }
    return { reverted };
  });
}

/** status/{advtCode}: per paper of the advertisement, how many are seated, and attendance and marks pending or verified. */
export async function resultStatus(db: Database, advertisementCode: string) {
  const [advertisement] = rowsOf<{ id: number; code: string }>(await db.execute(sql`select id, code from advertisements where code = ${advertisementCode}`));
  if (!advertisement) throw new AppError('NOT_FOUND', { messageKey: 'results.paperNotFound' });
  const papers = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select ca.exam_paper_id as "examPaperId", ep.subject_name_en as "paperEn", ep.subject_name_np as "paperNp", ep.full_marks as "fullMarks", ep.pass_marks as "passMarks",
        (select count(*)::int from seat_assignments sa where sa.allocation_id = ca.id) as seated,
        count(pr.application_id) filter (where pr.attendance_status = 'pending')::int as "attendancePending",
        count(pr.application_id) filter (where pr.attendance_status = 'verified')::int as "attendanceVerified",
        count(pr.application_id) filter (where pr.marks_status = 'pending')::int as "marksPending",
        count(pr.application_id) filter (where pr.marks_status = 'verified')::int as "marksVerified",
        count(pr.application_id) filter (where pr.is_present)::int as present,
        count(pr.application_id) filter (where pr.is_present = false)::int as absent
      from centre_allocations ca
      join exam_papers ep on ep.id = ca.exam_paper_id
      left join paper_results pr on pr.advertisement_id = ca.advertisement_id and pr.exam_paper_id = ca.exam_paper_id
      where ca.advertisement_id = ${advertisement.id} and ca.status in ('final', 'complete')
      group by ca.id, ca.exam_paper_id, ep.subject_name_en, ep.subject_name_np, ep.full_marks, ep.pass_marks, ep.paper_order
      order by ep.paper_order`),
  );
  return { advertisementId: Number(advertisement.id), advertisementCode: advertisement.code, papers };
}

/** attendance/detail/{id}: one upload, who sent it, and its rows as they stand now. */
export async function uploadDetail(db: Database, uploadId: number, page: number, pageSize: number) {
  const [upload] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select ru.id, ru.advertisement_id as "advertisementId", ru.exam_paper_id as "examPaperId", ru.kind, ru.room_id as "roomId", ru.file_name as "fileName", ru.row_count as "rowCount",
        ru.uploaded_at as "uploadedAt", concat_ws(' ', u.first_name_en, u.last_name_en) as "uploadedBy", ep.subject_name_en as "paperEn", ep.subject_name_np as "paperNp"
      from result_uploads ru join users u on u.id = ru.uploaded_by join exam_papers ep on ep.id = ru.exam_paper_id
      where ru.id = ${uploadId}`),
  );
  if (!upload) throw new AppError('NOT_FOUND');
  const column = upload.kind === 'attendance' ? sql.raw('attendance_upload_id') : sql.raw('marks_upload_id');
  const [total] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from paper_results where ${column} = ${uploadId}`));
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select pr.roll_number::float8 as "rollNumber", u.master_id::float8 as "masterId", concat_ws(' ', u.first_name_en, u.middle_name_en, u.last_name_en) as "nameEn",
        pr.is_present as "isPresent", pr.attendance_status as "attendanceStatus", pr.marks::float8 as marks, pr.is_pass as "isPass", pr.remarks, pr.marks_status as "marksStatus"
      from paper_results pr join applications a on a.id = pr.application_id join users u on u.id = a.user_id
      where pr.${column} = ${uploadId}
      order by pr.roll_number limit ${pageSize} offset ${(page - 1) * pageSize}`),
  );
  return { upload, total: Number(total?.n ?? 0), rows };
}

/** The uploads of an advertisement, newest first. */
export async function listUploads(db: Database, advertisementId: number) {
  return {
    items: rowsOf<Record<string, unknown>>(
      await db.execute(sql`
        select ru.id, ru.exam_paper_id as "examPaperId", ru.kind, ru.room_id as "roomId", ru.file_name as "fileName", ru.file_id is not null as "hasFile", ru.row_count as "rowCount", ru.uploaded_at as "uploadedAt",
          concat_ws(' ', u.first_name_en, u.last_name_en) as "uploadedBy", ep.subject_name_en as "paperEn", ep.subject_name_np as "paperNp"
        from result_uploads ru join users u on u.id = ru.uploaded_by join exam_papers ep on ep.id = ru.exam_paper_id
        where ru.advertisement_id = ${advertisementId} order by ru.id desc limit 500`),
    ),
  };
}

/** The workbook an upload was made from, as it came; null for an upload without one kept (made before workbooks were kept). */
export async function uploadedWorkbook(db: Database, storage: FileStorage, uploadId: number): Promise<{ bytes: Uint8Array; fileName: string } | null> {
  const [row] = rowsOf<{ sha256: string; fileName: string }>(
    await db.execute(sql`select f.sha256, ru.file_name as "fileName" from result_uploads ru join stored_files f on f.id = ru.file_id where ru.id = ${uploadId}`),
  );
  if (!row) return null;
  const bytes = await storage.get(row.sha256);
  return bytes ? { bytes, fileName: row.fileName } : null;
}
