import { connect, schema, type Database } from '@psc/db';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { asc, eq, sql } from 'drizzle-orm';
import { hashPassword } from '../../api/src/auth/passwords';
import { forEachLimited, formatLatencies, runLoad, signIn, startBenchmarkApi } from './support';

// `npm run bench -- profile`: the candidate profile under load. 200 candidates, each with a full
// profile (every section, ten uploaded files), signed in through the API; then 200 concurrent
// candidates read their whole profile, and then save their extra details.

const root = fileURLToPath(new URL('../..', import.meta.url));
const fixtures = join(root, 'tests', 'fixtures', 'uploads');
const CANDIDATES = Number(process.env.BENCH_PROFILE_CANDIDATES ?? 200);
const SECONDS = Number(process.env.BENCH_PROFILE_SECONDS ?? 20);
const SETUP_CONCURRENCY = 16;
const PASSWORD = 'Bench@12345';

/** 200 candidates straight into the database: one argon2 hash shared, so seeding takes seconds. */
async function seedCandidates(db: Database, count: number): Promise<string[]> {
  const passwordHash = await hashPassword(PASSWORD);
  const [district] = await db.select({ id: schema.districts.id }).from(schema.districts).orderBy(asc(schema.districts.id)).limit(1);
  const run = randomBytes(3).toString('hex');
  const usernames = Array.from({ length: count }, (_, index) => `bench_${run}_${index}`);
  const users = await db
    .insert(schema.users)
    .values(usernames.map((username) => ({ kind: 'candidate' as const, username, email: `${username}@example.com`, firstNameEn: 'Bench', lastNameEn: 'Candidate', passwordHash })))
    .returning({ id: schema.users.id, username: schema.users.username });
  await db.insert(schema.candidateProfiles).values(
    users.map((user, index) => ({
      userId: user.id,
      citizenshipNumber: `B-${run}-${index}`,
      citizenshipIssueDistrictId: district!.id,
      citizenshipIssueDate: '2016-06-01',
      dateOfBirth: '1996-04-13',
      gender: index % 2 === 0 ? ('female' as const) : ('male' as const),
    })),
  );
  return usernames;
}

type Master = { universityId: number; levelId: number; facultyId: number; provinceId: number; districtId: number; localLevelId: number };

/** The master rows a full profile points at; the seeded lists when present, a few rows otherwise. */
async function findMasterRows(db: Database): Promise<Master> {
  const one = async (rows: Promise<{ id: number }[]>, insert: () => Promise<{ id: number }[]>) => ((await rows)[0] ?? (await insert())[0])!.id;
  const universityId = await one(db.select({ id: schema.universities.id }).from(schema.universities).limit(1), () =>
    db.insert(schema.universities).values({ nameEn: 'Tribhuvan University', nameNp: 'त्रिभुवन विश्वविद्यालय', kind: 'university' }).returning({ id: schema.universities.id }),
  );
  const levelId = await one(db.select({ id: schema.educationLevels.id }).from(schema.educationLevels).limit(1), () =>
    db.insert(schema.educationLevels).values({ nameEn: 'Bachelor', nameNp: 'स्नातक', rank: 60 }).returning({ id: schema.educationLevels.id }),
  );
  const facultyId = await one(db.select({ id: schema.faculties.id }).from(schema.faculties).limit(1), () =>
    db.insert(schema.faculties).values({ nameEn: 'Management', nameNp: 'व्यवस्थापन' }).returning({ id: schema.faculties.id }),
  );
  const [place] = await db
    .select({ provinceId: schema.districts.provinceId, districtId: schema.districts.id, localLevelId: schema.localLevels.id })
    .from(schema.localLevels)
    .innerJoin(schema.districts, eq(schema.districts.id, schema.localLevels.districtId))
    .orderBy(asc(schema.localLevels.id))
    .limit(1);
  return { universityId, levelId, facultyId, ...place! };
}

