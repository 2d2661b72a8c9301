import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Connection, type Database } from '../connect';
import {
  casteGroups,
  castes,
  disabilityClasses,
  disabilityTypes,
  districts,
  localLevelTypes,
  localLevels,
  motherTongues,
  provinces,
  religions,
} from '../schema/index';
import { DISTRICT_OVERRIDES, LOCAL_LEVEL_OVERRIDES, PROVINCE_OVERRIDES, correctName, parseWardCount } from './reference/corrections';
import { seedReferenceData } from './reference/index';

// The public dataset the federal structure was built from, when this checkout has it beside the
// repository root; the comparison below is skipped (with a note) where it does not.
const sourceDir = new URL('../../../../shared/data/nepal-local-levels/', import.meta.url);
const hasSource = existsSync(new URL('municipalities-en.json', sourceDir));

type TestDatabase = { connection: Connection; dispose: () => Promise<void> };

/** PGlite in memory; or, in the postgres project, a fresh database dropped afterwards. */
async function openTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_POSTGRES_URL;
  if (process.env.TEST_DATABASE === 'postgres' && serverUrl) {
    const name = `ref_test_${randomBytes(6).toString('hex')}`;
    const admin = await connect({ databaseUrl: serverUrl, maxConnections: 1 });
    await admin.db.execute(sql.raw(`create database ${name}`));
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const connection = await connect({ databaseUrl: url.toString(), maxConnections: 2 });
    return {
      connection,
      dispose: async () => {
        await connection.close();
        await admin.db.execute(sql.raw(`drop database if exists ${name}`));
        await admin.close();
      },
    };
  }
  const connection = await connect();
  return { connection, dispose: () => connection.close() };
}

const TABLES = {
  provinces,
  districts,
  localLevelTypes,
  localLevels,
  religions,
  casteGroups,
  castes,
  motherTongues,
  disabilityClasses,
  disabilityTypes,
};

async function snapshot(db: Database) {
  const entries = await Promise.all(
    Object.entries(TABLES).map(async ([name, table]) => [name, await db.select().from(table).orderBy(asc(table.id))] as const),
  );
  return Object.fromEntries(entries);
}

let testDatabase: TestDatabase;
let db: Database;

beforeAll(async () => {
  testDatabase = await openTestDatabase();
  db = testDatabase.connection.db;
  await testDatabase.connection.migrate();
  await seedReferenceData(db);
});

afterAll(async () => {
  await testDatabase?.dispose();
});

describe('seedReferenceData', () => {
  it('inserts the federal structure: 7 provinces, 77 districts, 753 local levels', async () => {
    expect(await db.$count(provinces)).toBe(7);
    expect(await db.$count(districts)).toBe(77);
    expect(await db.$count(localLevelTypes)).toBe(4);
    expect(await db.$count(localLevels)).toBe(753);
  });

  it('inserts the census and disability lists', async () => {
    expect(await db.$count(religions)).toBe(11);
    expect(await db.$count(casteGroups)).toBe(7);
    expect(await db.$count(castes)).toBe(143);
    expect(await db.$count(motherTongues)).toBe(125);
    expect(await db.$count(disabilityClasses)).toBe(4);
    expect(await db.$count(disabilityTypes)).toBe(10);
  });

  it('splits the local levels 6 / 11 / 276 / 460 by type', async () => {
    const rows = await db
      .select({ code: localLevelTypes.code, levels: sql<number>`count(${localLevels.id})::int` })
      .from(localLevelTypes)
      .leftJoin(localLevels, eq(localLevels.typeId, localLevelTypes.id))
      .groupBy(localLevelTypes.id, localLevelTypes.code)
      .orderBy(asc(localLevelTypes.id));
    expect(rows).toEqual([
      { code: 'MC', levels: 6 },
      { code: 'SMC', levels: 11 },
      { code: 'M', levels: 276 },
      { code: 'RM', levels: 460 },
    ]);
  });

  it('gives every district a province and every local level a district', async () => {
    const orphanDistricts = await db
      .select({ id: districts.id })
      .from(districts)
      .leftJoin(provinces, eq(provinces.id, districts.provinceId))
      .where(sql`${provinces.id} is null`);
    const orphanLevels = await db
      .select({ id: localLevels.id })
      .from(localLevels)
      .leftJoin(districts, eq(districts.id, localLevels.districtId))
      .where(sql`${districts.id} is null`);
    expect(orphanDistricts).toEqual([]);
    expect(orphanLevels).toEqual([]);
    const districtsWithoutLevels = await db
      .select({ id: districts.id })
      .from(districts)
      .leftJoin(localLevels, eq(localLevels.districtId, districts.id))
      .where(sql`${localLevels.id} is null`);
    expect(districtsWithoutLevels).toEqual([]);
  });

  it('stores no name with stray whitespace or with ा + े in place of ो', async () => {
    const tables = await snapshot(db);
    for (const [name, rows] of Object.entries(tables)) {
      for (const row of rows as { id: number; nameEn: string; nameNp: string }[]) {
        for (const text of [row.nameEn, row.nameNp]) {
          expect(text, `${name} ${row.id}`).toBe(text.trim());
          expect(text, `${name} ${row.id}`).not.toMatch(/\s{2,}|[\u200B-\u200D]|\u093E\u0947/);
        }
      }
    }
  });

  it('changes nothing when run again, with or without updateExisting', async () => {
    const before = await snapshot(db);
    await seedReferenceData(db);
    expect(await snapshot(db)).toEqual(before);
    await seedReferenceData(db, { updateExisting: true });
    expect(await snapshot(db)).toEqual(before);
  });

  it('keeps an administrator’s edits unless asked to update, and never reactivates a row', async () => {
    await db.update(provinces).set({ nameEn: 'Province One' }).where(eq(provinces.id, 1));
    await db.update(castes).set({ isActive: false }).where(eq(castes.id, 143));

    await seedReferenceData(db);
    const [kept] = await db.select().from(provinces).where(eq(provinces.id, 1));
    expect(kept?.nameEn).toBe('Province One');

    await seedReferenceData(db, { updateExisting: true });
    const [restored] = await db.select().from(provinces).where(eq(provinces.id, 1));
    const [caste] = await db.select().from(castes).where(eq(castes.id, 143));
    expect(restored?.nameEn).toBe('Koshi Province');
    expect(caste?.isActive).toBe(false);

    await db.update(castes).set({ isActive: true }).where(eq(castes.id, 143));
  });
});

