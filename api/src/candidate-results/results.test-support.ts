// Results as the upload, verification and selection steps leave them, written straight in SQL so
// these tests need none of those screens: verified attendance and marks per paper, and a selection
// published with its entries. E2e and the certificate tests use the same helpers.
import type { Database } from '@psc/db';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../applications/rows-of';
import { findAdministratorId } from '../test-support/recruitment-fixtures';

export type PublishedEntry = {
  applicationId: number;
  marks: number | null;
  quotaCode?: string;
  position?: number;
  outcome?: 'shortlisted' | 'selected' | 'alternate';
};

/** Verified results of one paper for each entry (absent when marks is null), by the administrator. */
export async function recordVerifiedResults(db: Database, examPaperId: number, entries: readonly PublishedEntry[]) {
  const admin = await findAdministratorId(db);
  for (const entry of entries) {
    const isPresent = entry.marks !== null;
    await db.execute(sql`
      insert into paper_results (application_id, exam_paper_id, advertisement_id, roll_number, is_present, attendance_status, attendance_verified_by, attendance_verified_at,
        marks, is_pass, marks_status, marks_verified_by, marks_verified_at)
      select a.id, ${examPaperId}, a.advertisement_id, rn.roll_number, ${isPresent}, 'verified', ${admin}, now(),
        ${entry.marks}::numeric, ${isPresent ? (entry.marks ?? 0) >= 40 : null}::boolean, ${isPresent ? 'verified' : null}, ${isPresent ? admin : null}::int, ${isPresent ? sql`now()` : sql`null`}
      from applications a join roll_numbers rn on rn.application_id = a.id where a.id = ${entry.applicationId}
      on conflict (application_id, exam_paper_id) do nothing`);
  }
}

/**
 * A selection of the advertisement, published now unless `status` says draft, with an entry for
 * each of `entries` that has an outcome (in the order given, positions 1, 2, ... per quota unless
 * given). Answers the selection's id.
 */
export async function publishSelection(
  db: Database,
  input: { advertisementId: number; kind: 'written' | 'final'; entries: readonly PublishedEntry[]; status?: 'draft' | 'published' },
): Promise<number> {
  const admin = await findAdministratorId(db);
  const isPublished = (input.status ?? 'published') === 'published';
  const [selection] = rowsOf<{ id: number }>(
    await db.execute(sql`
      insert into selections (advertisement_id, kind, status, created_by, published_by, published_at)
      values (${input.advertisementId}, ${input.kind}, ${isPublished ? 'published' : 'draft'}, ${admin}, ${isPublished ? admin : null}::int, ${isPublished ? sql`now()` : sql`null`})
      returning id`),
  );
  const places = new Map<string, number>();
  for (const entry of input.entries) {
    if (!entry.outcome) continue;
    const quotaCode = entry.quotaCode ?? 'open';
    const position = entry.position ?? (places.get(quotaCode) ?? 0) + 1;
    places.set(quotaCode, position);
    await db.execute(sql`
      insert into selection_entries (selection_id, application_id, roll_number, quota_code, position, total_marks, outcome)
      select ${selection!.id}, a.id, rn.roll_number, ${quotaCode}, ${position}, ${entry.marks}::numeric, ${entry.outcome}
      from applications a join roll_numbers rn on rn.application_id = a.id where a.id = ${entry.applicationId}`);
  }
  return Number(selection!.id);
}

/** Holds one application's result back, as a court order would. */
export async function withholdResult(db: Database, input: { advertisementId: number; applicationId: number }) {
  const admin = await findAdministratorId(db);
  await db.execute(sql`
    insert into result_withholds (advertisement_id, application_id, reason, order_reference, withheld_by)
    values (${input.advertisementId}, ${input.applicationId}, 'Writ petition pending', 'SC 081-WO-0042', ${admin})`);
}

/** A certificate configuration of the advertisement, without a seal. */
export async function configureCertificate(db: Database, advertisementId: number) {
  const admin = await findAdministratorId(db);
  await db.execute(sql`
    insert into certificate_configurations (advertisement_id, body_np, body_en, signatory_name_np, signatory_name_en, signatory_title_np, signatory_title_en, updated_by)
    values (${advertisementId}, '{name} (रोल नं. {rollNumber}) लाई {post} पदमा सिफारिस गरिएको छ।', '{name} (roll number {rollNumber}) is recommended for the post of {post}.',
      'रामचन्द्र पौडेल', 'Ramchandra Poudel', 'सचिव', 'Secretary', ${admin})
    on conflict (advertisement_id) do nothing`);
}
