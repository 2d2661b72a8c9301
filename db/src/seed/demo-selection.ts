import { addDaysAd, resolveSelectionRules, selectFinalMerit, selectWrittenShortlist, todayAd, type QuotaPosts, type SelectionResult } from '@psc/core';
import { and, eq, sql } from 'drizzle-orm';
import { parseSelectionCandidates, selectionCandidatesStatement } from '../queries/selection-candidates';
import { advertisements, requisitions } from '../schema/index';
import type { DemoContext } from './demo-stages';

// Written and final selection (spec §2 written-selection [WS], finalSelection [FS]): the old
// admit-card demo's verified marks (results stage) give its written result, published with an
// interview a week ahead, and its final merit list, published too, by core's rules with the
// commission's defaults, as the workstation's screens would save them. No message is queued: the
// demo's candidates are not real people to send an SMS to.

const rowsOf = (result: unknown) => (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, unknown>[];

export async function seedSelectionDemo(context: DemoContext): Promise<void> {
  const { db, accounts, office } = context;
  const [advertisement] = await db
    .select({ id: advertisements.id })
    .from(advertisements)
    .innerJoin(requisitions, eq(requisitions.id, advertisements.requisitionId))
    .where(and(eq(requisitions.requisitionNo, `DEMO-old-admit-cards-${office.fiscalYear}`), eq(advertisements.organizationId, office.organizationId)))
    .limit(1);
  if (!advertisement) return;
  if (rowsOf(await db.execute(sql`select 1 from selections where advertisement_id = ${advertisement.id} limit 1`)).length > 0) return;
  const quotaPosts = rowsOf(
    await db.execute(sql`select q.code as "quotaCode", aq.vacancies as posts from advertisement_quotas aq join quotas q on q.id = aq.quota_id where aq.advertisement_id = ${advertisement.id}`),
  ).map((row): QuotaPosts => ({ quotaCode: String(row.quotaCode), posts: Number(row.posts) }));
  const rules = resolveSelectionRules({});
  const publish = async (kind: 'written' | 'final', result: SelectionResult, considered: number, interview: { at: string; placeEn: string; placeNp: string } | null) => {
    const stored = { ...rules, report: { considered, quotas: result.quotas, withheld: result.withheld } };
    const [selection] = rowsOf(
      await db.execute(sql`
        insert into selections (advertisement_id, kind, status, rules, interview_at, interview_place_en, interview_place_np, created_by, published_by, published_at)
        values (${advertisement.id}, ${kind}, 'published', ${JSON.stringify(stored)}::jsonb, ${interview?.at ?? null}::timestamptz, ${interview?.placeEn ?? null}, ${interview?.placeNp ?? null},
          ${accounts.administrator}, ${accounts.administrator}, now())
        returning id`),
    );
    const entries = JSON.stringify(result.entries.map((entry) => ({ ...entry, total: entry.totalMarks })));
    await db.execute(sql`
      insert into selection_entries (selection_id, application_id, roll_number, quota_code, position, total_marks, outcome)
      select ${Number(selection!.id)}, e."applicationId", e."rollNumber", e."quotaCode", e.position, e.total, e.outcome
      from jsonb_to_recordset(${entries}::jsonb) as e("applicationId" int, "rollNumber" bigint, "quotaCode" text, position int, total numeric, outcome text)`);
    return Number(selection!.id);
  };
  const candidates = parseSelectionCandidates(String(rowsOf(await db.execute(selectionCandidatesStatement(advertisement.id, null, true)))[0]?.rows ?? '[]'));
  if (candidates.length === 0) return;
  const written = selectWrittenShortlist(candidates, quotaPosts, rules, { hasPractical: false });
  const writtenId = await publish('written', written, candidates.length, {
    at: `${addDaysAd(todayAd(), 7)}T10:00:00+05:45`,
    placeEn: 'Public Service Commission, Anamnagar, Kathmandu',
    placeNp: 'लोक सेवा आयोग, अनामनगर, काठमाडौं',
  });
  const shortlisted = parseSelectionCandidates(String(rowsOf(await db.execute(selectionCandidatesStatement(advertisement.id, writtenId, false)))[0]?.rows ?? '[]'));
  await publish('final', selectFinalMerit(shortlisted, quotaPosts, rules), shortlisted.length, null);
}
