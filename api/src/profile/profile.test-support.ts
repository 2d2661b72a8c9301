// Test support for the profile and file API tests: candidates with a registered identity, the
// few master rows the education and experience forms point at, multipart calls with the real
// fixture files of tests/fixtures/uploads.
import { schema, seedUser, type Database } from '@psc/db';
import { asc, eq, sql } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hashPassword } from '../auth/passwords';
import { createTestApp, type TestApp } from '../test-support/test-app';

const fixturesFolder = fileURLToPath(new URL('../../../tests/fixtures/uploads/', import.meta.url));

export type Fixture =
  | 'photo.png'
  | 'photo.jpg'
  | 'document.pdf'
  | 'pdf-renamed.png'
  | 'large.jpg'
  | 'page-named.jpg'
  | 'empty.jpg'
  | 'truncated.jpg'
  | 'truncated.png'
  | 'truncated.pdf';

export function readFixture(name: Fixture): Uint8Array {
  return new Uint8Array(readFileSync(join(fixturesFolder, name)));
}

/** The fixture as a browser would send it, with a type claimed from its name (never trusted). */
export function fixtureFile(name: Fixture): File {
  const claimed = name.endsWith('.pdf') ? 'application/pdf' : name.endsWith('.png') ? 'image/png' : 'image/jpeg';
  return new File([readFixture(name)], name, { type: claimed });
}

export type ProfileTestApp = TestApp & { closeAll: () => Promise<void> };

/** The real app on a real database, with its files in a temporary folder removed at the end (createTestApp's). */
export async function createProfileTestApp(): Promise<ProfileTestApp> {
  const t = await createTestApp();
  return { ...t, closeAll: t.close };
}

let candidateCounter = 0;

export type TestCandidate = { userId: number; username: string; token: string };

/** A candidate as registration leaves one: a user and the identity part of the profile. */
export async function seedCandidate(t: TestApp, options: { withNepaliNames?: boolean } = {}): Promise<TestCandidate> {
  candidateCounter += 1;
  const suffix = `${process.pid}${candidateCounter}`;
  const username = `profile_candidate_${suffix}`;
  const password = 'Candidate@123';
  const userId = await seedUser(t.db, hashPassword, {
    kind: 'candidate',
    username,
    email: `${username}@example.com`,
    password,
    firstNameEn: 'Sita',
    lastNameEn: 'Sharma',
    ...(options.withNepaliNames === false ? {} : { firstNameNp: 'सीता', lastNameNp: 'शर्मा' }),
  });
  const [district] = await t.db.select({ id: schema.districts.id }).from(schema.districts).orderBy(asc(schema.districts.id)).limit(1);
  await t.db.insert(schema.candidateProfiles).values({
    userId,
    citizenshipNumber: `27-01-${suffix}`,
    citizenshipIssueDistrictId: district!.id,
    citizenshipIssueDate: '2016-06-01',
    dateOfBirth: '1998-05-20',
    gender: 'female',
  });
  const { accessToken } = await t.signIn(username, password);
  return { userId, username, token: accessToken };
}

export type MasterRows = { universityId: number; levelIds: [number, number]; facultyId: number; serviceClassId: number };

/**
 * The education and civil-service rows the forms choose from. Uses the seeded lists when they
 * are there and adds a few rows of its own otherwise.
 */
