import { ageOn, todayAd } from '@psc/core';
import { prepareStatement, type Database } from '@psc/db';
import { sql } from 'drizzle-orm';
import { chargeLines, chosenQuotaCodes, feeChoiceOf, quoteFor, type PricedQuote } from '../../api/src/applications/fee-choice';
import { loadApplyAdvertisement } from '../../api/src/applications/load-apply-context';
import { createReceiptCode } from '../../api/src/applications/receipt-code';
import { SUBMIT_APPLICATIONS_SQL } from '../../api/src/applications/submit-application';
import { ADVERTISEMENT_COUNT, dateOfBirthOf, quotaChoiceOf, type ApplyWorld } from './apply-seed';

// The applications the reads benchmark reads: candidates 0..applied-1 have each applied to
// `perCandidate` advertisements, written in bulk by the submit's own statement
// (SUBMIT_APPLICATIONS_SQL: application, quotas, charge, "submitted" event) with the rows the API
// would have made for those submits: the fee from the one fee rule, the age on the cut-off date,
// a receipt code from the API's own maker. Thousands of rows a statement instead of one HTTP
// submit each, so seeding 100,000 applications takes seconds.

/** Rows a statement: one JSON parameter of about a megabyte. */
const ROWS_PER_STATEMENT = 2000;

export type SeededApplications = {
  /** Candidates 0..applied-1 have applied; the others have not applied anywhere. */
  applied: number;
  perCandidate: number;
  /** The id of candidate i's first application (i < applied). */
  firstApplicationIds: number[];
  /** One receipt code of each applied candidate, in candidate order. */
  receiptCodes: string[];
};

/** Advertisement k of candidate i (k < perCandidate): distinct for every k below 20 (7 and 20 share no factor). */
const spreadOverAdvertisements = (index: number, k: number) => (index + 7 * k) % ADVERTISEMENT_COUNT;

/**
 * `appliedAdvertisementOf(i, k)` picks the index of candidate i's k-th advertisement: spread over
 * the twenty unless a benchmark wants them elsewhere (the scrutiny one puts all on one).
 */
export async function seedApplications(
  db: Database,
  world: ApplyWorld,
  applied: number,
  perCandidate: number,
  log: (line: string) => void,
  appliedAdvertisementOf: (index: number, k: number) => number = spreadOverAdvertisements,
): Promise<SeededApplications> {
  const started = performance.now();
  const today = todayAd();
  const advertisements = await Promise.all(
    world.advertisements.map(async (seeded) => {
      const advertisement = await loadApplyAdvertisement(db, seeded.id);
      if (!advertisement?.ageCutOffDate) throw new Error(`seeded advertisement ${seeded.id} is not open for applying (no age cut-off date)`);
      return advertisement;
    }),
  );
  const statement = prepareStatement<{ receiptCode: string; id: number }>(db, 'bench_submit_applications', SUBMIT_APPLICATIONS_SQL);
  const firstApplicationIds = new Array<number>(applied);
  const receiptCodes = new Array<string>(applied);
  let rows: Record<string, unknown>[] = [];
  let owners: { index: number; first: boolean }[] = [];
  let written = 0;
  const flush = async () => {
    const answers = await statement.all({ rows: JSON.stringify(rows) });
    const idByCode = new Map(answers.map((answer) => [answer.receiptCode, answer.id]));
    rows.forEach((row, at) => {
      const id = idByCode.get(row.receipt_code as string);
      if (id === undefined) throw new Error(`the submit statement wrote nothing for candidate ${owners[at]!.index}`);
      if (owners[at]!.first) {
        firstApplicationIds[owners[at]!.index] = id;
        receiptCodes[owners[at]!.index] = row.receipt_code as string;
      }
    });
    written += rows.length;
    rows = [];
    owners = [];
  };
  for (let index = 0; index < applied; index += 1) {
    for (let k = 0; k < perCandidate; k += 1) {
      const seeded = world.advertisements[appliedAdvertisementOf(index, k)]!;
      const advertisement = advertisements[appliedAdvertisementOf(index, k)]!;
      const quotaIds = quotaChoiceOf(index, seeded);
      const codes = chosenQuotaCodes(advertisement, quotaIds);
      const choice = feeChoiceOf(codes, { serviceCount: 1, clusterCount: 1 });
      const quote = quoteFor(advertisement, choice, today) as PricedQuote;
      const age = ageOn(dateOfBirthOf(index), advertisement.ageCutOffDate!);
      // As submitApplication builds its row.
      rows.push({
        user_id: world.firstUserId + index,
        advertisement_id: seeded.id,
        faculty_id: world.facultyId,
        optional_subject_id: null,
        exam_centre_id: seeded.examCentreId,
        age_years: age.years,
        age_months: age.months,
        age_days: age.days,
        qualification_answers: {},
        receipt_code: createReceiptCode(),
        is_free: quote.amount === 0,
        quota_ids: quotaIds,
        purpose: quote.period === 'double-fee' ? 'double-fee' : 'application',
        amount: quote.amount,
        charge_lines: chargeLines(quote, choice),
        event_detail: { messageKey: 'application.event.submitted', params: { quotas: codes.join(', '), amount: quote.amount } },
      });
      owners.push({ index, first: k === 0 });
      if (rows.length >= ROWS_PER_STATEMENT) await flush();
    }
  }
  if (rows.length > 0) await flush();
  // Settled, as after the seed of candidates: fresh statistics, nothing left for autovacuum.
  await db.execute(sql`vacuum analyze applications, application_quotas, charges, application_events`);
  await db.execute(sql`checkpoint`);
  log(
    `seeded ${written.toLocaleString('en')} applications (${applied.toLocaleString('en')} candidates, ${perCandidate} advertisements each) with the submit's own statement, ` +
      `${ROWS_PER_STATEMENT} a statement, in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return { applied, perCandidate, firstApplicationIds, receiptCodes };
}
