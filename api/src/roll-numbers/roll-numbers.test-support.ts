// Roll-number tests: an advertisement whose scrutiny is finalised, approved applications of named
// candidates at chosen centres, and the office's roll-number range of master data.
import { schema, type SeededAdvertisement } from '@psc/db';
import { randomBytes } from 'node:crypto';
import { addDaysAd, todayAd } from '@psc/core';
import { createAdvertisementFixture, findAdministratorId } from '../test-support/recruitment-fixtures';
import type { TestApp } from '../test-support/test-app';

export type Candidate = { firstNameEn: string; lastNameEn: string; middleNameEn?: string; centre: number };

/** Exam centres of the advertisement's office by English name, returned in the order given. */
export async function createCentres(t: Pick<TestApp, 'db'>, advertisement: SeededAdvertisement, names: string[]): Promise<number[]> {
  const rows = await t.db
    .insert(schema.examCentres)
    .values(names.map((nameEn) => ({ organizationId: advertisement.organizationId, nameEn, nameNp: `${nameEn} केन्द्र`, centerCapacity: 500 })))
    .returning({ id: schema.examCentres.id });
  return rows.map((row) => row.id);
}

/** One approved (or the status given) application per candidate; answers the rows in the order given. */
export async function createApprovedApplications(
  t: Pick<TestApp, 'db'>,
  advertisement: SeededAdvertisement,
  candidates: Candidate[],
  status: 'approved' | 'partially-approved' | 'rejected' = 'approved',
) {
  const prefix = `roll_${process.pid}_${randomBytes(4).toString('hex')}`;
  const users = await t.db
    .insert(schema.users)
    .values(
      candidates.map((candidate, index) => ({
        kind: 'candidate' as const,
        username: `${prefix}_${index}`,
        email: `${prefix}_${index}@example.com`,
        firstNameEn: candidate.firstNameEn,
        middleNameEn: candidate.middleNameEn ?? null,
        lastNameEn: candidate.lastNameEn,
        passwordHash: 'not-a-password',
      })),
    )
    .returning({ id: schema.users.id, masterId: schema.users.masterId });
  const applications = await t.db
    .insert(schema.applications)
    .values(
      candidates.map((candidate, index) => ({
        userId: users[index]!.id,
        advertisementId: advertisement.advertisementId,
        status,
        paymentState: 'paid' as const,
        examCentreId: candidate.centre,
        ageYears: 27,
        ageMonths: 0,
        ageDays: 0,
        termsAcceptedAt: new Date(),
        receiptCode: `R${randomBytes(7).toString('hex').toUpperCase()}`,
      })),
    )
    .returning({ id: schema.applications.id, userId: schema.applications.userId });
  return applications.map((application, index) => ({ ...application, masterId: users[index]!.masterId }));
}

/** Marks the advertisement's scrutiny finalised, as the [SM] finalise leaves it. */
export async function finaliseForTest(t: Pick<TestApp, 'db'>, advertisementId: number) {
  await t.db.insert(schema.scrutinyFinalisations).values({ advertisementId, finalisedBy: await findAdministratorId(t.db) });
}

/** The office's roll-number range of master data for the advertisement's fiscal year. */
export async function configureRollRange(t: Pick<TestApp, 'db'>, advertisement: SeededAdvertisement, rollFrom: number, rollTo: number) {
  await t.db.insert(schema.rollNumberRanges).values({ organizationId: advertisement.organizationId, fiscalYear: advertisement.fiscalYear, rollFrom, rollTo });
}

/** A closed, finalised advertisement (of the office given, or its own) with its office's roll range. */
export async function createFinalisedAdvertisement(t: Pick<TestApp, 'db'>, range?: { rollFrom: number; rollTo: number }, organizationId?: number) {
  const today = todayAd();
  const advertisement = await createAdvertisementFixture(t.db, {
    status: 'published',
    ...(organizationId ? { organizationId } : {}),
    dates: { publishDate: addDaysAd(today, -40), paymentLastDate: addDaysAd(today, -10), lastDateForSubmission: addDaysAd(today, -10), doubleFeeLastDate: addDaysAd(today, -3), ageCutOffDate: addDaysAd(today, -10) },
  });
  if (range) await configureRollRange(t, advertisement, range.rollFrom, range.rollTo);
  return advertisement;
}
