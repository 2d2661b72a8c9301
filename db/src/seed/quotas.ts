import { eq } from 'drizzle-orm';
import type { Database } from '../connect';
import { quotaShares, quotas } from '../schema/index';

/**
 * The reservation quotas of the civil service and their shares for the automatic percentage
 * distribution. Civil Service Act 2049, section 7(7) as amended in 2064: 45% of the posts filled
 * by open competition are reserved, and that 45% is split women 33%, Adivasi/Janajati 27%,
 * Madhesi 22%, Dalit 9%, persons with disabilities 5% and backward regions 4%. The shares below
 * are of all vacancies, in hundredths of a percent (45% x 33% = 14.85% -> 1485). Internal
 * competition has no fixed share here: it is set per requisition. Staff change these on the
 * configuration screen; the seed never overwrites them.
 */
export const SEEDED_QUOTAS = [
  { code: 'open', nameEn: 'Open', nameNp: 'खुला', basisPoints: 5500 },
  { code: 'women', nameEn: 'Women', nameNp: 'महिला', basisPoints: 1485 },
  { code: 'adivasi-janajati', nameEn: 'Adivasi/Janajati', nameNp: 'आदिवासी/जनजाति', basisPoints: 1215 },
  { code: 'madhesi', nameEn: 'Madhesi', nameNp: 'मधेसी', basisPoints: 990 },
  { code: 'dalit', nameEn: 'Dalit', nameNp: 'दलित', basisPoints: 405 },
  { code: 'disabled', nameEn: 'Persons with disabilities', nameNp: 'अपाङ्गता भएका', basisPoints: 225 },
  { code: 'backward-area', nameEn: 'Backward area', nameNp: 'पिछडिएको क्षेत्र', basisPoints: 180 },
  { code: 'internal', nameEn: 'Internal competition', nameNp: 'आन्तरिक प्रतियोगिता', basisPoints: 0 },
] as const;

/** Inserts the quotas and their shares when missing; safe to run on every start. */
export async function seedQuotas(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    for (const quota of SEEDED_QUOTAS) {
      await tx.insert(quotas).values({ code: quota.code, nameEn: quota.nameEn, nameNp: quota.nameNp }).onConflictDoNothing({ target: quotas.code });
      const [row] = await tx.select({ id: quotas.id }).from(quotas).where(eq(quotas.code, quota.code));
      await tx.insert(quotaShares).values({ quotaId: row!.id, basisPoints: quota.basisPoints }).onConflictDoNothing();
    }
  });
}
