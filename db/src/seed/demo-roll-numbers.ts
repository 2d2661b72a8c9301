import { addDaysAd, todayAd } from '@psc/core';
import { and, eq, inArray } from 'drizzle-orm';
import { numberApplicationsStatement } from '../queries/roll-numbers';
import {
  advertisementQuotas,
  examCentres,
  quotas,
  rollNumberRanges,
  rollNumberRuns,
  rollNumberSeries,
  scrutinyAllocationEvents,
  scrutinyAllocations,
  scrutinyFinalisationEvents,
  scrutinyFinalisations,
  users,
} from '../schema/index';
import { seedPaidApplication } from './demo-applications';
import { seedScrutinyDecision } from './demo-scrutiny';
import { demoReceiptCode, seedDemoAdvertisement, type DemoContext } from './demo-stages';

// Roll numbers (spec §2 generate/rollNo): one advertisement of the demo office whose scrutiny is
// finalised, its five applications approved at two exam centres, and roll numbers generated over
// the office's roll-number range, as the generation leaves the tables (the one numbering
// statement the API runs). The demo applicant is one of the five: she sees her roll number on her
// application. The screen may regenerate them (admit cards are not issued).

/** The demo office's roll numbers for the fiscal year (master data roll_number_ranges). */
export const DEMO_ROLL_RANGE = { rollFrom: 10001, rollTo: 19999 };
/** The range the demo generated over; the next advertisement's suggestion starts after it. */
export const DEMO_ROLL_SERIES = { rollFrom: 10001, rollTo: 10010 };

const POKHARA_CENTRE = {
  districtId: 38,
  nameEn: 'Prithvi Narayan Campus Exam Hall, Pokhara',
  nameNp: 'पृथ्वीनारायण क्याम्पस परीक्षा भवन, पोखरा',
  centerCapacity: 400,
  address: 'Bhimkalipatan, Pokhara',
};

async function seedPokharaCentre(context: DemoContext): Promise<number> {
  const [found] = await context.db.select({ id: examCentres.id }).from(examCentres).where(eq(examCentres.nameEn, POKHARA_CENTRE.nameEn)).limit(1);
  return found?.id ?? (await context.db.insert(examCentres).values(POKHARA_CENTRE).returning({ id: examCentres.id }))[0]!.id;
}

export async function seedRollNumbersDemo(context: DemoContext): Promise<void> {
  await seedNumberedAdvertisement(context, 'roll-numbers', DEMO_ROLL_SERIES);
}

/**
 * An advertisement of the demo office, closed 40 days ago, whose five applications (the demo
 * applicant and the scrutiny demo's four, at two exam centres) are approved, scrutiny finalised,
 * and numbered from `series`. Answers its id, or null when it is there already. The later stages
 * (seating) start from one of their own.
 */
