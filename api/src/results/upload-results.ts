import {
  checkResultRows,
  translate,
  type CheckedResultRow,
  type Language,
  type PaperCandidate,
  type ResultColumn,
  type ResultRowProblem,
  type ResultRowsSeen,
  type ResultSheetRow,
  type ResultUploadKind,
} from '@psc/core';
import { schema, type Database } from '@psc/db';
import { sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { rowsOf } from '../applications/rows-of';
import { recordAudit } from '../audit/record-audit';
import type { FileStorage } from '../files/file-storage';
import { lockContent } from '../files/store-upload';
import { findSitting, seatedCandidates, type Sitting } from './paper-sitting';
import { readResultWorkbookInParts, RESULT_WORKBOOK_PURPOSE, XLSX_CONTENT_TYPE } from './result-workbook';

// spec §2 upload-attendance, candidate-attendance "excel", candidate-result "excel"; spec §4
// "Attendance and result: pending or verified lists". Every row of the workbook is checked before
// anything is stored (core checkResultRows). A file with a bad row stores nothing and answers
// every problem, unless the user asks to store the clean rows; stored rows are pending until a
// second user verifies them, and a re-upload replaces pending rows, never verified ones. The rows
// go in with one statement from a JSON array (a 100,000-row paper in one round trip).

export type UploadInput = {
  advertisementId: number;
  examPaperId: number;
  kind: ResultUploadKind;
  roomId?: number | undefined;
  /** Store the clean rows even when others are bad. */
  storeClean: boolean;
  fileName: string;
  bytes: Uint8Array;
};

type Actor = { actorUserId: number; requestId?: string | undefined; ipAddress?: string | null | undefined };

export type UploadProblem = { row: number; column: ResultColumn; message: string };

/** At most this many problems travel back: a wrong file has a problem on every row. */
const PROBLEMS_SHOWN = 1_000;

/**
 * The workbook is checked this many rows at a time as it is read: a 100,000-row file's rows as
 * read (cells as text) would otherwise all be held at once beside the checked rows. Small parts
 * are checked and let go while still young: rows held for thousands of rows outlive V8's young
 * generation and are copied into the old one, which then grows by the garbage they become (with
 * 5,000-row parts the heap grew 40 MB more over a 100,000-row file, and the time was the same).
 */
const PART_ROWS = 100;

/**
 * Rows read before the seating has arrived wait for it, at most this many: then reading pauses
 * until it comes. A 100,000-row paper's seating takes about as long as reading 30,000 rows, so the
 * two still overlap, while on a busy server the waiting rows (about 500 bytes each) stay bounded.
 */
const WAITING_ROWS_MAX = 30_000;

export async function uploadResults(db: Database, storage: FileStorage, input: UploadInput, actor: Actor, lang: Language) {
  const sitting = await findSitting(db, input.advertisementId, input.examPaperId);
  // The seating is read while the workbook is parsed: a big paper's two take a second or more each.
  // Rows read before the seating has arrived wait for it (WAITING_ROWS_MAX); after that each part
  // is checked as it is read and let go, only its checked rows and problems kept.
  let candidates: Map<number, PaperCandidate & { applicationId: number }> | null = null;
  const seating = (input.kind === 'sheet-codes' ? Promise.resolve([]) : seatedCandidates(db, sitting, input.kind === 'sheet-keys' ? undefined : input.roomId)).then((seated) => {
    candidates = new Map(seated.map((candidate) => [candidate.rollNumber, candidate]));
    return candidates;
  });
  // Awaited below; a workbook refused before it settles must not leave it rejected unhandled.
  seating.catch(() => {});
  const clean: CheckedResultRow[] = [];
  const problems: ResultRowProblem[] = [];
  const seen: ResultRowsSeen = { rolls: new Set(), codes: new Set() };
  let waiting: ResultSheetRow[] = [];
  const check = (rows: ResultSheetRow[], known: Map<number, PaperCandidate & { applicationId: number }>) => {
    const checked = checkResultRows(rows, { kind: input.kind, fullMarks: sitting.fullMarks, passMarks: sitting.passMarks, candidates: known }, seen);
    for (const row of checked.clean) clean.push(row);
    for (const problem of checked.problems) problems.push(problem);
  };
  const rowCount = await readResultWorkbookInParts(input.bytes, input.kind, lang, PART_ROWS, async (part) => {
    if (candidates === null) {
      for (const row of part) waiting.push(row);
      if (waiting.length < WAITING_ROWS_MAX) return;
      // Reading pauses here until the seating has come.
      check(waiting, await seating);
      waiting = [];
      return;
    }
    if (waiting.length > 0) check(waiting, candidates);
    waiting = [];
    check(part, candidates);
  });
  await seating;
  const known = candidates!;
  if (waiting.length > 0) check(waiting, known);
  waiting = [];
  if (input.kind === 'sheet-keys') problems.push(...(await keyConflicts(db, sitting, clean)));
  const badRows = new Set(problems.map((problem) => problem.row));
  const storable = clean.filter((row) => !badRows.has(row.row));
  const answer = {
    rows: rowCount,
    problemCount: problems.length,
    problems: problems.slice(0, PROBLEMS_SHOWN).map((problem): UploadProblem => ({ row: problem.row, column: problem.column, message: translate(lang, problem.reason, problem.params) })),
  };
  if ((problems.length > 0 && !input.storeClean) || storable.length === 0) return { ...answer, uploadId: null, stored: 0, keptVerified: 0, joined: 0 };

  const fileName = input.fileName.slice(0, 255) || 'upload.xlsx';
  return db.transaction(async (tx) => {
    // The workbook as it came, kept in the file store (the commission's, no owner) so that the
    // upload list can give it back: what was uploaded is the record of what the marks came from.
    const sha256 = createHash('sha256').update(input.bytes).digest('hex');
    await lockContent(tx, sha256);
    const [file] = await tx
      .insert(schema.storedFiles)
      .values({ ownerUserId: null, purpose: RESULT_WORKBOOK_PURPOSE, sha256, contentType: XLSX_CONTENT_TYPE, byteSize: input.bytes.length, originalName: fileName })
      .returning({ id: schema.storedFiles.id });
    await storage.put(sha256, input.bytes);
    const [upload] = await tx
      .insert(schema.resultUploads)
      .values({ advertisementId: sitting.advertisementId, examPaperId: sitting.examPaperId, kind: input.kind, roomId: input.roomId ?? null, fileName, fileId: file!.id, rowCount: storable.length, uploadedBy: actor.actorUserId })
      .returning({ id: schema.resultUploads.id });
    const uploadId = upload!.id;
    const applicationOf = (roll: number | null) => known.get(roll!)!.applicationId;
    let stored: number;
    let joined = 0;
    if (input.kind === 'attendance') {
      stored = await storeAttendance(tx, sitting, uploadId, storable.map((row) => ({ a: applicationOf(row.rollNumber), r: row.rollNumber, p: row.isPresent })));
    } else if (input.kind === 'marks') {
      stored = await storeMarks(tx, sitting, uploadId, storable.map((row) => ({ a: applicationOf(row.rollNumber), m: row.marks, ps: row.isPass, rm: row.remarks })));
    } else if (input.kind === 'sheet-codes') {
      stored = count(
        await tx.execute(sql`
          with input as (select * from jsonb_to_recordset(${JSON.stringify(storable.map((row) => ({ c: row.sheetCode, m: row.marks, ps: row.isPass, rm: row.remarks })))}::jsonb) as r(c text, m numeric, ps boolean, rm text)),
          up as (
            insert into answer_sheet_marks (exam_paper_id, advertisement_id, sheet_code, marks, is_pass, remarks, upload_id, status)
            select ${sitting.examPaperId}, ${sitting.advertisementId}, c, m, ps, rm, ${uploadId}, 'pending' from input
            on conflict (exam_paper_id, sheet_code) do update set marks = excluded.marks, is_pass = excluded.is_pass, remarks = excluded.remarks, upload_id = excluded.upload_id
            where answer_sheet_marks.status = 'pending'
            returning 1)
          select count(*)::int as n from up`),
      );
      joined = await joinAnswerSheets(tx, sitting);
    } else {
      stored = count(
        await tx.execute(sql`
          with input as (select * from jsonb_to_recordset(${JSON.stringify(storable.map((row) => ({ c: row.sheetCode, r: row.rollNumber })))}::jsonb) as r(c text, r bigint)),
          up as (
            insert into answer_sheet_keys (exam_paper_id, advertisement_id, sheet_code, roll_number, upload_id)
            select ${sitting.examPaperId}, ${sitting.advertisementId}, c, r, ${uploadId} from input
            on conflict do nothing
            returning 1)
          select count(*)::int as n from up`),
      );
      joined = await joinAnswerSheets(tx, sitting);
    }
    await recordAudit(tx, {
      ...actor,
      action: 'create',
      entity: 'result_uploads',
      entityId: uploadId,
      before: null,
      after: { kind: input.kind, advertisementId: sitting.advertisementId, examPaperId: sitting.examPaperId, roomId: input.roomId ?? null, fileId: file!.id, rows: rowCount, stored, joined, problems: problems.length },
    });
    return { ...answer, uploadId, stored, keptVerified: input.kind === 'attendance' || input.kind === 'marks' ? storable.length - stored : 0, joined };
  });
}

type Executor = Pick<Database, 'execute'>;

function count(result: unknown): number {
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

/**
 * Attendance in: a new row, or the pending one replaced. A verified row (attendance or marks) is
 * kept. A candidate now absent loses the pending marks they had (spec §5: the absent have none).
 */
export async function storeAttendance(tx: Executor, sitting: Sitting, uploadId: number, rows: { a: number; r: number | null; p: boolean | null }[]): Promise<number> {
  return count(
    await tx.execute(sql`
      with input as (select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(a int, r bigint, p boolean)),
      up as (
        insert into paper_results (application_id, exam_paper_id, advertisement_id, roll_number, is_present, attendance_status, attendance_upload_id)
        select a, ${sitting.examPaperId}, ${sitting.advertisementId}, r, p, 'pending', ${uploadId} from input
        on conflict (application_id, exam_paper_id) do update set
          is_present = excluded.is_present, attendance_status = 'pending', attendance_upload_id = excluded.attendance_upload_id,
          marks = case when excluded.is_present then paper_results.marks end,
          is_pass = case when excluded.is_present then paper_results.is_pass end,
          remarks = case when excluded.is_present then paper_results.remarks end,
          marks_status = case when excluded.is_present then paper_results.marks_status end,
          marks_upload_id = case when excluded.is_present then paper_results.marks_upload_id end
        where paper_results.attendance_status is distinct from 'verified' and paper_results.marks_status is distinct from 'verified'
        returning 1)
      select count(*)::int as n from up`),
  );
}

/** Marks in, onto the attendance rows; a verified mark is kept. */
export async function storeMarks(tx: Executor, sitting: Sitting, uploadId: number, rows: { a: number; m: number | null; ps: boolean | null; rm: string | null }[]): Promise<number> {
  // Four array parameters: PostgreSQL reads array text faster than a JSON array of objects.
  const list = (values: (number | boolean | null)[]) => `{${values.map((value) => (value === null ? 'NULL' : value === true ? 't' : value === false ? 'f' : String(value))).join(',')}}`;
  const texts = `{${rows.map((row) => (row.rm === null ? 'NULL' : `"${row.rm.replace(/[\\"]/g, '\\$&')}"`)).join(',')}}`;
  return count(
    await tx.execute(sql`
      with up as (
        update paper_results pr set marks = i.m, is_pass = i.ps, remarks = i.rm, marks_status = 'pending', marks_upload_id = ${uploadId}
        from unnest(${list(rows.map((row) => row.a))}::int[], ${list(rows.map((row) => row.m))}::numeric[], ${list(rows.map((row) => row.ps))}::boolean[], ${texts}::text[]) as i(a, m, ps, rm)
        where pr.application_id = i.a and pr.exam_paper_id = ${sitting.examPaperId} and pr.marks_status is distinct from 'verified'
        returning 1)
      select count(*)::int as n from up`),
  );
}

