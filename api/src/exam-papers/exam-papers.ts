import { EXAM_PAPER_LIMITS, isCompleteReorder, nextPaperOrder, type ExamPaper, type ExamPaperOrder } from '@psc/core';
import { fullNameEnOf, fullNameNpOf, schema, type Database } from '@psc/db';
import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { recordAudit, type auditContext } from '../audit/record-audit';
import { FOREIGN_KEY_VIOLATION, findPostgresCode } from '../http/database-errors';
import { AppError } from '../http/errors';
import { translateWriteError } from '../master/master-rows';

// Spec §3 "Paper configuration" and spec §7 "Paper filter by {classId}, {postId}, {masterDivId};
// paper config by {id}": the papers of a post's exam, in order. Every write locks the post's row
// first, so two officers changing one exam at once take turns and the order stays 1..n unique.

type Actor = ReturnType<typeof auditContext>;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

const { examPapers, posts, serviceClasses, serviceGroups, subjects, auditLog, users } = schema;
const AUDIT_ENTITY = 'exam_papers';
/** Where a reorder parks the papers for a moment (the unique order key is checked row by row). */
const PARKING_OFFSET = 1000;

const paperColumns = {
  id: examPapers.id,
  classId: posts.classId,
  classNameEn: serviceClasses.nameEn,
  classNameNp: serviceClasses.nameNp,
  postId: examPapers.postId,
  postNameEn: posts.nameEn,
  postNameNp: posts.nameNp,
  serviceGroupId: examPapers.serviceGroupId,
  serviceGroupNameEn: serviceGroups.nameEn,
  serviceGroupNameNp: serviceGroups.nameNp,
  paperOrder: examPapers.paperOrder,
  testType: examPapers.testType,
  paperType: examPapers.paperType,
  subjectNameEn: examPapers.subjectNameEn,
  subjectNameNp: examPapers.subjectNameNp,
  fullMarks: examPapers.fullMarks,
  passMarks: examPapers.passMarks,
  durationMinutes: examPapers.durationMinutes,
  examOption: examPapers.examOption,
  optionalSubjectId: examPapers.optionalSubjectId,
  optionalSubjectNameEn: subjects.nameEn,
  optionalSubjectNameNp: subjects.nameNp,
  createdAt: examPapers.createdAt,
  updatedAt: examPapers.updatedAt,
};

function paperQuery(db: Pick<Database, 'select'>) {
  return db
    .select(paperColumns)
    .from(examPapers)
    .innerJoin(posts, eq(posts.id, examPapers.postId))
    .innerJoin(serviceClasses, eq(serviceClasses.id, posts.classId))
    .leftJoin(serviceGroups, eq(serviceGroups.id, examPapers.serviceGroupId))
    .leftJoin(subjects, eq(subjects.id, examPapers.optionalSubjectId))
    .$dynamic();
}

export type ExamPaperRow = Awaited<ReturnType<typeof paperQuery>>[number];

export type ExamPaperFilter = { classId?: number | undefined; postId?: number | undefined; serviceGroupId?: number | undefined; page: number; pageSize: number };

/** Papers by class, post and master division (service group), each exam in its order. */
export async function listExamPapers(db: Database, filter: ExamPaperFilter): Promise<{ items: ExamPaperRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.classId !== undefined) conditions.push(eq(posts.classId, filter.classId));
  if (filter.postId !== undefined) conditions.push(eq(examPapers.postId, filter.postId));
  if (filter.serviceGroupId !== undefined) conditions.push(eq(examPapers.serviceGroupId, filter.serviceGroupId));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const items = await paperQuery(db)
    .where(where)
    // Papers for every group (no group) come before a group's own.
    .orderBy(asc(posts.nameEn), asc(examPapers.postId), sql`${examPapers.serviceGroupId} asc nulls first`, asc(examPapers.paperOrder))
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize);
  const [total] = await db.select({ total: count() }).from(examPapers).innerJoin(posts, eq(posts.id, examPapers.postId)).where(where);
  return { items, total: Number(total?.total ?? 0) };
}

