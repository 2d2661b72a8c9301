import type { Database } from '@psc/db';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../applications/rows-of';
import { recordAudit } from '../audit/record-audit';
import { findPostgresCode } from '../http/database-errors';
import { AppError } from '../http/errors';
import type { Actor } from './save-selection';

// A result withheld by a court's interim order (exam-administration reference "Results":
// "withheld" is its own state): never published, not given to the next person by default (core's
// withheldPostPolicy), released when the order is lifted. Every change is audited.

export type WithholdInput = { advertisementId: number; applicationId: number; reason: string; orderReference?: string | null | undefined };

export async function withholdResult(db: Database, input: WithholdInput, actor: Actor) {
  return db.transaction(async (tx) => {
    const [application] = rowsOf<{ id: number }>(
      await tx.execute(sql`select id from applications where id = ${input.applicationId} and advertisement_id = ${input.advertisementId} and deleted_at is null`),
    );
    if (!application) throw new AppError('NOT_FOUND', { messageKey: 'selection.applicationNotFound' });
    try {
      const [row] = rowsOf<{ id: number }>(
        await tx.execute(sql`
          insert into result_withholds (advertisement_id, application_id, reason, order_reference, withheld_by)
          values (${input.advertisementId}, ${input.applicationId}, ${input.reason}, ${input.orderReference ?? null}, ${actor.actorUserId})
          returning id`),
      );
      const id = Number(row!.id);
      await recordAudit(tx, { ...actor, action: 'result.withhold', entity: 'result_withholds', entityId: id, before: null, after: input });
      return { id };
    } catch (error) {
      // The partial unique index: one open hold per application.
      if (findPostgresCode(error) === '23505') throw new AppError('CONFLICT', { messageKey: 'selection.alreadyWithheld' });
      throw error;
    }
  });
}

export async function releaseResult(db: Database, withholdId: number, actor: Actor) {
  return db.transaction(async (tx) => {
    const [row] = rowsOf<{ id: number }>(
      await tx.execute(sql`update result_withholds set released_by = ${actor.actorUserId}, released_at = now() where id = ${withholdId} and released_at is null returning id`),
    );
    if (!row) throw new AppError('NOT_FOUND', { messageKey: 'selection.withholdNotFound' });
    await recordAudit(tx, { ...actor, action: 'result.release', entity: 'result_withholds', entityId: withholdId, before: { released: false }, after: { released: true } });
    return { id: withholdId };
  });
}

/** An advertisement's holds, open ones first, with the candidate's roll number and name. */
export async function listWithholds(db: Pick<Database, 'execute'>, advertisementId: number) {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select w.id, w.application_id as "applicationId", rn.roll_number as "rollNumber",
        concat_ws(' ', u.first_name_en, u.middle_name_en, u.last_name_en) as "nameEn",
        nullif(concat_ws(' ', u.first_name_np, u.middle_name_np, u.last_name_np), '') as "nameNp",
        w.reason, w.order_reference as "orderReference", w.withheld_at as "withheldAt", w.released_at as "releasedAt"
      from result_withholds w
      join applications a on a.id = w.application_id
      join users u on u.id = a.user_id
      left join roll_numbers rn on rn.application_id = w.application_id
      where w.advertisement_id = ${advertisementId}
      order by (w.released_at is null) desc, w.id desc`),
  );
  return rows.map((row) => ({
    id: Number(row.id),
    applicationId: Number(row.applicationId),
    rollNumber: row.rollNumber === null ? null : Number(row.rollNumber),
    nameEn: String(row.nameEn),
    nameNp: (row.nameNp as string | null) ?? null,
    reason: String(row.reason),
    orderReference: (row.orderReference as string | null) ?? null,
    withheldAt: new Date(row.withheldAt as string).toISOString(),
    releasedAt: row.releasedAt === null ? null : new Date(row.releasedAt as string).toISOString(),
  }));
}
