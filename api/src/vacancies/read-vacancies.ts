import { checkEligibility, feePeriodOn, quotaClaimOf, todayAd, type AdvertisementFees } from '@psc/core';
import { arrayLiteral, BUSY_STATEMENT_BATCHES, createStatementBatcher, type Database, oncePerDatabase, schema } from '@psc/db';
import { and, asc, count, desc, eq, gte, isNull, lte, ne, sql } from 'drizzle-orm';
import { cachedAdvertisementRead } from '../advertisements/advertisement-cache';
import { advertisementNameColumns, advertisementSearchCondition, advertisementTermColumns, joinAdvertisementNames, readAdvertisementOptionalSubjects, readAdvertisementQuotas, withAdvertisementQuotas } from '../advertisements/read-advertisements';
import { loadApplicantFacts, loadApplyAdvertisement, type ApplicantFacts, type ApplyAdvertisement } from '../applications/load-apply-context';
import { readReceipt } from '../applications/read-receipt';
import { AppError } from '../http/errors';

const { advertisements, advertisementQuotas, advertisementExamCentres, applications, examCentres, faculties, postQualifications, postQualificationFaculties, educationLevels } =
  schema;

type Reader = Pick<Database, 'select'>;

/** Open to candidates: published, from the publish date until the double-fee date. */
function isOpenOn(today: string) {
  return and(eq(advertisements.status, 'published'), lte(advertisements.publishDate, today), gte(advertisements.doubleFeeLastDate, today));
}

const vacancyColumns = {
  id: advertisements.id,
  code: advertisements.code,
  fiscalYear: advertisements.fiscalYear,
  organizationId: advertisements.organizationId,
  totalVacancy: advertisements.totalVacancy,
  ...advertisementTermColumns,
  ...advertisementNameColumns,
};

export type VacancyQuery = { search?: string | undefined; organizationId?: number | undefined; page: number; pageSize: number };

/**
 * The candidates' live (not expired, not deleted) applications among some advertisements:
 * prepared once per database and batched (createStatementBatcher), as every candidate's list
 * asks it. One statement takes the user ids of every list that arrived together and the
 * advertisement ids of all their pages (the same first page, mostly); each request then keeps
 * its own user's rows on its own page.
 */
const myLiveApplicationsOf = oncePerDatabase((db: Database) => {
  const statement = db
    .select({ id: applications.id, userId: applications.userId, advertisementId: applications.advertisementId, status: applications.status, paymentState: applications.paymentState })
    .from(applications)
    .where(
      and(
        sql`${applications.userId} = any(${sql.placeholder('userIds')}::int[])`,
        sql`${applications.advertisementId} = any(${sql.placeholder('advertisementIds')}::int[])`,
        isNull(applications.deletedAt),
        ne(applications.status, 'expired'),
      ),
    )
    .prepare('my_live_applications');
  type Row = Awaited<ReturnType<typeof statement.execute>>[number];
  return createStatementBatcher<{ userId: number; advertisementIds: number[] }, Omit<Row, 'userId'>[]>(async (inputs) => {
    const userIds = [...new Set(inputs.map((input) => input.userId))];
    const advertisementIds = [...new Set(inputs.flatMap((input) => input.advertisementIds))];
    const rows = await statement.execute({ userIds: arrayLiteral(userIds), advertisementIds: arrayLiteral(advertisementIds) });
    return inputs.map((input) => {
      const page = new Set(input.advertisementIds);
      return rows.filter((row) => row.userId === input.userId && page.has(row.advertisementId)).map(({ userId: _userId, ...row }) => row);
    });
  }, BUSY_STATEMENT_BATCHES);
});

async function readMyLiveApplications(db: Database, userId: number, advertisementIds: number[]) {
  if (advertisementIds.length === 0) return [];
  return myLiveApplicationsOf(db)({ userId, advertisementIds });
}

/**
 * The open advertisements of one page with their quotas and today's fee period: the same for
 * every candidate, so kept a few seconds (advertisement-cache) while thousands read the list in
 * a rush, each row already written as JSON up to its closing brace, where a candidate's own part
 * is added (listVacanciesJson).
 */
