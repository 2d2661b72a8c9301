import { orderQuotas, resolveSelectionRules, todayAd, type Language, type SelectionRulesInput } from '@psc/core';
import type { Database } from '@psc/db';
import { renderDocumentsHtml, SelectionList, type SelectionListEntry } from '@psc/print-templates';
import { sql } from 'drizzle-orm';
import { createElement } from 'react';
import { rowsOf } from '../applications/rows-of';
import { printPdf } from '../admit-cards/pdf-printer';
import type { Config } from '../config';
import { AppError } from '../http/errors';
import { formatMoment } from '../messaging/templates/bilingual';
import type { SelectionKind } from './save-selection';

// The published list as a PDF (spec §2 written-selection, finalSelection "download"): one table
// per quota in the order the quotas were filled, withheld results left out (never published).

type Which = { selectionId: number } | { advertisementCode: string };

export async function selectionListPdf(deps: { db: Database; config: Pick<Config, 'chromiumPath'> }, kind: SelectionKind, which: Which, lang: Language) {
  const where = 'selectionId' in which ? sql`s.id = ${which.selectionId}` : sql`a.code = ${which.advertisementCode} and s.status = 'published'`;
  const [selection] = rowsOf<Record<string, unknown>>(
    await deps.db.execute(sql`
      select s.id, a.code, s.rules, s.interview_at as "interviewAt", s.interview_place_en as "placeEn", s.interview_place_np as "placeNp"
      from selections s join advertisements a on a.id = s.advertisement_id
      where s.kind = ${kind} and ${where}`),
  );
  if (!selection) throw new AppError('NOT_FOUND', { messageKey: 'selection.notFound' });
  const entries = rowsOf<Record<string, unknown>>(
    await deps.db.execute(sql`
      select e.quota_code as "quotaCode", q.name_en as "quotaEn", q.name_np as "quotaNp", e.roll_number as "rollNumber", e.position, e.outcome, e.total_marks::text as "totalMarks",
        concat_ws(' ', u.first_name_en, u.middle_name_en, u.last_name_en) as "nameEn",
        nullif(concat_ws(' ', u.first_name_np, u.middle_name_np, u.last_name_np), '') as "nameNp"
      from selection_entries e
      join applications ap on ap.id = e.application_id
      join users u on u.id = ap.user_id
      left join quotas q on q.code = e.quota_code
      where e.selection_id = ${Number(selection.id)}
        and not exists (select 1 from result_withholds w where w.application_id = e.application_id and w.released_at is null)
      order by case e.outcome when 'alternate' then 1 else 0 end, e.position`),
  );
  const stored = (typeof selection.rules === 'string' ? JSON.parse(selection.rules) : selection.rules) as SelectionRulesInput;
  const byQuota = new Map<string, { name: string; entries: SelectionListEntry[] }>();
  for (const row of entries) {
    const code = String(row.quotaCode);
    const name = (lang === 'ne' ? (row.quotaNp as string | null) : (row.quotaEn as string | null)) ?? code;
    const quota = byQuota.get(code) ?? { name, entries: [] };
    quota.entries.push({
      rollNumber: Number(row.rollNumber),
      name: lang === 'ne' ? ((row.nameNp as string | null) ?? String(row.nameEn)) : String(row.nameEn),
      position: Number(row.position),
      outcome: row.outcome as SelectionListEntry['outcome'],
      totalMarks: row.totalMarks === null ? null : Number(row.totalMarks),
    });
    byQuota.set(code, quota);
  }
  const quotas = orderQuotas([...byQuota.keys()], resolveSelectionRules(stored)).map((code) => byQuota.get(code)!);
  const interview = selection.interviewAt
    ? `${formatMoment(new Date(selection.interviewAt as string))[lang === 'ne' ? 'ne' : 'en']}, ${(lang === 'ne' ? (selection.placeNp ?? selection.placeEn) : (selection.placeEn ?? selection.placeNp)) ?? ''}`
    : null;
  const html = renderDocumentsHtml([createElement(SelectionList, { lang, kind, advertisementCode: String(selection.code), interview, quotas, printedOnAd: todayAd() })], { lang });
  return { pdf: await printPdf(deps.config, html), fileName: `${kind}-selection-${String(selection.code).replace(/[^\w-]/g, '-')}.pdf` };
}
