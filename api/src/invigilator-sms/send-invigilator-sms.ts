import type { Database } from '@psc/db';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../applications/rows-of';
import { recordAudit } from '../audit/record-audit';
import { AppError } from '../http/errors';
import { MAX_SEND_ATTEMPTS } from '../messaging/drain-outbox';
import { batchSubjectOf, dutiesOf, getSitting, INVIGILATOR_DUTY_KIND } from './invigilator-duties';

type Actor = { actorUserId: number; requestId?: string | null; ipAddress?: string | null };

export type SendOutcome = { batchId: number | null; queued: number; requeued: number; unchanged: number; withoutMobile: number; notFinal: number };

/**
 * Queues each chosen invigilator's duty SMS: one sms_batches row, then one set-based INSERT ...
 * SELECT of every message, keyed by duty (dutyKeyOf), so a retried send queues nothing twice.
 * The rule for a duty that changed since it was queued (another room, centre or time: a
 * different text): the duty's one outbox row takes the new text and is sent again, whether the
 * old text went out already (the invigilator gets the correction) or not (only the new text goes
 * out). A duty whose text is the same is left alone, sent, queued or failed; failed ones go again
 * through resendFailed. Only final duties are sent (spec §4: a centre's invigilators are final
 * after their final save; before it they may still move). The sitting's allocation row is
 * locked, as every seating change locks it.
 */
export async function sendInvigilatorSms(db: Database, allocationId: number, venueIds: number[] | undefined, actor: Actor): Promise<SendOutcome> {
  return db.transaction(async (tx) => {
    const sitting = await getSitting(tx, allocationId, true);
    const duties = await dutiesOf(tx, sitting, venueIds);
    const final = duties.filter((duty) => duty.dutyFinal);
    const sendable = final.filter((duty) => duty.mobileValid);
    const notFinal = duties.length - final.length;
    const withoutMobile = final.length - sendable.length;
    if (sendable.length === 0) throw new AppError('UNPROCESSABLE', { messageKey: 'invigilatorSms.nothingToSend' });
    const [batch] = rowsOf<{ id: number }>(
      await tx.execute(sql`insert into sms_batches (kind, subject, created_by) values (${INVIGILATOR_DUTY_KIND}, ${batchSubjectOf(allocationId)}, ${actor.actorUserId}) returning id`),
    );
    const batchId = Number(batch!.id);
    const messages = JSON.stringify(sendable.map((duty) => ({ to_number: duty.mobile, body: duty.message, dedupe_key: duty.dedupeKey })));
    // xmax = 0 tells a new row from one the conflict clause updated.
    const written = rowsOf<{ inserted: boolean }>(
      await tx.execute(sql`
        insert into sms_outbox (to_number, body, kind, batch_id, dedupe_key)
        select m.to_number, m.body, ${INVIGILATOR_DUTY_KIND}, ${batchId}, m.dedupe_key
        from jsonb_to_recordset(${messages}::jsonb) as m(to_number text, body text, dedupe_key text)
        on conflict (dedupe_key) do update
          set body = excluded.body, to_number = excluded.to_number, batch_id = excluded.batch_id, attempts = 0,
            sent_at = null, last_error = null, provider_answer = null, next_attempt_at = now()
          where sms_outbox.body <> excluded.body or sms_outbox.to_number <> excluded.to_number
        returning (xmax = 0) as inserted`),
    );
    const queued = written.filter((row) => row.inserted === true || String(row.inserted) === 'true').length;
    const requeued = written.length - queued;
    if (written.length === 0) {
      // Nothing new: the batch would be empty, so it is not kept.
      await tx.execute(sql`delete from sms_batches where id = ${batchId}`);
    }
    const outcome = { batchId: written.length === 0 ? null : batchId, queued, requeued, unchanged: sendable.length - written.length, withoutMobile, notFinal };
    await recordAudit(tx, { ...actor, action: 'invigilator-sms.send', entity: 'centre_allocations', entityId: allocationId, before: null, after: { ...outcome, venueIds: venueIds ?? null } });
    return outcome;
  });
}