type SourceRow = { id: number; name: string };
type SourceDistrict = SourceRow & { province_id: number };
type SourceLevel = SourceRow & { district_id: number; category_id: number; wards: string };

function readSource<T>(fileName: string): Map<number, T> {
  const rows = JSON.parse(readFileSync(new URL(fileName, sourceDir), 'utf8')) as (T & { id: number })[];
  return new Map(rows.map((row) => [row.id, row]));
}

describe('comparison with the public local-levels dataset', () => {
  if (!hasSource) {
    console.info(
      'reference.db.test: shared/data/nepal-local-levels was not found beside the repository; ' +
        'the comparison with the source dataset is skipped.',
    );
  }

  it.runIf(hasSource)('maps every id to the same names, district and type, apart from the documented corrections', async () => {
    const provincesEn = readSource<SourceRow>('provinces-en.json');
    const provincesNp = readSource<SourceRow>('provinces-np.json');
    const districtsEn = readSource<SourceDistrict>('districts-en.json');
    const districtsNp = readSource<SourceDistrict>('districts-np.json');
    const typesEn = readSource<SourceRow & { short_code: string }>('categories-en.json');
    const typesNp = readSource<SourceRow>('categories-np.json');
    const levelsEn = readSource<SourceLevel>('municipalities-en.json');
    const levelsNp = readSource<SourceLevel>('municipalities-np.json');

    const storedProvinces = await db.select().from(provinces).orderBy(asc(provinces.id));
    expect(storedProvinces.map((p) => p.id)).toEqual([...provincesEn.keys()].sort((a, b) => a - b));
    for (const province of storedProvinces) {
      expect(province.nameEn).toBe(correctName(PROVINCE_OVERRIDES, province.id, 'nameEn', provincesEn.get(province.id)!.name));
      expect(province.nameNp).toBe(correctName(PROVINCE_OVERRIDES, province.id, 'nameNp', provincesNp.get(province.id)!.name));
    }

    const storedDistricts = await db.select().from(districts).orderBy(asc(districts.id));
    expect(storedDistricts).toHaveLength(districtsEn.size);
    for (const district of storedDistricts) {
      const source = districtsEn.get(district.id)!;
      expect(district.provinceId, `district ${district.id}`).toBe(source.province_id);
      expect(district.nameEn).toBe(correctName(DISTRICT_OVERRIDES, district.id, 'nameEn', source.name));
      expect(district.nameNp).toBe(correctName(DISTRICT_OVERRIDES, district.id, 'nameNp', districtsNp.get(district.id)!.name));
    }

    const storedTypes = await db.select().from(localLevelTypes).orderBy(asc(localLevelTypes.id));
    expect(storedTypes).toHaveLength(typesEn.size);
    for (const type of storedTypes) {
      expect(type.code).toBe(typesEn.get(type.id)!.short_code);
      expect(type.nameEn).toBe(typesEn.get(type.id)!.name);
      expect(type.nameNp).toBe(typesNp.get(type.id)!.name);
    }

    const storedLevels = await db.select().from(localLevels).orderBy(asc(localLevels.id));
    expect(storedLevels).toHaveLength(levelsEn.size);
    for (const level of storedLevels) {
      const source = levelsEn.get(level.id)!;
      expect(level.districtId, `local level ${level.id}`).toBe(source.district_id);
      expect(level.typeId, `local level ${level.id}`).toBe(source.category_id);
      expect(level.wards, `local level ${level.id}`).toBe(parseWardCount(source.wards));
      expect(level.wards, `local level ${level.id}`).toBe(parseWardCount(levelsNp.get(level.id)!.wards));
      expect(level.nameEn).toBe(correctName(LOCAL_LEVEL_OVERRIDES, level.id, 'nameEn', source.name));
      expect(level.nameNp).toBe(correctName(LOCAL_LEVEL_OVERRIDES, level.id, 'nameNp', levelsNp.get(level.id)!.name));
    }
  });
});
