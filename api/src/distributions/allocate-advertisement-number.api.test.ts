import { DEMO_ACCOUNTS, schema } from '@psc/db';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../http/errors';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { allocateAdvertisementNumber } from './allocate-advertisement-number';

let t: TestApp;
let adminId: number;
beforeAll(async () => {
  t = await createTestApp();
  const [admin] = await t.db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.username, DEMO_ACCOUNTS.administrator.username));
  adminId = admin!.id;
});
afterAll(() => t.close());

let officeCounter = 0;
async function createOffice(ranges: { fiscalYear: string; numberFrom: number; numberTo: number; isActive?: boolean }[]) {
  officeCounter += 1;
  const [office] = await t.db
    .insert(schema.organizations)
    .values({ nameEn: `Number test office ${officeCounter}`, nameNp: `नम्बर परीक्षण कार्यालय ${officeCounter}`, isCommissionOffice: true })
    .returning({ id: schema.organizations.id });
  for (const range of ranges) await t.db.insert(schema.advertisementRanges).values({ organizationId: office!.id, ...range });
  return office!.id;
}

const allocate = (organizationId: number, fiscalYear: string) =>
  t.db.transaction((tx) => allocateAdvertisementNumber(tx, { organizationId, fiscalYear, actorUserId: adminId }));

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, messageKey: error.messageKey };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('allocateAdvertisementNumber', () => {
  it('gives 100 concurrent requests 100 different numbers, the whole range in order', async () => {
    const office = await createOffice([{ fiscalYear: '2090/91', numberFrom: 1, numberTo: 500 }]);
    const allocated = await Promise.all(Array.from({ length: 100 }, () => allocate(office, '2090/91')));
    const numbers = allocated.map((row) => row.number);
    expect(new Set(numbers).size).toBe(100);
    expect([...numbers].sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, index) => index + 1));
    expect(new Set(allocated.map((row) => row.id)).size).toBe(100);
    const [stored] = await t.db.select({ value: count() }).from(schema.advertisementNumbers).where(eq(schema.advertisementNumbers.fiscalYear, '2090/91'));
    expect(stored!.value).toBe(100);
  });

  it('starts at the first number of the range, labels it as notices print it and audits it', async () => {
    const office = await createOffice([{ fiscalYear: '2092/93', numberFrom: 41, numberTo: 60 }]);
    const first = await allocate(office, '2092/93');
    expect(first).toMatchObject({ number: 41, fiscalYear: '2092/93', label: '41/092-93' });
    expect((await allocate(office, '2092/93')).number).toBe(42);
    const audit = await t.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entity, 'advertisement_numbers'), eq(schema.auditLog.entityId, String(first.id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'allocate', actorUserId: adminId });
  });

  it('refuses an office without an active range for the year, and changes nothing', async () => {
    const office = await createOffice([
      { fiscalYear: '2091/92', numberFrom: 1, numberTo: 10 },
      { fiscalYear: '2093/94', numberFrom: 1, numberTo: 10, isActive: false },
    ]);
    expect(await refusal(allocate(office, '2093/94'))).toEqual({ code: 'CONFLICT', messageKey: 'advertisementNumber.noRange' });
    const [stored] = await t.db.select({ value: count() }).from(schema.advertisementNumbers).where(eq(schema.advertisementNumbers.fiscalYear, '2093/94'));
    expect(stored!.value).toBe(0);
  });

  it('moves on to the next range when one is used up, and refuses when all are', async () => {
    const office = await createOffice([
      { fiscalYear: '2094/95', numberFrom: 20, numberTo: 21 },
      { fiscalYear: '2094/95', numberFrom: 5, numberTo: 6 },
    ]);
    const numbers = [];
    for (let i = 0; i < 4; i += 1) numbers.push((await allocate(office, '2094/95')).number);
    expect(numbers).toEqual([5, 6, 20, 21]);
    expect(await refusal(allocate(office, '2094/95'))).toEqual({ code: 'CONFLICT', messageKey: 'advertisementNumber.rangeExhausted' });
  });

  it('never repeats a number another office took inside an overlapping range of the same year', async () => {
    const first = await createOffice([{ fiscalYear: '2095/96', numberFrom: 1, numberTo: 10 }]);
    const second = await createOffice([{ fiscalYear: '2095/96', numberFrom: 1, numberTo: 10 }]);
    const a = await allocate(first, '2095/96');
    const b = await allocate(second, '2095/96');
    expect([a.number, b.number]).toEqual([1, 2]);
  });
});
