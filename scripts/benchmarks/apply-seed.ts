import { DEMO_CLIENTS, seedAdvertisement, type Database } from '@psc/db';
import { sql, type SQL } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { hashPassword } from '../../api/src/auth/passwords';

// The apply benchmark's world, written straight into PostgreSQL in bulk (generate_series, one
// statement per table): N candidates whose profiles are complete (8 of 8, every requirement of
// the missing-documents modal met) and 20 open advertisements. Nobody signs in with a password,
// so one argon2 hash serves every candidate.

export const ADVERTISEMENT_COUNT = 20;

/** The quotas of every seeded advertisement: open, women and three claimed-group quotas. */
const ADVERTISEMENT_QUOTAS = [
  { code: 'open', vacancies: 5 },
  { code: 'women', vacancies: 2 },
  { code: 'madhesi', vacancies: 1 },
  { code: 'adivasi-janajati', vacancies: 1 },
  { code: 'dalit', vacancies: 1 },
];

/**
 * Who may compete in which reserved quota (core quotaRefusalFor), by candidate index: every
 * second candidate is a woman; every third claims Madhesi, every fifth Adivasi/Janajati, every
 * seventh Dalit. The pgbench script repeats these rules in SQL.
 */
export const CLAIMS = { womenEvery: 2, madhesiEvery: 3, janajatiEvery: 5, dalitEvery: 7 } as const;

/** Candidate i was born BIRTH.first plus (i mod BIRTH.spreadDays) days: ages differ, all within the limits. */
export const BIRTH = { first: '1996-04-13', spreadDays: 1000 } as const;