/** Gives the sitting's failed messages (refused for good, or out of attempts) another round of attempts. */
export async function resendFailed(db: Database, allocationId: number, actor: Actor): Promise<{ resent: number }> {
  return db.transaction(async (tx) => {
    await getSitting(tx, allocationId, true);
    const rows = rowsOf<{ id: number }>(
      await tx.execute(sql`
        update sms_outbox o set attempts = 0, next_attempt_at = now(), last_error = null
        from sms_batches b
        where b.id = o.batch_id and b.kind = ${INVIGILATOR_DUTY_KIND} and b.subject = ${batchSubjectOf(allocationId)}
          and o.sent_at is null and o.attempts >= ${MAX_SEND_ATTEMPTS}
        returning o.id`),
    );
    await recordAudit(tx, { ...actor, action: 'invigilator-sms.resend-failed', entity: 'centre_allocations', entityId: allocationId, before: null, after: { resent: rows.length } });
    return { resent: rows.length };
  });
}

type Counts = { total: number; queued: number; retrying: number; sent: number; failed: number };

/**
 * The sitting's messages by batch and in all: queued (waiting for their first or next attempt),
 * retrying (refused for a while, to be tried again), sent and failed; and the failures with the
 * number, the invigilator and the gateway's answer.
 */
export async function progressOf(db: Database, allocationId: number) {
  await getSitting(db, allocationId);
  const counts = sql`
    count(*)::int as total,
    count(*) filter (where o.sent_at is null and o.attempts < ${MAX_SEND_ATTEMPTS} and o.last_error is null)::int as queued,
    count(*) filter (where o.sent_at is null and o.attempts < ${MAX_SEND_ATTEMPTS} and o.last_error is not null)::int as retrying,
    count(*) filter (where o.sent_at is not null)::int as sent,
    count(*) filter (where o.sent_at is null and o.attempts >= ${MAX_SEND_ATTEMPTS})::int as failed`;
  const ofSitting = sql`b.kind = ${INVIGILATOR_DUTY_KIND} and b.subject = ${batchSubjectOf(allocationId)}`;
  const batches = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select b.id, b.created_at as "createdAt", u.username as "createdBy", ${counts}
      from sms_batches b
      left join sms_outbox o on o.batch_id = b.id
      left join users u on u.id = b.created_by
      where ${ofSitting}
      group by b.id, u.id
      order by b.id desc`),
  );
  const failures = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select o.id, o.to_number as "toNumber", i.name_en as "nameEn", i.name_np as "nameNp", o.provider_answer as "providerAnswer",
        o.last_error as "lastError", o.attempts, (o.attempts >= ${MAX_SEND_ATTEMPTS}) as failed
      from sms_outbox o
      join sms_batches b on b.id = o.batch_id
      left join invigilators i on i.id = split_part(o.dedupe_key, ':', 3)::int
      where ${ofSitting} and o.sent_at is null and o.last_error is not null
      order by o.id
      limit 1000`),
  );
  const toCounts = (row: Record<string, unknown>): Counts => ({
    total: Number(row.total ?? 0),
    queued: Number(row.queued ?? 0),
    retrying: Number(row.retrying ?? 0),
    sent: Number(row.sent ?? 0),
    failed: Number(row.failed ?? 0),
  });
  const perBatch = batches.map((row) => ({ id: Number(row.id), createdAt: new Date(row.createdAt as string).toISOString(), createdBy: (row.createdBy as string | null) ?? null, ...toCounts(row) }));
  const totals = perBatch.reduce<Counts>(
    (sum, batch) => ({ total: sum.total + batch.total, queued: sum.queued + batch.queued, retrying: sum.retrying + batch.retrying, sent: sum.sent + batch.sent, failed: sum.failed + batch.failed }),
    { total: 0, queued: 0, retrying: 0, sent: 0, failed: 0 },
  );
  return {
    totals,
    batches: perBatch,
    failures: failures.map((row) => ({
      outboxId: Number(row.id),
      toNumber: row.toNumber as string,
      nameEn: (row.nameEn as string | null) ?? null,
      nameNp: (row.nameNp as string | null) ?? null,
      providerAnswer: (row.providerAnswer as string | null) ?? null,
      attempts: Number(row.attempts),
      failed: row.failed === true || String(row.failed) === 'true',
    })),
  };
}
