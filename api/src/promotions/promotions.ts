import type { Promotion } from '@psc/core';
import { schema, userFullNameEn, userFullNameNp, type Database } from '@psc/db';
import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit';
import { AppError } from '../http/errors';
import { FOREIGN_KEY_VIOLATION, findPostgresCode } from '../http/database-errors';
import { likePattern, type Actor } from '../master/master-rows';

const { promotions, promotionTypes, services, serviceGroups, serviceClasses, posts, decisions, users } = schema;

type Reader = Pick<Database, 'select'>;
export type PromotionStatus = (typeof promotions.$inferSelect)['status'];

const promotionColumns = {
  id: promotions.id,
  fiscalYear: promotions.fiscalYear,
  status: promotions.status,
  promotionTypeId: promotions.promotionTypeId,
  promotionTypeNameEn: promotionTypes.nameEn,
  promotionTypeNameNp: promotionTypes.nameNp,
  serviceId: promotions.serviceId,
  serviceNameEn: services.nameEn,
  serviceNameNp: services.nameNp,
  groupId: promotions.groupId,
  groupNameEn: serviceGroups.nameEn,
  groupNameNp: serviceGroups.nameNp,
  classId: promotions.classId,
  classNameEn: serviceClasses.nameEn,
  classNameNp: serviceClasses.nameNp,
  postId: promotions.postId,
  postNameEn: posts.nameEn,
  postNameNp: posts.nameNp,
  vacancies: promotions.vacancies,
  area: promotions.area,
  fee: promotions.fee,
  decisionId: promotions.decisionId,
  decisionNo: decisions.decisionNo,
  decisionDate: decisions.decisionDate,
  remarks: promotions.remarks,
  decisionRemarks: promotions.decisionRemarks,
  createdBy: promotions.createdBy,
  createdByNameEn: userFullNameEn,
  createdByNameNp: userFullNameNp,
  decidedBy: promotions.decidedBy,
  decidedAt: promotions.decidedAt,
  createdAt: promotions.createdAt,
  updatedAt: promotions.updatedAt,
};

function selectPromotions(db: Reader) {
  return db
    .select(promotionColumns)
    .from(promotions)
    .innerJoin(promotionTypes, eq(promotionTypes.id, promotions.promotionTypeId))
    .innerJoin(services, eq(services.id, promotions.serviceId))
    .innerJoin(serviceClasses, eq(serviceClasses.id, promotions.classId))
    .innerJoin(users, eq(users.id, promotions.createdBy))
    .leftJoin(serviceGroups, eq(serviceGroups.id, promotions.groupId))
    .leftJoin(posts, eq(posts.id, promotions.postId))
    .leftJoin(decisions, eq(decisions.id, promotions.decisionId))
    .$dynamic();
}

const toJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** spec §2 configuration/approve-promotion lists drafts; the setup screen lists them all. */
export async function listPromotions(db: Reader, query: { status?: PromotionStatus | undefined; fiscalYear?: string | undefined; search?: string | undefined; page: number; pageSize: number }) {
  const pattern = query.search ? likePattern(query.search) : undefined;
  const where = and(
    query.status ? eq(promotions.status, query.status) : undefined,
    query.fiscalYear ? eq(promotions.fiscalYear, query.fiscalYear) : undefined,
    pattern
      ? (or(ilike(services.nameEn, pattern), ilike(services.nameNp, pattern), ilike(promotionTypes.nameEn, pattern), ilike(promotionTypes.nameNp, pattern), ilike(promotions.area, pattern)) as SQL)
      : undefined,
  );
  const [items, [total]] = await Promise.all([
    selectPromotions(db)
      .where(where)
      .orderBy(desc(promotions.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ value: count() })
      .from(promotions)
      .innerJoin(promotionTypes, eq(promotionTypes.id, promotions.promotionTypeId))
      .innerJoin(services, eq(services.id, promotions.serviceId))
      .where(where),
  ]);
  return { items: toJson(items), total: Number(total?.value ?? 0) };
}

export async function getPromotion(db: Reader, id: number) {
  const [row] = await selectPromotions(db).where(eq(promotions.id, id)).limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return toJson(row);
}

/** A reference to a missing type, service, class, post or decision is the caller's mistake. */
function translateWriteError(error: unknown): never {
  if (findPostgresCode(error) === FOREIGN_KEY_VIOLATION) throw new AppError('UNPROCESSABLE', { messageKey: 'admin.referenceMissing' });
  throw error;
}

/** spec §2 configuratuin/add-promotion: a promotion vacancy starts as a draft. */
export async function createPromotion(db: Database, input: Promotion, actor: Actor) {
  try {
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(promotions)
        .values({ ...input, createdBy: actor.actorUserId })
        .returning();
      await recordAudit(tx, { ...actor, action: 'create', entity: 'promotions', entityId: row!.id, before: null, after: row });
      return row!.id;
    });
    return getPromotion(db, id);
  } catch (error) {
    translateWriteError(error);
  }
}

/**
 * Changes a draft only, decided under a row lock and an update guarded by the status (spec §4
 * "Promotion: draft, live or rejected"), so a promotion approved meanwhile is not changed.
 */
async function changeDraft(db: Database, id: number, action: string, values: Partial<typeof promotions.$inferInsert>, actor: Actor) {
  try {
    await db.transaction(async (tx) => {
      const [before] = await tx.select().from(promotions).where(eq(promotions.id, id)).for('update').limit(1);
      if (!before) throw new AppError('NOT_FOUND');
      const [after] = await tx
        .update(promotions)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(promotions.id, id), eq(promotions.status, 'draft')))
        .returning();
      if (!after) throw new AppError('CONFLICT', { messageKey: 'promotion.notDraft' });
      await recordAudit(tx, { ...actor, action, entity: 'promotions', entityId: id, before, after });
    });
  } catch (error) {
    translateWriteError(error);
  }
  return getPromotion(db, id);
}

export function updatePromotion(db: Database, id: number, input: Promotion, actor: Actor) {
  return changeDraft(db, id, 'update', input, actor);
}

/** spec §2 configuration/approve-promotion: draft -> live. */
export function approvePromotion(db: Database, id: number, remarks: string | null, actor: Actor) {
  return changeDraft(db, id, 'approve', { status: 'live', decisionRemarks: remarks, decidedBy: actor.actorUserId, decidedAt: new Date() }, actor);
}

/** draft -> rejected, with the reason. */
export function rejectPromotion(db: Database, id: number, remarks: string, actor: Actor) {
  return changeDraft(db, id, 'reject', { status: 'rejected', decisionRemarks: remarks, decidedBy: actor.actorUserId, decidedAt: new Date() }, actor);
}
