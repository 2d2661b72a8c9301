import type { QuotaPosts, SelectionCandidate } from '@psc/core';
import { parseSelectionCandidates, selectionCandidatesStatement, type Database } from '@psc/db';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../applications/rows-of';
import { AppError } from '../http/errors';

type Executor = Pick<Database, 'execute'>;

export type SelectionAdvertisement = { id: number; code: string; hasPractical: boolean; quotaPosts: QuotaPosts[] };

/** The advertisement, its posts per quota and whether it has a practical exam (rule 15's second table). */
export async function readSelectionAdvertisement(db: Executor, advertisementId: number): Promise<SelectionAdvertisement> {
  const [advertisement] = rowsOf<{ id: number; code: string }>(await db.execute(sql`select id, code from advertisements where id = ${advertisementId}`));
  if (!advertisement) throw new AppError('NOT_FOUND', { messageKey: 'selection.advertisementNotFound' });
  const quotas = rowsOf<{ quotaCode: string; posts: number }>(
    await db.execute(sql`
      select q.code as "quotaCode", aq.vacancies as posts
      from advertisement_quotas aq join quotas q on q.id = aq.quota_id
      where aq.advertisement_id = ${advertisementId}
      order by q.code`),
  );
  const [practical] = rowsOf<{ hasPractical: boolean }>(
    await db.execute(sql`
      select exists (
        select 1 from paper_results r join exam_papers p on p.id = r.exam_paper_id
        where r.advertisement_id = ${advertisementId} and p.test_type = 'practical'
      ) as "hasPractical"`),
  );
  return {
    id: Number(advertisement.id),
    code: advertisement.code,
    hasPractical: practical?.hasPractical === true || String(practical?.hasPractical) === 'true',
    quotaPosts: quotas.map((quota) => ({ quotaCode: quota.quotaCode, posts: Number(quota.posts) })),
  };
}

/**
 * Everyone of the advertisement the selection may consider (db's selectionCandidatesStatement: from
 * verified marks, those who passed every written paper). Names only for a written list.
 */
export async function readSelectionCandidates(db: Executor, advertisementId: number, onlyShortlistedIn: number | null, withNames = true): Promise<SelectionCandidate[]> {
  const [answer] = rowsOf<{ rows: string | null }>(await db.execute(selectionCandidatesStatement(advertisementId, onlyShortlistedIn, withNames)));
  return parseSelectionCandidates(answer?.rows ?? null);
}