/**
 * Exam-administration reference "Anonymised marking": marks keyed by an answer-sheet code reach
 * the candidate's result once the code's key is in too, whichever came second; set-wise, for every
 * code of the paper with both, a present candidate and marks not yet verified.
 */
export async function joinAnswerSheets(tx: Executor, sitting: Sitting): Promise<number> {
  return count(
    await tx.execute(sql`
      with ready as (
        select m.sheet_code, m.marks, m.is_pass, m.remarks, m.upload_id, sa.application_id
        from answer_sheet_marks m
        join answer_sheet_keys k on k.exam_paper_id = m.exam_paper_id and k.sheet_code = m.sheet_code
        join seat_assignments sa on sa.allocation_id = ${sitting.allocationId} and sa.roll_number = k.roll_number
        join paper_results pr on pr.application_id = sa.application_id and pr.exam_paper_id = m.exam_paper_id
        where m.exam_paper_id = ${sitting.examPaperId} and m.status = 'pending' and pr.is_present and pr.marks_status is distinct from 'verified'),
      written as (
        update paper_results pr set marks = ready.marks, is_pass = ready.is_pass, remarks = ready.remarks, marks_status = 'pending', marks_upload_id = ready.upload_id
        from ready where pr.application_id = ready.application_id and pr.exam_paper_id = ${sitting.examPaperId}
        returning ready.sheet_code),
      done as (
        update answer_sheet_marks m set status = 'joined' from written
        where m.exam_paper_id = ${sitting.examPaperId} and m.sheet_code = written.sheet_code
        returning 1)
      select count(*)::int as n from done`),
  );
}

