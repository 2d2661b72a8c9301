import type { Database } from '@psc/db';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../applications/rows-of';
import { recordAudit } from '../audit/record-audit';
import { AppError } from '../http/errors';
import { findPublishedSelectionId, lockSelection, type Actor, type SelectionKind } from './save-selection';
import { selectionMessageTemplates } from './selection-messages';

export const SELECTION_MESSAGE_KIND = 'selection-result';

/**
 * Publishes a draft: at most one published selection per advertisement and kind (the partial
 * unique index says so too). A written result carries the interview's date, time and place
 * (rule 15). Every person on the list, withheld ones excepted, gets one SMS and one e-mail,
 * queued set-wise; a message already queued for the same advertisement, kind, person and outcome
 * is not queued again (republishing after a revert sends only what changed).
 */
export async function publishSelection(db: Database, kind: SelectionKind, selectionId: number, actor: Actor) {
  return db.transaction(async (tx) => {
    const selection = await lockSelection(tx, kind, selectionId);
    if (selection.status !== 'draft') throw new AppError('CONFLICT', { messageKey: 'selection.notDraft' });
    if (kind === 'written' && (!selection.interviewAt || !(selection.interviewPlaceEn || selection.interviewPlaceNp))) {
      throw new AppError('UNPROCESSABLE', { messageKey: 'selection.interviewMissing' });
    }
    if ((await findPublishedSelectionId(tx, selection.advertisementId, kind)) !== null) throw new AppError('CONFLICT', { messageKey: 'selection.alreadyPublished' });
    await tx.execute(sql`update selections set status = 'published', published_by = ${actor.actorUserId}, published_at = now() where id = ${selectionId}`);
    const templates = JSON.stringify(selectionMessageTemplates(selection));
    const [queued] = rowsOf<{ sms: number; mails: number }>(
      await tx.execute(sql`
        with templates as (
          select * from jsonb_to_recordset(${templates}::jsonb) as t(outcome text, sms text, subject text, mail text)
        ),
        recipients as (
          select e.application_id, e.outcome, u.id as user_id, u.mobile, u.email, t.subject,
            replace(replace(replace(replace(t.sms, '{roll}', e.roll_number::text), '{rollNp}', translate(e.roll_number::text, '0123456789', '०१२३४५६७८९')),
              '{nameEn}', concat_ws(' ', u.first_name_en, u.middle_name_en, u.last_name_en)),
              '{nameNp}', coalesce(nullif(concat_ws(' ', u.first_name_np, u.middle_name_np, u.last_name_np), ''), concat_ws(' ', u.first_name_en, u.middle_name_en, u.last_name_en))) as sms_body,
            replace(replace(replace(replace(t.mail, '{roll}', e.roll_number::text), '{rollNp}', translate(e.roll_number::text, '0123456789', '०१२३४५६७८९')),
              '{nameEn}', concat_ws(' ', u.first_name_en, u.middle_name_en, u.last_name_en)),
              '{nameNp}', coalesce(nullif(concat_ws(' ', u.first_name_np, u.middle_name_np, u.last_name_np), ''), concat_ws(' ', u.first_name_en, u.middle_name_en, u.last_name_en))) as mail_body
          from selection_entries e
          join templates t on t.outcome = e.outcome
          join applications a on a.id = e.application_id
          join users u on u.id = a.user_id
          where e.selection_id = ${selectionId}
            and not exists (select 1 from result_withholds w where w.application_id = e.application_id and w.released_at is null)
        ),
        sms as (
          insert into sms_outbox (to_number, body, kind, user_id, dedupe_key)
          select r.mobile, r.sms_body, ${SELECTION_MESSAGE_KIND}::text, r.user_id,
            concat_ws(':', ${SELECTION_MESSAGE_KIND}::text, ${selection.advertisementId}::text, ${kind}::text, r.application_id::text, r.outcome)
          from recipients r
          where r.mobile ~ '^9[678][0-9]{8}$'
          on conflict (dedupe_key) do nothing
          returning id
        ),
        mails as (
          insert into mail_outbox (to_address, subject, body_text, kind, user_id)
          select r.email, r.subject, r.mail_body, ${SELECTION_MESSAGE_KIND}::text, r.user_id
          from recipients r
          where not exists (select 1 from mail_outbox m where m.user_id = r.user_id and m.kind = ${SELECTION_MESSAGE_KIND}::text and m.subject = r.subject and m.body_text = r.mail_body)
          returning id
        )
        select (select count(*) from sms)::int as sms, (select count(*) from mails)::int as mails`),
    );
    const outcome = { id: selectionId, smsQueued: Number(queued?.sms ?? 0), mailsQueued: Number(queued?.mails ?? 0) };
    await recordAudit(tx, { ...actor, action: `${kind}-selection.publish`, entity: 'selections', entityId: selectionId, before: { status: 'draft' }, after: { status: 'published', ...outcome } });
    return outcome;
  });
}

/**
 * Takes a published selection back to draft (spec §4 "revert"), e.g. to correct it. A written
 * result stays while the final selection built on its shortlist is published. Messages already
 * sent stay sent.
 */
export async function unpublishSelection(db: Database, kind: SelectionKind, selectionId: number, actor: Actor) {
  return db.transaction(async (tx) => {
    const selection = await lockSelection(tx, kind, selectionId);
    if (selection.status !== 'published') throw new AppError('CONFLICT', { messageKey: 'selection.notPublished' });
    if (kind === 'written' && (await findPublishedSelectionId(tx, selection.advertisementId, 'final')) !== null) {
      throw new AppError('CONFLICT', { messageKey: 'selection.finalPublished' });
    }
    // A draft of the same kind would now be a second draft; the one being reverted replaces it.
    await tx.execute(sql`delete from selections where advertisement_id = ${selection.advertisementId} and kind = ${kind} and status = 'draft'`);
    await tx.execute(sql`update selections set status = 'draft', published_by = null, published_at = null where id = ${selectionId}`);
    await recordAudit(tx, { ...actor, action: `${kind}-selection.unpublish`, entity: 'selections', entityId: selectionId, before: { status: 'published' }, after: { status: 'draft' } });
    return { id: selectionId };
  });
}