export async function getExamPaper(db: Database, id: number): Promise<ExamPaperRow> {
  const [row] = await paperQuery(db).where(eq(examPapers.id, id));
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** One paper with its history from the audit log, newest first (spec §2 paper-detail/{id}). */
export async function getExamPaperDetail(db: Database, id: number) {
  const paper = await getExamPaper(db, id);
  const history = await db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      at: auditLog.occurredAt,
      before: auditLog.before,
      after: auditLog.after,
      actorNameEn: fullNameEnOf(users),
      actorNameNp: fullNameNpOf(users),
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(and(eq(auditLog.entity, AUDIT_ENTITY), eq(auditLog.entityId, String(id))))
    .orderBy(desc(auditLog.occurredAt), desc(auditLog.id))
    .limit(100);
  return { paper, history };
}

const sameExam = (postId: number, serviceGroupId: number | null) =>
  and(eq(examPapers.postId, postId), serviceGroupId === null ? isNull(examPapers.serviceGroupId) : eq(examPapers.serviceGroupId, serviceGroupId));

/** Locks the post's row: the turnstile of every change to its exam. Refuses a post that does not exist. */
async function lockExam(tx: Tx, postId: number) {
  const [post] = await tx.select({ id: posts.id }).from(posts).where(eq(posts.id, postId)).for('no key update');
  if (!post) throw new AppError('UNPROCESSABLE', { messageKey: 'admin.referenceMissing' });
}

async function nextOrderIn(tx: Tx, postId: number, serviceGroupId: number | null): Promise<number> {
  const rows = await tx.select({ order: examPapers.paperOrder }).from(examPapers).where(sameExam(postId, serviceGroupId));
  const next = nextPaperOrder(
    rows.map((row) => row.order),
    EXAM_PAPER_LIMITS.papersPerExam,
  );
  if (next === null) throw new AppError('CONFLICT', { messageKey: 'examPaper.tooManyPapers', messageParams: { max: EXAM_PAPER_LIMITS.papersPerExam } });
  return next;
}

async function lockPaper(tx: Tx, id: number) {
  const [row] = await tx.select().from(examPapers).where(eq(examPapers.id, id)).for('update');
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** A new paper goes last in its post's exam. */
export async function createExamPaper(db: Database, input: ExamPaper, actor: Actor): Promise<{ id: number }> {
  try {
    return await db.transaction(async (tx) => {
      await lockExam(tx, input.postId);
      const paperOrder = await nextOrderIn(tx, input.postId, input.serviceGroupId);
      const [row] = await tx
        .insert(examPapers)
        .values({ ...input, paperOrder, createdBy: actor.actorUserId })
        .returning();
      await recordAudit(tx, { ...actor, action: 'create', entity: AUDIT_ENTITY, entityId: row!.id, before: null, after: row });
      return { id: row!.id };
    });
  } catch (error) {
    return translateWriteError(error);
  }
}

/** Changes a paper; moved to another post or group, it goes last in that exam. */
export async function updateExamPaper(db: Database, id: number, input: ExamPaper, actor: Actor): Promise<{ id: number }> {
  try {
    return await db.transaction(async (tx) => {
      const [current] = await tx.select({ postId: examPapers.postId }).from(examPapers).where(eq(examPapers.id, id));
      if (!current) throw new AppError('NOT_FOUND');
      // Posts in id order, so two moves between the same two exams cannot wait on each other.
      for (const postId of [...new Set([current.postId, input.postId])].sort((a, b) => a - b)) await lockExam(tx, postId);
      const before = await lockPaper(tx, id);
      const moved = before.postId !== input.postId || before.serviceGroupId !== input.serviceGroupId;
      const paperOrder = moved ? await nextOrderIn(tx, input.postId, input.serviceGroupId) : before.paperOrder;
      const [row] = await tx
        .update(examPapers)
        .set({ ...input, paperOrder, updatedAt: new Date() })
        .where(eq(examPapers.id, id))
        .returning();
      await recordAudit(tx, { ...actor, action: 'update', entity: AUDIT_ENTITY, entityId: id, before, after: row });
      return { id };
    });
  } catch (error) {
    return translateWriteError(error);
  }
}

/**
 * Deletes a paper nothing refers to. Whatever comes to refer to papers (an exam schedule, a
 * centre allocation, marks) does so by a foreign key, and PostgreSQL refuses the deletion of a
 * row still referred to: that refusal is the rule, so it holds for tables added later too.
 */
export async function deleteExamPaper(db: Database, id: number, actor: Actor): Promise<{ id: number }> {
  try {
    return await db.transaction(async (tx) => {
      const [current] = await tx.select({ postId: examPapers.postId }).from(examPapers).where(eq(examPapers.id, id));
      if (!current) throw new AppError('NOT_FOUND');
      await lockExam(tx, current.postId);
      const before = await lockPaper(tx, id);
      await tx.delete(examPapers).where(eq(examPapers.id, id));
      await recordAudit(tx, { ...actor, action: 'delete', entity: AUDIT_ENTITY, entityId: id, before, after: null });
      return { id };
    });
  } catch (error) {
    if (findPostgresCode(error) === FOREIGN_KEY_VIOLATION) throw new AppError('CONFLICT', { messageKey: 'examPaper.inUse' });
    return translateWriteError(error);
  }
}

/** Puts a post's exam in the given order; the list must name each of its papers once. */
export async function reorderExamPapers(db: Database, input: ExamPaperOrder, actor: Actor): Promise<{ ids: number[] }> {
  try {
    return await db.transaction(async (tx) => {
      await lockExam(tx, input.postId);
      const exam = sameExam(input.postId, input.serviceGroupId);
      const current = await tx.select({ id: examPapers.id, paperOrder: examPapers.paperOrder }).from(examPapers).where(exam);
      if (
        !isCompleteReorder(
          current.map((row) => row.id),
          input.paperIds,
        )
      ) {
        throw new AppError('CONFLICT', { messageKey: 'examPaper.reorderMismatch' });
      }
      const orderBefore = new Map(current.map((row) => [row.id, row.paperOrder]));
      await tx
        .update(examPapers)
        .set({ paperOrder: sql`${examPapers.paperOrder} + ${PARKING_OFFSET}` })
        .where(and(exam, inArray(examPapers.id, input.paperIds)));
      for (const [index, id] of input.paperIds.entries()) {
        const paperOrder = index + 1;
        await tx.update(examPapers).set({ paperOrder }).where(eq(examPapers.id, id));
        if (orderBefore.get(id) !== paperOrder) {
          await recordAudit(tx, { ...actor, action: 'reorder', entity: AUDIT_ENTITY, entityId: id, before: { paperOrder: orderBefore.get(id) }, after: { paperOrder } });
        }
      }
      return { ids: input.paperIds };
    });
  } catch (error) {
    return translateWriteError(error);
  }
}
