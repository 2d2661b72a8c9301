import { resolveSelectionRules, selectFinalMerit, selectWrittenShortlist, type QuotaSummary, type SelectionEntry, type SelectionRules, type SelectionRulesInput } from '@psc/core';
import type { Database } from '@psc/db';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../applications/rows-of';
import { recordAudit } from '../audit/record-audit';
import { AppError } from '../http/errors';
import { readSelectionAdvertisement, readSelectionCandidates } from './read-selection-candidates';

// Written selection [WS] and final selection [FS] (spec §2 written-selection add, finalSelection
// add-new-selection): computed from verified marks by core's rules, previewed, saved as a draft.

export type SelectionKind = 'written' | 'final';
export type Actor = { actorUserId: number; requestId?: string | null; ipAddress?: string | null };
type Executor = Pick<Database, 'execute'>;

export type SelectionInput = {
  advertisementId: number;
  rules?: SelectionRulesInput | undefined;
  interviewAt?: string | null | undefined;
  interviewPlaceEn?: string | null | undefined;
  interviewPlaceNp?: string | null | undefined;
  notes?: string | null | undefined;
};

export type ComputedSelection = {
  advertisement: { id: number; code: string };
  rules: SelectionRules;
  considered: number;
  quotas: QuotaSummary[];
  entries: SelectionEntry[];
  withheld: { applicationId: number; quotaCode: string }[];
};

/** The id of the advertisement's published selection of this kind, or null. */
export async function findPublishedSelectionId(db: Executor, advertisementId: number, kind: SelectionKind): Promise<number | null> {
  const [row] = rowsOf<{ id: number }>(await db.execute(sql`select id from selections where advertisement_id = ${advertisementId} and kind = ${kind} and status = 'published'`));
  return row ? Number(row.id) : null;
}

/** Computes the selection without saving it (the preview, per quota). */
export async function computeSelection(db: Executor, kind: SelectionKind, advertisementId: number, rulesInput: SelectionRulesInput | undefined): Promise<ComputedSelection> {
  const advertisement = await readSelectionAdvertisement(db, advertisementId);
  const rules = resolveSelectionRules(rulesInput);
  // The final merit considers whom the published written result shortlisted (rule 15: the others are not interviewed).
  const shortlist = kind === 'final' ? await findPublishedSelectionId(db, advertisementId, 'written') : null;
  const candidates = await readSelectionCandidates(db, advertisementId, shortlist, kind === 'written');
  const result =
    kind === 'written' ? selectWrittenShortlist(candidates, advertisement.quotaPosts, rules, { hasPractical: advertisement.hasPractical }) : selectFinalMerit(candidates, advertisement.quotaPosts, rules);
  return { advertisement: { id: advertisement.id, code: advertisement.code }, rules, considered: candidates.length, ...result };
}

/**
 * Saves the computed selection as the advertisement's draft of this kind, replacing an earlier
 * draft (drafts are working copies; a published one stays until unpublished). The entries go in
 * with one set-based insert. `rules` keeps the rules it was made with and what they gave per
 * quota (empty places, places held for withheld candidates), so the view reads them back.
 */
