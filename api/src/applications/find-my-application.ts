import { schema, type Database } from '@psc/db';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { AppError } from '../http/errors';

const { applications, applicationQuotas, advertisementQuotas, quotas } = schema;

type Reader = Pick<Database, 'select'>;

/** The candidate's own application (not deleted by staff); anyone else's is 404, never 403. */
export async function findMyApplication(db: Reader, userId: number, applicationId: number) {
  const [application] = await db
    .select()
    .from(applications)
    .where(and(eq(applications.id, applicationId), eq(applications.userId, userId), isNull(applications.deletedAt)))
    .limit(1);
  if (!application) throw new AppError('NOT_FOUND');
  return application;
}

export type MyApplication = Awaited<ReturnType<typeof findMyApplication>>;

/**
 * Inside a write: the same row, locked until the transaction ends, so two requests for one
 * application (two tabs) change it one after the other and each sees the other's change.
 */
export async function lockMyApplication(tx: Reader, userId: number, applicationId: number) {
  const [application] = await tx
    .select()
    .from(applications)
    .where(and(eq(applications.id, applicationId), eq(applications.userId, userId), isNull(applications.deletedAt)))
    .for('update')
    .limit(1);
  if (!application) throw new AppError('NOT_FOUND');
  return application;
}

/** The advertisement quotas an application competes in, with their quota codes. */
export async function readApplicationQuotas(db: Reader, applicationId: number) {
  return db
    .select({ advertisementQuotaId: applicationQuotas.advertisementQuotaId, code: quotas.code })
    .from(applicationQuotas)
    .innerJoin(advertisementQuotas, eq(advertisementQuotas.id, applicationQuotas.advertisementQuotaId))
    .innerJoin(quotas, eq(quotas.id, advertisementQuotas.quotaId))
    .where(eq(applicationQuotas.applicationId, applicationId))
    .orderBy(asc(applicationQuotas.advertisementQuotaId));
}
