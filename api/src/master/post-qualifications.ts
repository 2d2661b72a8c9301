import { schema, type Database } from '@psc/db';
import { asc, count, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit';
import { AppError } from '../http/errors';
import { likePattern, translateWriteError, type Actor } from './master-rows';

const { postQualifications, postQualificationFaculties, posts, educationLevels, faculties } = schema;

export type PostQualificationValues = { postId: number; educationLevelId: number; facultyIds: number[]; description: string | null };

type Reader = Pick<Database, 'select'>;

async function readQualifications(db: Reader, where: SQL | undefined, page?: { page: number; pageSize: number }) {
  let query = db
    .select({
      id: postQualifications.id,
      postId: postQualifications.postId,
      postNameEn: posts.nameEn,
      postNameNp: posts.nameNp,
      educationLevelId: postQualifications.educationLevelId,
      educationLevelNameEn: educationLevels.nameEn,
      educationLevelNameNp: educationLevels.nameNp,
      description: postQualifications.description,
      updatedAt: postQualifications.updatedAt,
    })
    .from(postQualifications)
    .innerJoin(posts, eq(posts.id, postQualifications.postId))
    .innerJoin(educationLevels, eq(educationLevels.id, postQualifications.educationLevelId))
    .where(where)
    .orderBy(asc(postQualifications.id))
    .$dynamic();
  if (page) query = query.limit(page.pageSize).offset((page.page - 1) * page.pageSize);
  const rows = await query;
  const ids = rows.map((row) => row.id);
  const links =
    ids.length === 0
      ? []
      : await db
          .select({ qualificationId: postQualificationFaculties.qualificationId, id: faculties.id, nameEn: faculties.nameEn, nameNp: faculties.nameNp })
          .from(postQualificationFaculties)
          .innerJoin(faculties, eq(faculties.id, postQualificationFaculties.facultyId))
          .where(inArray(postQualificationFaculties.qualificationId, ids))
          .orderBy(asc(faculties.id));
  return rows.map((row) => ({
    ...row,
    updatedAt: row.updatedAt.toISOString(),
    faculties: links.filter((link) => link.qualificationId === row.id).map(({ id, nameEn, nameNp }) => ({ id, nameEn, nameNp })),
  }));
}

export async function listPostQualifications(db: Database, input: { page: number; pageSize: number; search?: string | undefined }) {
  const where = input.search
    ? (or(ilike(posts.nameEn, likePattern(input.search)), ilike(posts.nameNp, likePattern(input.search))) as SQL)
    : undefined;
  const [items, [total]] = await Promise.all([
    readQualifications(db, where, input),
    db
      .select({ value: count() })
      .from(postQualifications)
      .innerJoin(posts, eq(posts.id, postQualifications.postId))
      .where(where),
  ]);
  return { items, total: Number(total?.value ?? 0) };
}

export async function getPostQualification(db: Reader, id: number) {
  const [row] = await readQualifications(db, eq(postQualifications.id, id));
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

async function writeFaculties(tx: Database, qualificationId: number, facultyIds: number[]) {
  await tx.delete(postQualificationFaculties).where(eq(postQualificationFaculties.qualificationId, qualificationId));
  if (facultyIds.length > 0) {
    await tx.insert(postQualificationFaculties).values([...new Set(facultyIds)].map((facultyId) => ({ qualificationId, facultyId })));
  }
}

export async function createPostQualification(db: Database, values: PostQualificationValues, actor: Actor) {
  try {
    return await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(postQualifications)
        .values({ postId: values.postId, educationLevelId: values.educationLevelId, description: values.description })
        .returning({ id: postQualifications.id });
      await writeFaculties(tx as unknown as Database, created!.id, values.facultyIds);
      const after = await getPostQualification(tx, created!.id);
      await recordAudit(tx, { ...actor, action: 'create', entity: 'post-qualifications', entityId: created!.id, before: null, after });
      return after;
    });
  } catch (error) {
    translateWriteError(error);
  }
}

export async function updatePostQualification(db: Database, id: number, values: PostQualificationValues, actor: Actor) {
  try {
    return await db.transaction(async (tx) => {
      const before = await getPostQualification(tx, id);
      await tx
        .update(postQualifications)
        .set({ postId: values.postId, educationLevelId: values.educationLevelId, description: values.description, updatedAt: new Date() })
        .where(eq(postQualifications.id, id));
      await writeFaculties(tx as unknown as Database, id, values.facultyIds);
      const after = await getPostQualification(tx, id);
      await recordAudit(tx, { ...actor, action: 'update', entity: 'post-qualifications', entityId: id, before, after });
      return after;
    });
  } catch (error) {
    translateWriteError(error);
  }
}

export async function deletePostQualification(db: Database, id: number, actor: Actor) {
  await db.transaction(async (tx) => {
    const before = await getPostQualification(tx, id);
    await tx.delete(postQualifications).where(eq(postQualifications.id, id));
    await recordAudit(tx, { ...actor, action: 'delete', entity: 'post-qualifications', entityId: id, before, after: null });
  });
}