/** A key row whose code already names another roll, or whose roll already has another code. */
async function keyConflicts(db: Executor, sitting: Sitting, rows: { row: number; sheetCode: string | null; rollNumber: number | null }[]) {
  const existing = rowsOf<{ code: string; roll: string | number }>(
    await db.execute(sql`select sheet_code as code, roll_number as roll from answer_sheet_keys where exam_paper_id = ${sitting.examPaperId}`),
  );
  const rollOfCode = new Map(existing.map((key) => [key.code, Number(key.roll)]));
  const codeOfRoll = new Map(existing.map((key) => [Number(key.roll), key.code]));
  const problems: { row: number; column: ResultColumn; reason: 'results.row.sheetCodeTaken' | 'results.row.rollTaken'; params?: Record<string, string | number> }[] = [];
  for (const row of rows) {
    const roll = rollOfCode.get(row.sheetCode!);
    if (roll !== undefined && roll !== row.rollNumber) problems.push({ row: row.row, column: 'sheetCode', reason: 'results.row.sheetCodeTaken' });
    const code = codeOfRoll.get(row.rollNumber!);
    if (code !== undefined && code !== row.sheetCode) problems.push({ row: row.row, column: 'rollNumber', reason: 'results.row.rollTaken' });
  }
  return problems;
}