/** Candidate i's date of birth (A.D., ISO), as the seed writes it. */
export function dateOfBirthOf(index: number): string {
  const day = new Date(`${BIRTH.first}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + (index % BIRTH.spreadDays));
  return day.toISOString().slice(0, 10);
}

export type SeededAdvertisementIds = { id: number; examCentreId: number; quotaIdByCode: Record<string, number> };

export type ApplyWorld = {
  /** Candidate i is user firstUserId + i (one insert, consecutive identities; checked). */
  firstUserId: number;
  candidates: number;
  /** Each candidate's session (refresh-token family) for the tokens the benchmark mints. */
  familyIds: string[];
  advertisements: SeededAdvertisementIds[];
  facultyId: number;
};

async function rows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** The advertisement quota ids a candidate may choose: open, women for women, claimed groups. */
export function quotaChoiceOf(index: number, advertisement: SeededAdvertisementIds): number[] {
  const ids = advertisement.quotaIdByCode;
  const choice = [ids.open!];
  if (index % CLAIMS.womenEvery === 0) choice.push(ids.women!);
  if (index % CLAIMS.madhesiEvery === 0) choice.push(ids.madhesi!);
  if (index % CLAIMS.janajatiEvery === 0) choice.push(ids['adivasi-janajati']!);
  if (index % CLAIMS.dalitEvery === 0) choice.push(ids.dalit!);
  return choice;
}

/** An education the first post's minimum qualification accepts (the seeded advertisements are for that post). */
async function findQualifyingEducation(db: Database) {
  const [qualification] = await rows<{ rank: number; facultyIds: number[] | null }>(
    db,
    sql`select l.rank, (select array_agg(f.faculty_id order by f.faculty_id) from post_qualification_faculties f where f.qualification_id = pq.id) as "facultyIds"
        from post_qualifications pq join education_levels l on l.id = pq.education_level_id
        where pq.post_id = (select id from posts order by id limit 1)`,
  );
  const [level] = await rows<{ id: number }>(db, sql`select id from education_levels where rank >= ${qualification?.rank ?? 0} order by rank desc, id limit 1`);
  const [faculty] = await rows<{ id: number }>(db, sql`select id from faculties order by id limit 1`);
  const [university] = await rows<{ id: number }>(db, sql`select id from universities order by id limit 1`);
  if (!level || !faculty || !university) throw new Error('the classification seed (education levels, faculties, universities) is missing');
  return { levelId: level.id, facultyId: qualification?.facultyIds?.[0] ?? faculty.id, universityId: university.id };
}

async function seedAdvertisements(db: Database, actorUserId: number): Promise<SeededAdvertisementIds[]> {
  const seeded: SeededAdvertisementIds[] = [];
  for (let index = 0; index < ADVERTISEMENT_COUNT; index += 1) {
    // Dates open today (published three days ago, submission in three weeks), one exam centre.
    const advertisement = await seedAdvertisement(db, { actorUserId, status: 'published', quotas: ADVERTISEMENT_QUOTAS, applicationFee: 500 + 100 * (index % 5) });
    const quotaRows = await rows<{ id: number; code: string }>(
      db,
      sql`select aq.id, q.code from advertisement_quotas aq join quotas q on q.id = aq.quota_id where aq.advertisement_id = ${advertisement.advertisementId}`,
    );
    seeded.push({
      id: advertisement.advertisementId,
      examCentreId: advertisement.examCentreIds[0]!,
      quotaIdByCode: Object.fromEntries(quotaRows.map((row) => [row.code, row.id])),
    });
  }
  return seeded;
}

/** Seeds the world; prints how long each part took. */
export async function seedApplyWorld(db: Database, candidates: number, log: (line: string) => void): Promise<ApplyWorld> {
  const run = randomBytes(3).toString('hex');
  const passwordHash = await hashPassword(randomBytes(12).toString('base64url'));
  let started = performance.now();
  const seconds = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;

  const [actor] = await rows<{ id: number }>(
    db,
    sql`insert into users (kind, username, email, first_name_en, last_name_en, password_hash)
        values ('staff', ${`bench_actor_${run}`}, ${`bench_actor_${run}@example.com`}, 'Bench', 'Actor', ${passwordHash}) returning id`,
  );
  const advertisements = await seedAdvertisements(db, actor!.id);
  const education = await findQualifyingEducation(db);
  log(`seeded ${ADVERTISEMENT_COUNT} published advertisements open today (quotas ${ADVERTISEMENT_QUOTAS.map((quota) => quota.code).join(', ')}) in ${seconds()}`);

  started = performance.now();
  const prefix = `bench_${run}_`;
  await db.execute(sql`
    insert into users (kind, username, email, mobile, first_name_en, last_name_en, first_name_np, last_name_np, password_hash)
    select 'candidate', ${prefix} || g, ${prefix} || g || '@example.com', '98' || lpad(g::text, 8, '0'), 'Bench', 'Candidate ' || g, 'बेन्च', 'उम्मेदवार', ${passwordHash}
    from generate_series(0, ${candidates - 1}::int) g order by g`);
  const [range] = await rows<{ first: number; last: number; count: number }>(
    db,
    sql`select min(id)::int as first, max(id)::int as last, count(*)::int as count from users where username like ${`${prefix}%`}`,
  );
  if (!range || range.count !== candidates || range.last - range.first + 1 !== candidates) throw new Error('the seeded candidates did not get consecutive ids');
  const first = range.first;
  const last = range.last;
  const fromUsers = sql`from users u`;
  const whereSeeded = sql`where u.id between ${first}::int and ${last}::int`;
  const seededUsers = sql`${fromUsers} ${whereSeeded}`;
  const index = sql`(u.id - ${first}::int)`;
  const [place] = await rows<{ provinceId: number; districtId: number; localLevelId: number }>(
    db,
    sql`select d.province_id as "provinceId", d.id as "districtId", l.id as "localLevelId" from local_levels l join districts d on d.id = l.district_id order by l.id limit 1`,
  );
  if (!place) throw new Error('the reference seed (districts, local levels) is missing');

  // Personal (with the "none to list" declarations a fresh graduate makes), contact, extra,
  // one qualifying education, the four documents, and the claimed inclusive groups.
  await db.execute(sql`
    insert into candidate_profiles (user_id, citizenship_number, citizenship_issue_district_id, citizenship_issue_date, date_of_birth, gender,
      fathers_name, mothers_name, grand_fathers_name, declares_no_training, declares_no_professional_council, declares_no_experience)
    select u.id, ${`B-${run}-`} || ${index}, ${place.districtId}::int, date '2016-06-01', ${BIRTH.first}::date + (${index} % ${BIRTH.spreadDays}::int)::int,
      case when ${index} % ${CLAIMS.womenEvery}::int = 0 then 'female' else 'male' end, 'Hari Prasad', 'Gita Devi', 'Ram Prasad', true, true, true
    ${seededUsers}`);
  await db.execute(sql`
    insert into candidate_addresses (user_id, kind, province_id, district_id, local_level_id, ward_no, tole, mobile_no)
    select u.id, 'permanent', ${place.provinceId}::int, ${place.districtId}::int, ${place.localLevelId}::int, 1 + ${index} % 9, 'Bench Tole', u.mobile
    ${seededUsers}`);
  await db.execute(sql`
    insert into candidate_extra_details (user_id, caste_other, religion_other, mother_tongue_other, marital_status, employment_status, physically_disabled,
      fathers_education, mothers_education, parents_main_occupation, father_occupation, mother_occupation, area)
    select u.id, 'Bench', 'Bench', 'Nepali', 'single', 'unemployed', false, 'slc', 'can-read-write', 'agriculture', 'labour', 'homemaker', 'hill'
    ${seededUsers}`);
  await db.execute(sql`
    insert into candidate_educations (user_id, university_id, level_id, faculty_id, score_type, score, major_subject, education_type, passed_date, division)
    select u.id, ${education.universityId}::int, ${education.levelId}::int, ${education.facultyId}::int, 'percentage', 71.5, 'Economics', 'national', date '2018-08-01', 'first'
    ${seededUsers}`);
  await db.execute(sql`
    insert into stored_files (owner_user_id, purpose, sha256, content_type, byte_size, original_name)
    select u.id, doc.kind, md5(u.id || doc.kind) || md5(doc.kind || u.id), 'image/jpeg', 48000, doc.kind || '.jpg'
    ${fromUsers} cross join unnest(array['photograph', 'signature', 'citizenship-front', 'citizenship-back']) as doc(kind) ${whereSeeded}`);
  await db.execute(sql`
    insert into candidate_documents (user_id, kind, file_id)
    select owner_user_id, purpose, id from stored_files
    where owner_user_id between ${first}::int and ${last}::int and purpose in ('photograph', 'signature', 'citizenship-front', 'citizenship-back')`);
  await db.execute(sql`
    insert into candidate_inclusive_groups (user_id, group_code)
    select u.id, claim.code ${fromUsers}
    cross join (values ('madhesi', ${CLAIMS.madhesiEvery}::int), ('adivasi-janajati', ${CLAIMS.janajatiEvery}::int), ('dalit', ${CLAIMS.dalitEvery}::int)) as claim(code, every)
    ${whereSeeded} and ${index} % claim.every = 0`);
  // A live session per candidate: the API checks on every request that the token's session
  // (refresh-token family) was not signed out, so minted tokens need one as sign-in makes.
  const client = DEMO_CLIENTS.find((item) => item.userKind === 'candidate')!;
  await db.execute(
    sql`insert into refresh_tokens (family_id, user_id, client_id, token_hash, expires_at)
        select gen_random_uuid(), u.id, ${client.id}, md5(random()::text) || md5(u.id::text || ${run}), now() + interval '1 day'
        ${seededUsers}`,
  );
  const sessions = await rows<{ familyId: string }>(
    db,
    sql`select family_id as "familyId" from refresh_tokens where user_id between ${first}::int and ${last}::int order by user_id`,
  );
  if (sessions.length !== candidates) throw new Error('not every candidate got a session');
  // A settled database, as a production one is: otherwise autovacuum visits every freshly
  // seeded table and a checkpoint writes the seed out during the measured run, taking seconds
  // of the two cores the benchmark measures.
  await db.execute(sql`vacuum analyze`);
  await db.execute(sql`checkpoint`);
  log(`seeded ${candidates.toLocaleString('en')} candidates with complete profiles (8 of 8) and a session each, in bulk SQL, in ${seconds()}`);

  return {
    firstUserId: first,
    candidates,
    familyIds: sessions.map((session) => session.familyId),
    advertisements,
    facultyId: education.facultyId,
  };
}
