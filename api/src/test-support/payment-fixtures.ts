import { schema, seedUser, type SeededAdvertisement } from '@psc/db';
import { eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { hashPassword } from '../auth/passwords';
import { createAdvertisementFixture, type AdvertisementFixtureOptions } from './recruitment-fixtures';
import type { TestApp } from './test-app';

// Payment tests: an application with its quotas and a due charge, written straight with
// drizzle (the submit path is tested on its own), for a fresh candidate.

export type PaymentFixture = {
  userId: number;
  username: string;
  token: string;
  advertisement: SeededAdvertisement;
  applicationId: number;
  chargeId: number;
  amount: number;
};

let counter = 0;

export async function createPaymentFixture(
  t: TestApp,
  options: {
    amount?: number;
    purpose?: 'application' | 'double-fee';
    attempt?: number;
    advertisement?: SeededAdvertisement;
    advertisementOptions?: AdvertisementFixtureOptions;
  } = {},
): Promise<PaymentFixture> {
  counter += 1;
  const suffix = `${process.pid}${counter}${randomBytes(2).toString('hex')}`;
  const username = `pay_candidate_${suffix}`;
  const password = 'Candidate@123';
  const userId = await seedUser(t.db, hashPassword, {
    kind: 'candidate',
    username,
    email: `${username}@example.com`,
    password,
    firstNameEn: 'Ram',
    lastNameEn: 'Thapa',
    firstNameNp: 'राम',
    lastNameNp: 'थापा',
  });
  const [district] = await t.db.select({ id: schema.districts.id }).from(schema.districts).limit(1);
  await t.db.insert(schema.candidateProfiles).values({
    userId,
    citizenshipNumber: `31-02-${suffix}`,
    citizenshipIssueDistrictId: district!.id,
    citizenshipIssueDate: '2016-06-01',
    dateOfBirth: '1998-05-20',
    gender: 'male',
  });
  const advertisement = options.advertisement ?? (await createAdvertisementFixture(t.db, { status: 'published', ...options.advertisementOptions }));
  const amount = options.amount ?? 1000;
  const [application] = await t.db
    .insert(schema.applications)
    .values({
      userId,
      advertisementId: advertisement.advertisementId,
      attempt: options.attempt ?? 1,
      examCentreId: advertisement.examCentreIds[0]!,
      ageYears: 27,
      ageMonths: 3,
      ageDays: 1,
      termsAcceptedAt: new Date(),
      receiptCode: `R${randomBytes(6).toString('hex').toUpperCase()}`,
    })
    .returning({ id: schema.applications.id });
  const [quotaRow] = await t.db
    .select({ id: schema.advertisementQuotas.id })
    .from(schema.advertisementQuotas)
    .where(eq(schema.advertisementQuotas.advertisementId, advertisement.advertisementId))
    .limit(1);
  await t.db.insert(schema.applicationQuotas).values({ applicationId: application!.id, advertisementQuotaId: quotaRow!.id });
  const [charge] = await t.db
    .insert(schema.charges)
    .values({ applicationId: application!.id, purpose: options.purpose ?? 'application', amount, lines: [{ label: 'application', amount }] })
    .returning({ id: schema.charges.id });
  const { accessToken } = await t.signIn(username, password);
  return { userId, username, token: accessToken, advertisement, applicationId: application!.id, chargeId: charge!.id, amount };
}