export async function seedNumberedAdvertisement(context: DemoContext, key: string, series: { rollFrom: number; rollTo: number }): Promise<number | null> {
  const today = todayAd();
  const dates = {
    publishDate: addDaysAd(today, -70),
    paymentLastDate: addDaysAd(today, -40),
    lastDateForSubmission: addDaysAd(today, -40),
    doubleFeeLastDate: addDaysAd(today, -33),
    ageCutOffDate: addDaysAd(today, -40),
  };
  const applicationFee = 800;
  const pokhara = await seedPokharaCentre(context);
  const { db, accounts, office } = context;
  const advertisement = await seedDemoAdvertisement(context, key, {
    status: 'published',
    dates,
    quotas: [
      { code: 'open', vacancies: 3 },
      { code: 'women', vacancies: 1 },
    ],
    applicationFee,
    examCentreIds: [office.examCentreId, pokhara],
  });
  if (!advertisement) return null;
  const advertisementId = advertisement.advertisementId;

  // The demo applicant and the four candidates of the scrutiny demo (seeded by the stage before).
  const others = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, ['demo.scrutiny.bikash', 'demo.scrutiny.sunita', 'demo.scrutiny.ramesh', 'demo.scrutiny.pooja']));
  const idOf = (username: string) => others.find((row) => row.username === username)?.id;
  const plan = [
    { userId: accounts.applicant, dateOfBirth: '1998-04-14', quotas: ['open', 'women'], centre: office.examCentreId },
    { userId: idOf('demo.scrutiny.bikash'), dateOfBirth: '1994-03-02', quotas: ['open'], centre: pokhara },
    { userId: idOf('demo.scrutiny.sunita'), dateOfBirth: '1996-07-19', quotas: ['open', 'women'], centre: office.examCentreId },
    { userId: idOf('demo.scrutiny.ramesh'), dateOfBirth: '1993-11-05', quotas: ['open'], centre: pokhara },
    { userId: idOf('demo.scrutiny.pooja'), dateOfBirth: '1997-01-28', quotas: ['open', 'women'], centre: office.examCentreId },
  ].filter((entry): entry is typeof entry & { userId: number } => entry.userId !== undefined);
  const quotaRows = await db
    .select({ id: advertisementQuotas.id, code: quotas.code })
    .from(advertisementQuotas)
    .innerJoin(quotas, eq(quotas.id, advertisementQuotas.quotaId))
    .where(eq(advertisementQuotas.advertisementId, advertisementId));
  const advertisementQuotaIdOf = (code: string) => quotaRows.find((row) => row.code === code)!.id;

  // Screened by the administrator (who holds SC too), so the demo scrutiny officer's own queue stays as the scrutiny demo left it.
  const officer = accounts.administrator;
  const allocatedAt = new Date(`${addDaysAd(today, -30)}T04:30:00Z`);
  const applicationIds: number[] = [];
  for (const [index, entry] of plan.entries()) {
    const applicationId = await seedPaidApplication(db, {
      userId: entry.userId,
      advertisementId,
      examCentreId: entry.centre,
      quotas: entry.quotas.map((code) => ({ advertisementQuotaId: advertisementQuotaIdOf(code), code })),
      dateOfBirth: entry.dateOfBirth,
      dates,
      applicationFee,
      receiptCode: demoReceiptCode(),
      submittedAt: new Date(`${addDaysAd(today, -60 + index)}T05:15:00Z`),
      paidAfterMinutes: 30,
    });
    applicationIds.push(applicationId);
  }
  await db.insert(scrutinyAllocations).values(
    applicationIds.map((applicationId) => ({ applicationId, advertisementId, officerUserId: officer, allocatedBy: accounts.administrator, allocatedAt })),
  );
  await db.insert(scrutinyAllocationEvents).values({ advertisementId, action: 'allocate', toOfficerUserId: officer, applicationCount: applicationIds.length, actorUserId: accounts.administrator, at: allocatedAt });
  for (const [index, applicationId] of applicationIds.entries()) {
    await seedScrutinyDecision(db, { applicationId, officerUserId: officer, decision: 'approve', at: new Date(allocatedAt.getTime() + (index + 1) * 3_600_000) });
  }
  const finalisedAt = new Date(`${addDaysAd(today, -20)}T06:00:00Z`);
  await db.insert(scrutinyFinalisations).values({ advertisementId, finalisedBy: accounts.administrator, finalisedAt });
  await db.insert(scrutinyFinalisationEvents).values({ advertisementId, action: 'finalise', actorUserId: accounts.administrator, at: finalisedAt });

  // The office's roll-number range of master data, once a fiscal year, and the generation itself.
  const [range] = await db.select({ id: rollNumberRanges.id }).from(rollNumberRanges).where(and(eq(rollNumberRanges.organizationId, office.organizationId), eq(rollNumberRanges.fiscalYear, office.fiscalYear))).limit(1);
  if (!range) await db.insert(rollNumberRanges).values({ organizationId: office.organizationId, fiscalYear: office.fiscalYear, ...DEMO_ROLL_RANGE });
  const generatedAt = new Date(`${addDaysAd(today, -15)}T05:00:00Z`);
  await db.execute(numberApplicationsStatement({ id: advertisementId, organizationId: office.organizationId, fiscalYear: office.fiscalYear }, series.rollFrom, false));
  await db.insert(rollNumberSeries).values({ advertisementId, organizationId: office.organizationId, fiscalYear: office.fiscalYear, ...series, generatedBy: accounts.administrator, generatedAt });
  await db.insert(rollNumberRuns).values({ advertisementId, action: 'generate', ...series, assignedCount: applicationIds.length, actorUserId: accounts.administrator, at: generatedAt });
  return advertisementId;
}
