import type { Relevance } from '@psc/core';
import { schema, type Database } from '@psc/db';
import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit';
import { AppError } from '../http/errors';
import { FOREIGN_KEY_VIOLATION, findPostgresCode, UNIQUE_VIOLATION } from '../http/database-errors';
import { likePattern, type Actor } from '../master/master-rows';

const { relevances, services, serviceGroups, faculties, decisions } = schema;

type Reader = Pick<Database, 'select'>;

const relevanceColumns = {
  id: relevances.id,
  serviceId: relevances.serviceId,
  serviceNameEn: services.nameEn,
  serviceNameNp: services.nameNp,
  groupId: relevances.groupId,
  groupNameEn: serviceGroups.nameEn,
  groupNameNp: serviceGroups.nameNp,
  facultyId: relevances.facultyId,
  facultyNameEn: faculties.nameEn,
  facultyNameNp: faculties.nameNp,
  decisionId: relevances.decisionId,
  decisionNo: decisions.decisionNo,
  decisionDate: decisions.decisionDate,
  descriptionEn: relevances.descriptionEn,
  descriptionNp: relevances.descriptionNp,
  createdBy: relevances.createdBy,
  createdAt: relevances.createdAt,
};

function selectRelevances(db: Reader) {
  return db
    .select(relevanceColumns)
    .from(relevances)
    .innerJoin(services, eq(services.id, relevances.serviceId))
    .innerJoin(faculties, eq(faculties.id, relevances.facultyId))
    .leftJoin(serviceGroups, eq(serviceGroups.id, relevances.groupId))
    .leftJoin(decisions, eq(decisions.id, relevances.decisionId))
    .$dynamic();
}

const toJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** spec §2 configuration/relevance "view". */
export async function listRelevances(db: Reader, query: { serviceId?: number | undefined; search?: string | undefined; page: number; pageSize: number }) {
  const pattern = query.search ? likePattern(query.search) : undefined;
  const where = and(
    query.serviceId ? eq(relevances.serviceId, query.serviceId) : undefined,
    pattern
      ? (or(ilike(services.nameEn, pattern), ilike(services.nameNp, pattern), ilike(faculties.nameEn, pattern), ilike(faculties.nameNp, pattern), ilike(serviceGroups.nameEn, pattern)) as SQL)
      : undefined,
  );
  const [items, [total]] = await Promise.all([
    selectRelevances(db)
      .where(where)
      .orderBy(desc(relevances.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ value: count() })
      .from(relevances)
      .innerJoin(services, eq(services.id, relevances.serviceId))
      .innerJoin(faculties, eq(faculties.id, relevances.facultyId))
      .leftJoin(serviceGroups, eq(serviceGroups.id, relevances.groupId))
      .where(where),
  ]);
  return { items: toJson(items), total: Number(total?.value ?? 0) };
}

export async function getRelevance(db: Reader, id: number) {
  const [row] = await selectRelevances(db).where(eq(relevances.id, id)).limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return toJson(row);
}

/** spec §2 configuration/relevance "create": a faculty counted relevant to a service (and group). */
export async function createRelevance(db: Database, input: Relevance, actor: Actor) {
  try {
    const id = await db.transaction(async (tx) => {
      if (input.groupId) {
        const [group] = await tx.select({ serviceId: serviceGroups.serviceId }).from(serviceGroups).where(eq(serviceGroups.id, input.groupId)).limit(1);
        if (group && group.serviceId !== input.serviceId) throw new AppError('UNPROCESSABLE', { messageKey: 'admin.referenceMissing' });
      }
      const [row] = await tx
        .insert(relevances)
        .values({ ...input, createdBy: actor.actorUserId })
        .returning();
      await recordAudit(tx, { ...actor, action: 'create', entity: 'relevances', entityId: row!.id, before: null, after: row });
      return row!.id;
    });
    return getRelevance(db, id);
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (findPostgresCode(error) === UNIQUE_VIOLATION) throw new AppError('CONFLICT', { messageKey: 'admin.duplicate' });
    if (findPostgresCode(error) === FOREIGN_KEY_VIOLATION) throw new AppError('UNPROCESSABLE', { messageKey: 'admin.referenceMissing' });
    throw error;
  }
}

export async function deleteRelevance(db: Database, id: number, actor: Actor) {
  return db.transaction(async (tx) => {
    const [before] = await tx.delete(relevances).where(eq(relevances.id, id)).returning();
    if (!before) throw new AppError('NOT_FOUND');
    await recordAudit(tx, { ...actor, action: 'delete', entity: 'relevances', entityId: id, before, after: null });
    return { id };
  });
}