function readOpenVacancyPage(db: Database, query: VacancyQuery, today: string) {
  const key = `vacancies:${today}:${query.organizationId ?? ''}:${query.page}:${query.pageSize}:${query.search ?? ''}`;
  return cachedAdvertisementRead(db, key, async () => {
    const where = and(isOpenOn(today), query.search ? advertisementSearchCondition(query.search) : undefined, query.organizationId ? eq(advertisements.organizationId, query.organizationId) : undefined);
    const [rows, [total]] = await Promise.all([
      joinAdvertisementNames(db.select(vacancyColumns).from(advertisements).$dynamic())
        .where(where)
        .orderBy(asc(advertisements.doubleFeeLastDate), desc(advertisements.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      joinAdvertisementNames(db.select({ value: count() }).from(advertisements).$dynamic()).where(where),
    ]);
    const items = (await withAdvertisementQuotas(db, rows)).map((row) => {
      const shared = { ...row, feePeriod: feePeriodOn(today, { lastDateForSubmission: row.lastDateForSubmission!, doubleFeeLastDate: row.doubleFeeLastDate! }) };
      // Kept as UTF-8 bytes: the names are Devanagari, and encoding 45 KB of text was a large
      // part of each request's work; a request now copies the bytes.
      return { id: row.id, openJson: Buffer.from(JSON.stringify(shared).slice(0, -1)) };
    });
    return { items, total: Number(total?.value ?? 0) };
  });
}

/**
 * spec §2 /vacancy and /organization/vacancy: open advertisements with today's fee period and
 * whether I applied, as the JSON text of `{ items, total }`. The page is a few dozen kilobytes
 * that every candidate reads in a rush; writing the shared part once per page, not per request,
 * leaves each request its own applications to write (`npm run bench -- reads`).
 */
export async function listVacanciesJson(db: Database, userId: number, query: VacancyQuery, today: string = todayAd()): Promise<Buffer<ArrayBuffer>> {
  const { items, total } = await readOpenVacancyPage(db, query, today);
  const mine = await readMyLiveApplications(
    db,
    userId,
    items.map((item) => item.id),
  );
  const parts: Buffer<ArrayBuffer>[] = [Buffer.from('{"items":[')];
  items.forEach((item, index) => {
    const application = mine.find((candidate) => candidate.advertisementId === item.id) ?? null;
    parts.push(item.openJson, Buffer.from(`,"hasApplied":${application !== null},"myApplication":${JSON.stringify(application)}}${index < items.length - 1 ? ',' : ''}`));
  });
  parts.push(Buffer.from(`],"total":${total}}`));
  return Buffer.concat(parts);
}

/** The published advertisement as the apply path reads it, and the candidate's facts the submit judges. */
async function loadJudgement(db: Database, userId: number, advertisementId: number, today: string) {
  const [advertisement, facts] = await Promise.all([loadApplyAdvertisement(db, advertisementId), loadApplicantFacts(db, userId)]);
  if (!advertisement || advertisement.status !== 'published' || !advertisement.publishDate || advertisement.publishDate > today) throw new AppError('NOT_FOUND');
  return { advertisement, facts };
}

function eligibilityOf(advertisement: ApplyAdvertisement, facts: ApplicantFacts) {
  const eligibility = checkEligibility(facts, advertisement, advertisement.qualification);
  return { ...eligibility, ageCutOffDate: advertisement.ageCutOffDate, profileLocked: facts.lock !== null && facts.lock.lockedFrom <= new Date() && new Date() < facts.lock.lockedUntil };
}

/** GET /api/psc/vacancies/:advertisementId/eligibility: what the server will judge on submit. */
export async function previewEligibility(db: Database, userId: number, advertisementId: number, today: string = todayAd()) {
  const { advertisement, facts } = await loadJudgement(db, userId, advertisementId, today);
  return eligibilityOf(advertisement, facts);
}

/**
 * One open vacancy with everything the apply form offers: quotas (advertisementQuotaId is what
 * the form sends; `claimable`, and `refusal` the catalogue key of why not, by the core rule the
 * submit and the additional-quota application refuse with), exam centres, optional subjects, the faculties the post's minimum
 * qualification accepts, today's fee period, my eligibility and my live application.
 */
export async function getVacancy(db: Database, userId: number, advertisementId: number, today: string = todayAd()) {
  const [vacancy, judgement, myApplication] = await Promise.all([
    readOpenVacancy(db, advertisementId, today),
    loadJudgement(db, userId, advertisementId, today),
    readReceipt(db, { liveFor: { userId, advertisementId } }),
  ]);
  const { quotas, ...rest } = vacancy;
  return {
    ...rest,
    feePeriod: feePeriodOn(today, { lastDateForSubmission: rest.lastDateForSubmission!, doubleFeeLastDate: rest.doubleFeeLastDate! }),
    quotas: quotas.map((quota) => ({ ...quota, ...quotaClaimOf(quota.quotaCode, judgement.facts) })),
    eligibility: eligibilityOf(judgement.advertisement, judgement.facts),
    myApplication,
  };
}

/**
 * What the vacancy page shows that is the same for every candidate: the advertisement, its
 * quotas, exam centres, optional subjects and minimum qualification. Seven statements, kept a
 * few seconds (advertisement-cache) while thousands open the same vacancy in a rush; a missing
 * or closed one is not kept (the load throws).
 */
function readOpenVacancy(db: Database, advertisementId: number, today: string) {
  return cachedAdvertisementRead(db, `vacancy:${today}:${advertisementId}`, async () => {
    const [row] = await joinAdvertisementNames(db.select(vacancyColumns).from(advertisements).$dynamic())
      .where(and(isOpenOn(today), eq(advertisements.id, advertisementId)))
      .limit(1);
    if (!row) throw new AppError('NOT_FOUND');
    const [quotasOf, quotaRows, centres, optionalSubjects, qualification] = await Promise.all([
      readAdvertisementQuotas(db, [advertisementId]),
      db.select({ id: advertisementQuotas.id, quotaId: advertisementQuotas.quotaId }).from(advertisementQuotas).where(eq(advertisementQuotas.advertisementId, advertisementId)),
      db
        .select({ id: examCentres.id, nameEn: examCentres.nameEn, nameNp: examCentres.nameNp })
        .from(advertisementExamCentres)
        .innerJoin(examCentres, eq(examCentres.id, advertisementExamCentres.examCentreId))
        .where(eq(advertisementExamCentres.advertisementId, advertisementId))
        .orderBy(asc(examCentres.nameEn)),
      readAdvertisementOptionalSubjects(db, advertisementId),
      readQualification(db, advertisementId),
    ]);
    const fees: AdvertisementFees = row;
    return {
      ...row,
      fees,
      quotas: (quotasOf.get(advertisementId) ?? []).map((quota) => ({ ...quota, advertisementQuotaId: quotaRows.find((item) => item.quotaId === quota.quotaId)!.id })),
      examCentres: centres,
      optionalSubjects,
      qualification,
    };
  });
}

/** The post's minimum qualification (spec academic-qualification): level and accepted faculties (none: any). */
async function readQualification(db: Reader, advertisementId: number) {
  const [qualification] = await db
    .select({ id: postQualifications.id, levelId: educationLevels.id, levelNameEn: educationLevels.nameEn, levelNameNp: educationLevels.nameNp, levelRank: educationLevels.rank, description: postQualifications.description })
    .from(advertisements)
    .innerJoin(postQualifications, eq(postQualifications.postId, advertisements.postId))
    .innerJoin(educationLevels, eq(educationLevels.id, postQualifications.educationLevelId))
    .where(eq(advertisements.id, advertisementId))
    .limit(1);
  if (!qualification) return null;
  const acceptedFaculties = await db
    .select({ id: faculties.id, nameEn: faculties.nameEn, nameNp: faculties.nameNp })
    .from(postQualificationFaculties)
    .innerJoin(faculties, eq(faculties.id, postQualificationFaculties.facultyId))
    .where(eq(postQualificationFaculties.qualificationId, qualification.id))
    .orderBy(asc(faculties.nameEn));
  return { levelId: qualification.levelId, levelNameEn: qualification.levelNameEn, levelNameNp: qualification.levelNameNp, levelRank: qualification.levelRank, description: qualification.description, faculties: acceptedFaculties };
}
