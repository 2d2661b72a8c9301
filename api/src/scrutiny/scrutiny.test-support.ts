// Scrutiny API tests: an advertisement whose applications have closed, and many applications to
// it written in one statement each (users, applications), as the allocation works on thousands.
import { addDaysAd, todayAd, type PaymentState } from '@psc/core';
import { schema, type SeededAdvertisement } from '@psc/db';
import { randomBytes } from 'node:crypto';
import { createStaffUser } from '../requisitions/requisition.test-support';
import { createAdvertisementFixture } from '../test-support/recruitment-fixtures';
import type { TestApp } from '../test-support/test-app';

/** A published advertisement whose double-fee date was three days ago (the fixture's quotas unless named). */
export function createClosedAdvertisement(t: Pick<TestApp, 'db'>, quotas?: { code: string; vacancies: number }[]): Promise<SeededAdvertisement> {
  const today = todayAd();
  return createAdvertisementFixture(t.db, {
    status: 'published',
    ...(quotas ? { quotas } : {}),
    dates: {
      publishDate: addDaysAd(today, -40),
      paymentLastDate: addDaysAd(today, -10),
      lastDateForSubmission: addDaysAd(today, -10),
      doubleFeeLastDate: addDaysAd(today, -3),
      ageCutOffDate: addDaysAd(today, -10),
    },
  });
}

export type ApplicationKind = { paymentState?: PaymentState; status?: 'pending' | 'expired'; deleted?: boolean; attempt?: number };

let batch = 0;

/** `count` candidates (who never sign in), each with one application of the given kind. */
export async function createApplications(t: Pick<TestApp, 'db'>, advertisement: SeededAdvertisement, count: number, kind: ApplicationKind = {}) {
  batch += 1;
  const prefix = `scr_${process.pid}_${batch}_${randomBytes(3).toString('hex')}`;
  const users = await t.db
    .insert(schema.users)
    .values(
      Array.from({ length: count }, (_, index) => ({
        kind: 'candidate' as const,
        username: `${prefix}_${index}`,
        email: `${prefix}_${index}@example.com`,
        firstNameEn: 'Scrutiny',
        lastNameEn: `Candidate ${index}`,
        passwordHash: 'not-a-password',
      })),
    )
    .returning({ id: schema.users.id });
  return addApplications(t, advertisement, users.map((user) => user.id), kind);
}

/** One application of the given kind to the advertisement for each user; answers the ids in order. */
export async function addApplications(t: Pick<TestApp, 'db'>, advertisement: SeededAdvertisement, userIds: number[], kind: ApplicationKind = {}) {
  const rows = await t.db
    .insert(schema.applications)
    .values(
      userIds.map((userId) => ({
        userId,
        advertisementId: advertisement.advertisementId,
        attempt: kind.attempt ?? 1,
        status: kind.status ?? 'pending',
        paymentState: kind.paymentState ?? 'paid',
        examCentreId: advertisement.examCentreIds[0]!,
        ageYears: 27,
        ageMonths: 0,
        ageDays: 0,
        termsAcceptedAt: new Date(),
        receiptCode: `S${randomBytes(7).toString('hex').toUpperCase()}`,
        ...(kind.deleted ? { deletedAt: new Date() } : {}),
      })),
    )
    .returning({ id: schema.applications.id, userId: schema.applications.userId });
  return rows;
}

/** The staff of the scrutiny tests: an allocator (SA), a reader of allocations, and three officers (SC). */
export async function createScrutinyStaff(t: TestApp) {
  const allocator = await createStaffUser(t, { SA: ['read', 'create', 'update'] });
  const reader = await createStaffUser(t, { SA: ['read'] });
  const officers = [];
  for (let index = 0; index < 3; index += 1) officers.push(await createStaffUser(t, { SC: ['read', 'update'] }));
  return { allocator, reader, officers };
}