async function expectOk(response: Response, label: string) {
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${label} answered ${response.status}: ${text.slice(0, 300)}`);
}

const extraDetails = (index: number) => ({
  casteOther: 'Bench',
  religionOther: 'Bench',
  motherTongueOther: 'Nepali',
  maritalStatus: index % 2 === 0 ? 'single' : 'married',
  employmentStatus: 'unemployed',
  physicallyDisabled: false,
  fathersEducation: 'slc',
  mothersEducation: 'can-read-write',
  parentsMainOccupation: 'agriculture',
  fatherOccupation: 'labour',
  motherOccupation: 'homemaker',
  area: 'hill',
});

/** Every section of the profile through the API, as the portal fills it in. */
async function fillProfile(url: string, token: string, master: Master, index: number) {
  const file = (name: string, type: string) => new Blob([readFileSync(join(fixtures, name))], { type });
  const jpeg = () => file('photo.jpg', 'image/jpeg');
  const pdf = () => file('document.pdf', 'application/pdf');
  const headers = { authorization: `Bearer ${token}` };
  const json = (method: string, path: string, body: unknown) =>
    fetch(`${url}${path}`, { method, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => expectOk(r, path));
  const multipart = (method: string, path: string, fields: Record<string, string>, files: Record<string, Blob>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    for (const [name, blob] of Object.entries(files)) form.append(name, blob, name);
    return fetch(`${url}${path}`, { method, headers, body: form }).then((r) => expectOk(r, path));
  };

  await json('PUT', '/api/psc/profile/personal', { firstNameNp: 'बेन्च', lastNameNp: 'उम्मेदवार', fathersName: 'Hari Prasad', mothersName: 'Gita Devi', grandFathersName: 'Ram Prasad' });
  await json('PUT', '/api/psc/profile/address/permanent', { provinceId: master.provinceId, districtId: master.districtId, localLevelId: master.localLevelId, wardNo: 1, tole: 'Bench Tole', mobileNo: '9841000000' });
  await json('PUT', '/api/psc/profile/extra', extraDetails(index));
  await multipart(
    'POST',
    '/api/psc/profile/educations',
    { universityId: String(master.universityId), levelId: String(master.levelId), facultyId: String(master.facultyId), scoreType: 'percentage', score: '71.5', majorSubject: 'Economics', educationType: 'national', passedDateAd: '2018-08-01', division: 'first' },
    { transcriptFront: pdf(), characterCertificate: jpeg() },
  );
  await multipart(
    'POST',
    '/api/psc/profile/trainings',
    { instituteName: 'Staff College', trainingName: 'Office management', percentage: '80', trainingFromAd: '2019-01-01', trainingToAd: '2019-01-20', division: 'first' },
    { certificate: pdf() },
  );
  await multipart(
    'POST',
    '/api/psc/profile/professional-councils',
    { councilName: 'Nepal Engineering Council', degreeType: 'permanent', dartaNo: `${index}`, issuedDateAd: '2019-05-01', councilType: 'board' },
    { front: jpeg() },
  );
  await multipart(
    'POST',
    '/api/psc/profile/non-government-experiences',
    { institutionName: 'Himalayan Bank', post: 'Assistant', employmentFromAd: '2019-06-01', employmentToAd: '2021-06-01', employmentType: 'contract' },
    { certificate: pdf() },
  );
  await multipart('POST', '/api/psc/profile/inclusive-groups', { groupCode: 'women' }, { document: jpeg() });
  for (const kind of ['photograph', 'signature', 'citizenship-front', 'citizenship-back']) await multipart('PUT', `/api/psc/profile/documents/${kind}`, {}, { file: jpeg() });
}

export async function benchProfile() {
  const dataDir = mkdtempSync(join(tmpdir(), 'psc-bench-profile-'));
  const api = await startBenchmarkApi({ DATA_DIR: dataDir, ACCESS_TOKEN_TTL_SECONDS: '3600', SEED_DEMO: 'false' });
  const { url, databaseUrl } = api;
  const poolSize = process.env.DATABASE_POOL_SIZE ?? '20';
  const connection = await connect({ databaseUrl, maxConnections: 4 });
  try {
    console.log(`profile benchmark on PostgreSQL (${api.databaseLabel}), API in its own process (pool ${poolSize}), Node ${process.version}`);

    let started = performance.now();
    const usernames = await seedCandidates(connection.db, CANDIDATES);
    const master = await findMasterRows(connection.db);
    console.log(`seeded ${CANDIDATES} candidates in the database in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    started = performance.now();
    const tokens: string[] = new Array(CANDIDATES);
    await forEachLimited(usernames, SETUP_CONCURRENCY, async (username, index) => {
      tokens[index] = await signIn(url, 'candidate', username, PASSWORD);
    });
    console.log(`signed in ${CANDIDATES} candidates through the API in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    started = performance.now();
    await forEachLimited(tokens, SETUP_CONCURRENCY, (token, index) => fillProfile(url, token, master, index));
    const [files] = await connection.db.select({ value: sql<number>`count(*)::int` }).from(schema.storedFiles);
    console.log(
      `filled ${CANDIDATES} full profiles through the API (11 writes and 10 uploads each, ${files?.value} stored files) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    const readProfile = async (client: number) => {
      const response = await fetch(`${url}/api/psc/profile`, { headers: { authorization: `Bearer ${tokens[client]}` } });
      const body = (await response.json()) as { data?: { completeness: { completed: number } } };
      if (response.status !== 200 || body.data?.completeness.completed !== 8) throw new Error(`GET /api/psc/profile answered ${response.status}, ${body.data?.completeness.completed} of 8`);
    };
    await runLoad(CANDIDATES, 2, readProfile); // warm-up
    const reads = await runLoad(CANDIDATES, SECONDS, readProfile);
    console.log(
      `GET /api/psc/profile (whole profile, 8 of 8) at ${CANDIDATES} concurrent candidates over ${SECONDS} s: ${reads.perSecond.toFixed(0)} req/s; ` +
        `${formatLatencies(reads)}; ${reads.count} calls, errors ${reads.errors}`,
    );

    let round = 0;
    const saveExtra = async (client: number) => {
      round += 1;
      const response = await fetch(`${url}/api/psc/profile/extra`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${tokens[client]}`, 'content-type': 'application/json' },
        body: JSON.stringify(extraDetails(client + round)),
      });
      await expectOk(response, 'PUT /api/psc/profile/extra');
    };
    await runLoad(CANDIDATES, 2, saveExtra); // warm-up
    const saves = await runLoad(CANDIDATES, SECONDS, saveExtra);
    console.log(
      `PUT /api/psc/profile/extra (validate, reference checks, upsert, completeness) at ${CANDIDATES} concurrent candidates over ${SECONDS} s: ${saves.perSecond.toFixed(0)} req/s; ` +
        `${formatLatencies(saves)}; ${saves.count} calls, errors ${saves.errors}`,
    );
  } finally {
    await connection.close();
    await api.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
