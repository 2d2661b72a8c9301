import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Connection, Database } from '../connect';
import {
  educationLevels,
  faculties,
  posts,
  serviceClasses,
  serviceGroups,
  serviceSubgroups,
  services,
  universities,
} from '../schema/index';
import { createTestConnection } from '../testing';
import {
  EDUCATION_LEVELS,
  FACULTIES,
  POSTS,
  SERVICES,
  SERVICE_CLASSES,
  SERVICE_GROUPS,
  SERVICE_SUBGROUPS,
  UNIVERSITIES,
  seedClassificationData,
} from './classification/index';

const TABLES = {
  services,
  serviceGroups,
  serviceSubgroups,
  serviceClasses,
  posts,
  universities,
  educationLevels,
  faculties,
};

const EXPECTED_COUNTS = {
  services: SERVICES.length,
  serviceGroups: SERVICE_GROUPS.length,
  serviceSubgroups: SERVICE_SUBGROUPS.length,
  serviceClasses: SERVICE_CLASSES.length,
  posts: POSTS.length,
  universities: UNIVERSITIES.length,
  educationLevels: EDUCATION_LEVELS.length,
  faculties: FACULTIES.length,
};

async function countRows(db: Database) {
  const entries = await Promise.all(
    Object.entries(TABLES).map(async ([name, table]) => [name, await db.$count(table)] as const),
  );
  return Object.fromEntries(entries);
}

async function snapshot(db: Database) {
  const entries = await Promise.all(
    Object.entries(TABLES).map(async ([name, table]) => [name, await db.select().from(table).orderBy(asc(table.id))] as const),
  );
  return Object.fromEntries(entries);
}

let connection: Connection;
let db: Database;

beforeAll(async () => {
  connection = await createTestConnection();
  db = connection.db;
  await connection.migrate();
  await seedClassificationData(db);
});

afterAll(async () => {
  await connection?.close();
});

describe('seedClassificationData', () => {
  it('inserts every row of the data files', async () => {
    expect(await countRows(db)).toEqual(EXPECTED_COUNTS);
    expect(EXPECTED_COUNTS).toMatchObject({ services: 11, serviceClasses: 10, universities: 22 });
  });

  it('links every group, subgroup and post to a parent that exists', async () => {
    const orphanGroups = await db
      .select({ id: serviceGroups.id })
      .from(serviceGroups)
      .leftJoin(services, eq(services.id, serviceGroups.serviceId))
      .where(sql`${services.id} is null`);
    const orphanSubgroups = await db
      .select({ id: serviceSubgroups.id })
      .from(serviceSubgroups)
      .leftJoin(serviceGroups, eq(serviceGroups.id, serviceSubgroups.groupId))
      .where(sql`${serviceGroups.id} is null`);
    const orphanPosts = await db
      .select({ id: posts.id })
      .from(posts)
      .leftJoin(serviceClasses, eq(serviceClasses.id, posts.classId))
      .where(sql`${serviceClasses.id} is null`);
    expect([orphanGroups, orphanSubgroups, orphanPosts]).toEqual([[], [], []]);
  });

  it('stores the Section Officer as a gazetted third-class post', async () => {
    const [row] = await db
      .select({ post: posts.nameNp, className: serviceClasses.nameNp, isGazetted: serviceClasses.isGazetted })
      .from(posts)
      .innerJoin(serviceClasses, eq(serviceClasses.id, posts.classId))
      .where(eq(posts.nameEn, 'Section Officer'));
    expect(row).toEqual({ post: 'शाखा अधिकृत', className: 'राजपत्राङ्कित तृतीय श्रेणी', isGazetted: true });
  });

  it('changes nothing when run again, with or without updateExisting', async () => {
    const before = await snapshot(db);
    await seedClassificationData(db);
    expect(await countRows(db)).toEqual(EXPECTED_COUNTS);
    expect(await snapshot(db)).toEqual(before);
    await seedClassificationData(db, { updateExisting: true });
    expect(await snapshot(db)).toEqual(before);
  });

  it('keeps an administrator’s edits unless asked to update, and never reactivates a row', async () => {
    await db.update(services).set({ nameEn: 'Administration' }).where(eq(services.id, 6));
    await db.update(faculties).set({ isActive: false }).where(eq(faculties.id, 13));

    await seedClassificationData(db);
    const [kept] = await db.select().from(services).where(eq(services.id, 6));
    expect(kept?.nameEn).toBe('Administration');

    await seedClassificationData(db, { updateExisting: true });
    const [restored] = await db.select().from(services).where(eq(services.id, 6));
    const [faculty] = await db.select().from(faculties).where(eq(faculties.id, 13));
    expect(restored?.nameEn).toBe('Nepal Administration Service');
    expect(faculty?.isActive).toBe(false);

    await db.update(faculties).set({ isActive: true }).where(eq(faculties.id, 13));
  });

  it('lets an administrator add rows after the seed without colliding with the seeded ids', async () => {
    const [service] = await db
      .insert(services)
      .values({ nameEn: 'Test Service', nameNp: 'परीक्षण सेवा' })
      .returning({ id: services.id });
    const [group] = await db
      .insert(serviceGroups)
      .values({ serviceId: service!.id, nameEn: 'Test Group', nameNp: 'परीक्षण समूह' })
      .returning({ id: serviceGroups.id });
    const [faculty] = await db
      .insert(faculties)
      .values({ nameEn: 'Test Faculty', nameNp: 'परीक्षण संकाय' })
      .returning({ id: faculties.id });
    expect(service!.id).toBe(SERVICES.length + 1);
    expect(group!.id).toBe(SERVICE_GROUPS.length + 1);
    expect(faculty!.id).toBe(FACULTIES.length + 1);

    // A later seed neither moves the sequences back nor touches the added rows.
    await seedClassificationData(db);
    const [next] = await db
      .insert(faculties)
      .values({ nameEn: 'Second Test Faculty', nameNp: 'दोस्रो परीक्षण संकाय' })
      .returning({ id: faculties.id });
    expect(next!.id).toBe(FACULTIES.length + 2);

    await db.delete(faculties).where(sql`${faculties.id} > ${FACULTIES.length}`);
    await db.delete(serviceGroups).where(eq(serviceGroups.id, group!.id));
    await db.delete(services).where(eq(services.id, service!.id));
  });
});
