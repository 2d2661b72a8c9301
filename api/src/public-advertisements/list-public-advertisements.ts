import { todayAd, type Language } from '@psc/core';
import { schema, type Database } from '@psc/db';
import { and, count, desc, eq, lte } from 'drizzle-orm';
import { advertisementNameColumns, advertisementSearchCondition, advertisementTermColumns, joinAdvertisementNames, readAdvertisementQuotas } from '../advertisements/read-advertisements';
import { cachedPublicAnswer, type PublicAnswer } from './public-answers';

const { advertisements } = schema;

type Reader = Pick<Database, 'select'>;

/**
 * A published advertisement appears to candidates from its publish date, not before:
 * published, and published on or before today in Nepal. Drafts, pending, rejected and closed
 * advertisements never show.
 */
function isPublicNow(today: string) {
  return and(eq(advertisements.status, 'published'), lte(advertisements.publishDate, today));
}

/** What a candidate sees of an advertisement: no internal ids beyond the code, no remarks. */
const publicColumns = {
  id: advertisements.id,
  code: advertisements.code,
  fiscalYear: advertisements.fiscalYear,
  totalVacancy: advertisements.totalVacancy,
  ...advertisementTermColumns,
  ...advertisementNameColumns,
};

async function withQuotas<T extends { id: number }>(db: Reader, rows: T[]) {
  const quotasOf = await readAdvertisementQuotas(
    db,
    rows.map((row) => row.id),
  );
  return rows.map(({ id, ...row }) => ({
    ...row,
    quotas: (quotasOf.get(id) ?? []).map((quota) => ({ quotaCode: quota.quotaCode, nameEn: quota.nameEn, nameNp: quota.nameNp, vacancies: quota.vacancies, number: quota.number, label: quota.label })),
  }));
}

type ListQuery = { search?: string | undefined; page: number; pageSize: number };

/** spec §2 /vacancy: the advertisements open to candidates, newest publish date first. */
export async function listPublicAdvertisements(db: Reader, query: ListQuery, today: string = todayAd()) {
  const where = and(isPublicNow(today), query.search ? advertisementSearchCondition(query.search) : undefined);
  const [rows, [total]] = await Promise.all([
    joinAdvertisementNames(db.select(publicColumns).from(advertisements).$dynamic())
      .where(where)
      .orderBy(desc(advertisements.publishDate), desc(advertisements.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    joinAdvertisementNames(db.select({ value: count() }).from(advertisements).$dynamic()).where(where),
  ]);
  return { items: await withQuotas(db, rows), total: Number(total?.value ?? 0) };
}

/** One public advertisement by its code, or undefined until it is public. */
export async function findPublicAdvertisement(db: Reader, code: string, today: string = todayAd()) {
  const rows = await joinAdvertisementNames(db.select(publicColumns).from(advertisements).$dynamic())
    .where(and(isPublicNow(today), eq(advertisements.code, code)))
    .limit(1);
  const [advertisement] = await withQuotas(db, rows);
  return advertisement;
}

/** The list as sent, built once per change (public-answers.ts). */
export function publicListAnswer(db: Database, lang: Language, query: ListQuery, now: number = Date.now()) {
  const key = `list:${query.page}:${query.pageSize}:${query.search ?? ''}`;
  return cachedPublicAnswer(db, lang, key, (today) => listPublicAdvertisements(db, query, today), now) as Promise<PublicAnswer>;
}

/** One advertisement as sent, or undefined until it is public; built once per change. */
export function publicAdvertisementAnswer(db: Database, lang: Language, code: string, now: number = Date.now()) {
  return cachedPublicAnswer(db, lang, `detail:${code}`, (today) => findPublicAdvertisement(db, code, today), now);
}
