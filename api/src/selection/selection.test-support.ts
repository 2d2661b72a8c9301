// Selection tests: an advertisement whose candidates have approved quotas, roll numbers and
// verified marks, written straight into the tables as the attendance and marks stages leave them
// (those stages are tested on their own). Also used by the workstation's end-to-end test.
import { DEMO_ACCOUNTS, type Database, type SeededAdvertisement } from '@psc/db';
import { sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { rowsOf } from '../applications/rows-of';
import { createAdvertisementFixture } from '../test-support/recruitment-fixtures';

export type ResultPlan = {
  nameEn: string;
  nameNp?: string;
  quotas: string[];
  /** Marks per written paper (pass marks 40 of 100 each). */
  written: number[];
  interview?: number;
  dateOfBirth?: string;
  citizenshipNumber?: string;
  mobile?: string | null;
  /** An existing candidate account to apply with (the same person in two advertisements). */
  userId?: number;
};

export type SeededResults = { advertisement: SeededAdvertisement; candidates: { applicationId: number; userId: number; rollNumber: number; nameEn: string }[] };

const one = async <T>(db: Database, query: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(query))[0]!;

export async function seedVerifiedResults(db: Database, options: { quotas: { code: string; vacancies: number }[]; candidates: ResultPlan[] }): Promise<SeededResults> {
  const tag = randomBytes(4).toString('hex');
  const admin = await one<{ id: number }>(db, sql`select id from users where username = ${DEMO_ACCOUNTS.administrator.username}`);
  const district = await one<{ id: number }>(db, sql`select min(id) as id from districts`);
  const advertisement = await createAdvertisementFixture(db, { status: 'published', quotas: options.quotas });
  const post = await one<{ id: number }>(db, sql`select post_id as id from advertisements where id = ${advertisement.advertisementId}`);
  const paperCount = Math.max(...options.candidates.map((candidate) => candidate.written.length));
  const paper = async (testType: 'written' | 'interview', index: number) =>
    (
      await one<{ id: number }>(
        db,
        sql`insert into exam_papers (post_id, service_group_id, paper_order, test_type, paper_type, subject_name_en, subject_name_np, full_marks, pass_marks, duration_minutes, exam_option, created_by)
            values (${post.id}, null, (select coalesce(max(paper_order), 0) + 1 from exam_papers where post_id = ${post.id} and service_group_id is null), ${testType},
              ${testType === 'interview' ? 'oral' : 'subjective'}, ${`Paper ${index} ${tag}`}, ${`पत्र ${index}`}, 100, 40, 60, 'compulsory', ${admin.id})
            returning id`,
      )
    ).id;
  const writtenPapers: number[] = [];
  for (let index = 1; index <= paperCount; index += 1) writtenPapers.push(await paper('written', index));
  const interviewPaper = options.candidates.some((candidate) => candidate.interview !== undefined) ? await paper('interview', paperCount + 1) : null;
  const candidates: SeededResults['candidates'] = [];
  for (const [index, plan] of options.candidates.entries()) {
    const [firstNameEn, ...rest] = plan.nameEn.split(' ');
    const userId =
      plan.userId ??
      (
        await one<{ id: number }>(
          db,
          sql`insert into users (kind, username, email, mobile, first_name_en, last_name_en, first_name_np, last_name_np, password_hash)
              values ('candidate', ${`sel_${tag}_${index}`}, ${`sel_${tag}_${index}@example.com`}, ${plan.mobile === undefined ? `98${String(10_000_000 + index).padStart(8, '0')}` : plan.mobile},
                ${firstNameEn}, ${rest.join(' ') || 'Candidate'}, ${plan.nameNp ?? null}, ${plan.nameNp ? 'उम्मेदवार' : null}, 'not-a-password')
              returning id`,
        )
      ).id;
    if (plan.userId === undefined) {
      await db.execute(sql`
        insert into candidate_profiles (user_id, citizenship_number, citizenship_issue_district_id, citizenship_issue_date, date_of_birth, gender)
        values (${userId}, ${plan.citizenshipNumber ?? `${tag}-${index}`}, ${district.id}, '2015-01-01', ${plan.dateOfBirth ?? '1995-01-01'}, 'female')`);
    }
    const application = await one<{ id: number }>(
      db,
      sql`insert into applications (user_id, advertisement_id, status, payment_state, exam_centre_id, age_years, age_months, age_days, terms_accepted_at, receipt_code)
          values (${userId}, ${advertisement.advertisementId}, 'approved', 'paid', ${advertisement.examCentreIds[0]!}, 27, 0, 0, now(), ${`R${tag}${index}`.toUpperCase()})
          returning id`,
    );
    for (const code of plan.quotas) {
      const quota = advertisement.quotas.find((line) => line.code === code);
      if (!quota) throw new Error(`the advertisement has no quota ${code}`);
      await db.execute(sql`insert into application_quotas (application_id, advertisement_quota_id, status) values (${application.id}, ${await quotaLineId(db, advertisement.advertisementId, quota.quotaId)}, 'approved')`);
    }
    const rollNumber = 10_001 + index;
    await db.execute(sql`
      insert into roll_numbers (application_id, advertisement_id, organization_id, fiscal_year, roll_number, exam_centre_id)
      values (${application.id}, ${advertisement.advertisementId}, ${advertisement.organizationId}, ${advertisement.fiscalYear}, ${rollNumber}, ${advertisement.examCentreIds[0]!})`);
    const marks: [number, number][] = [...plan.written.map((value, paperIndex): [number, number] => [writtenPapers[paperIndex]!, value])];
    if (plan.interview !== undefined && interviewPaper !== null) marks.push([interviewPaper, plan.interview]);
    for (const [examPaperId, value] of marks) {
      await db.execute(sql`
        insert into paper_results (application_id, exam_paper_id, advertisement_id, roll_number, is_present, attendance_status, attendance_verified_by, attendance_verified_at,
          marks, is_pass, marks_status, marks_verified_by, marks_verified_at)
        values (${application.id}, ${examPaperId}, ${advertisement.advertisementId}, ${rollNumber}, true, 'verified', ${admin.id}, now(),
          ${value}, ${value >= 40}, 'verified', ${admin.id}, now())`);
    }
    candidates.push({ applicationId: application.id, userId, rollNumber, nameEn: plan.nameEn });
  }
  return { advertisement, candidates };
}

async function quotaLineId(db: Database, advertisementId: number, quotaId: number): Promise<number> {
  return (await one<{ id: number }>(db, sql`select id from advertisement_quotas where advertisement_id = ${advertisementId} and quota_id = ${quotaId}`)).id;
}