export async function saveSelectionDraft(db: Database, kind: SelectionKind, input: SelectionInput, actor: Actor) {
  return db.transaction(async (tx) => {
    // One writer per advertisement at a time: two staff saving at once would both replace the draft.
    const [advertisement] = rowsOf<{ id: number }>(await tx.execute(sql`select id from advertisements where id = ${input.advertisementId} for update`));
    if (!advertisement) throw new AppError('NOT_FOUND', { messageKey: 'selection.advertisementNotFound' });
    const computed = await computeSelection(tx, kind, input.advertisementId, input.rules);
    if (computed.entries.length === 0) throw new AppError('UNPROCESSABLE', { messageKey: 'selection.nothingToSelect' });
    await tx.execute(sql`delete from selections where advertisement_id = ${input.advertisementId} and kind = ${kind} and status = 'draft'`);
    const stored = { ...computed.rules, report: { considered: computed.considered, quotas: computed.quotas, withheld: computed.withheld } };
    const [selection] = rowsOf<{ id: number }>(
      await tx.execute(sql`
        insert into selections (advertisement_id, kind, status, rules, interview_at, interview_place_en, interview_place_np, notes, created_by)
        values (${input.advertisementId}, ${kind}, 'draft', ${JSON.stringify(stored)}::jsonb, ${input.interviewAt ?? null}, ${input.interviewPlaceEn ?? null},
          ${input.interviewPlaceNp ?? null}, ${input.notes ?? null}, ${actor.actorUserId})
        returning id`),
    );
    const selectionId = Number(selection!.id);
    const entries = JSON.stringify(
      computed.entries.map((entry) => ({ application_id: entry.applicationId, roll_number: entry.rollNumber, quota_code: entry.quotaCode, position: entry.position, total_marks: entry.totalMarks, outcome: entry.outcome })),
    );
    await tx.execute(sql`
      insert into selection_entries (selection_id, application_id, roll_number, quota_code, position, total_marks, outcome)
      select ${selectionId}, e.application_id, e.roll_number, e.quota_code, e.position, e.total_marks, e.outcome
      from jsonb_to_recordset(${entries}::jsonb) as e(application_id int, roll_number bigint, quota_code text, position int, total_marks numeric, outcome text)`);
    const summary = { id: selectionId, kind, advertisementId: input.advertisementId, entries: computed.entries.length, quotas: computed.quotas, withheld: computed.withheld.length };
    await recordAudit(tx, { ...actor, action: `${kind}-selection.save`, entity: 'selections', entityId: selectionId, before: null, after: { ...summary, rules: computed.rules } });
    return summary;
  });
}

/** Deletes a draft (a published selection is unpublished first). */
export async function deleteSelectionDraft(db: Database, kind: SelectionKind, selectionId: number, actor: Actor) {
  return db.transaction(async (tx) => {
    const selection = await lockSelection(tx, kind, selectionId);
    if (selection.status !== 'draft') throw new AppError('CONFLICT', { messageKey: 'selection.notDraft' });
    await tx.execute(sql`delete from selections where id = ${selectionId}`);
    await recordAudit(tx, { ...actor, action: `${kind}-selection.delete`, entity: 'selections', entityId: selectionId, before: selection, after: null });
    return { id: selectionId };
  });
}

export type LockedSelection = { id: number; advertisementId: number; advertisementCode: string; kind: SelectionKind; status: 'draft' | 'published'; interviewAt: string | null; interviewPlaceEn: string | null; interviewPlaceNp: string | null };

/** The selection of this kind, locked for the transaction's change; NOT_FOUND for another kind's id. */
export async function lockSelection(tx: Executor, kind: SelectionKind, selectionId: number): Promise<LockedSelection> {
  const [row] = rowsOf<Record<string, unknown>>(
    await tx.execute(sql`
      select s.id, s.advertisement_id as "advertisementId", a.code as "advertisementCode", s.kind, s.status,
        s.interview_at as "interviewAt", s.interview_place_en as "interviewPlaceEn", s.interview_place_np as "interviewPlaceNp"
      from selections s join advertisements a on a.id = s.advertisement_id
      where s.id = ${selectionId} and s.kind = ${kind}
      for update of s`),
  );
  if (!row) throw new AppError('NOT_FOUND', { messageKey: 'selection.notFound' });
  return {
    id: Number(row.id),
    advertisementId: Number(row.advertisementId),
    advertisementCode: String(row.advertisementCode),
    kind: row.kind as SelectionKind,
    status: row.status as 'draft' | 'published',
    interviewAt: row.interviewAt === null ? null : new Date(row.interviewAt as string).toISOString(),
    interviewPlaceEn: (row.interviewPlaceEn as string | null) ?? null,
    interviewPlaceNp: (row.interviewPlaceNp as string | null) ?? null,
  };
}