export async function ensureMasterRows(db: Database): Promise<MasterRows> {
  const first = async <T extends { id: number }>(rows: Promise<T[]>, insert: () => Promise<T[]>) => ((await rows)[0] ?? (await insert())[0])!.id;
  const universityId = await first(
    db.select({ id: schema.universities.id }).from(schema.universities).where(eq(schema.universities.isActive, true)).limit(1),
    () => db.insert(schema.universities).values({ nameEn: 'Tribhuvan University', nameNp: 'त्रिभुवन विश्वविद्यालय', kind: 'university' }).returning({ id: schema.universities.id }),
  );
  let levels = await db
    .select({ id: schema.educationLevels.id })
    .from(schema.educationLevels)
    .where(eq(schema.educationLevels.isActive, true))
    .orderBy(asc(schema.educationLevels.rank))
    .limit(2);
  if (levels.length < 2) {
    levels = await db
      .insert(schema.educationLevels)
      .values([
        { nameEn: 'Test Bachelor', nameNp: 'परीक्षण स्नातक', rank: 60 },
        { nameEn: 'Test Master', nameNp: 'परीक्षण स्नातकोत्तर', rank: 70 },
      ])
      .returning({ id: schema.educationLevels.id });
  }
  const facultyId = await first(
    db.select({ id: schema.faculties.id }).from(schema.faculties).where(eq(schema.faculties.isActive, true)).limit(1),
    () => db.insert(schema.faculties).values({ nameEn: 'Management', nameNp: 'व्यवस्थापन' }).returning({ id: schema.faculties.id }),
  );
  const serviceClassId = await first(
    db.select({ id: schema.serviceClasses.id }).from(schema.serviceClasses).where(eq(schema.serviceClasses.isActive, true)).limit(1),
    () =>
      db
        .insert(schema.serviceClasses)
        .values({ nameEn: 'Gazetted Third Class', nameNp: 'राजपत्रांकित तृतीय श्रेणी', isGazetted: true, rank: 30 })
        .returning({ id: schema.serviceClasses.id }),
  );
  return { universityId, levelIds: [levels[0]!.id, levels[1]!.id], facultyId, serviceClassId };
}

export type Place = { provinceId: number; districtId: number; localLevelId: number; wards: number; otherProvinceId: number; otherDistrictId: number; otherLocalLevelId: number };

/** A real place from the seeded reference data, and a district and local level elsewhere. */
export async function findPlace(db: Database): Promise<Place> {
  const [here] = await db
    .select({ provinceId: schema.districts.provinceId, districtId: schema.districts.id, localLevelId: schema.localLevels.id, wards: schema.localLevels.wards })
    .from(schema.localLevels)
    .innerJoin(schema.districts, eq(schema.districts.id, schema.localLevels.districtId))
    .orderBy(asc(schema.localLevels.id))
    .limit(1);
  const [elsewhere] = await db
    .select({ provinceId: schema.districts.provinceId, districtId: schema.districts.id, localLevelId: schema.localLevels.id })
    .from(schema.localLevels)
    .innerJoin(schema.districts, eq(schema.districts.id, schema.localLevels.districtId))
    .where(sql`${schema.districts.provinceId} <> ${here!.provinceId}`)
    .orderBy(asc(schema.localLevels.id))
    .limit(1);
  return { ...here!, otherProvinceId: elsewhere!.provinceId, otherDistrictId: elsewhere!.districtId, otherLocalLevelId: elsewhere!.localLevelId };
}

export type Answer = { status: number; body: { status: number; message: string; code?: string; data?: unknown; errors?: Record<string, string[]> } };

/** A multipart call: text fields and files, as the portal's forms send them. */
export async function sendMultipart(
  t: TestApp,
  method: string,
  path: string,
  options: { token?: string; fields?: Record<string, string | number | boolean | undefined>; files?: Record<string, File>; lang?: 'ne' | 'en' },
): Promise<Answer> {
  const form = new FormData();
  for (const [name, value] of Object.entries(options.fields ?? {})) if (value !== undefined) form.append(name, String(value));
  for (const [name, file] of Object.entries(options.files ?? {})) form.append(name, file);
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.lang) headers['accept-language'] = options.lang;
  const response = await t.app.request(path, { method, headers, body: form });
  return { status: response.status, body: JSON.parse(await response.text()) };
}

/** Every stored file row of a user, to prove files were deleted with their rows. */
export async function countStoredFiles(db: Database, userId: number): Promise<number> {
  const rows = await db.select({ id: schema.storedFiles.id }).from(schema.storedFiles).where(eq(schema.storedFiles.ownerUserId, userId));
  return rows.length;
}
