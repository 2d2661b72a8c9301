import { DEMO_ACCOUNTS, schema, seedAdvertisement, type Database, type SeedAdvertisementOptions, type SeededAdvertisement } from '@psc/db';
import { eq } from 'drizzle-orm';

export type AdvertisementFixtureOptions = Omit<SeedAdvertisementOptions, 'actorUserId' | 'dates'> & {
  actorUserId?: number;
  /** Shorthand for dates.publishDate. */
  publishDate?: string | null;
  dates?: SeedAdvertisementOptions['dates'];
};

/**
 * An advertisement in any status without walking requisition -> distribution -> approval: its
 * own commission office, number range (above every range of the fiscal year), approved
 * requisition with a stored document row, numbers, approved distribution, advertisement with
 * quotas and status history, written straight with drizzle (db seedAdvertisement). Past draft it
 * has dates open today and one exam centre, so it may be published as it is.
 */
export async function createAdvertisementFixture(db: Database, options: AdvertisementFixtureOptions = {}): Promise<SeededAdvertisement> {
  const { publishDate, actorUserId, dates, ...rest } = options;
  const actor = actorUserId ?? (await findAdministratorId(db));
  return seedAdvertisement(db, {
    ...rest,
    actorUserId: actor,
    dates: { ...dates, ...(publishDate !== undefined ? { publishDate } : {}) },
  });
}

export async function findAdministratorId(db: Database): Promise<number> {
  const [admin] = await db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.username, DEMO_ACCOUNTS.administrator.username)).limit(1);
  if (!admin) throw new Error('the demo administrator is not seeded');
  return admin.id;
}

/** A master-data exam centre, for configuring advertisements. */
export async function createExamCentreFixture(db: Database, name = 'Test exam centre') {
  const [centre] = await db.insert(schema.examCentres).values({ nameEn: name, nameNp: 'परीक्षण परीक्षा केन्द्र', centerCapacity: 300 }).returning({ id: schema.examCentres.id });
  return centre!.id;
}

/** A master-data subject, for an advertisement's optional subjects. */
export async function createSubjectFixture(db: Database, name = 'Test subject') {
  const [subject] = await db.insert(schema.subjects).values({ nameEn: name, nameNp: 'परीक्षण विषय' }).returning({ id: schema.subjects.id });
  return subject!.id;
}
