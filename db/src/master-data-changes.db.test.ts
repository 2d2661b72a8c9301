import { eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Connection } from './connect';
import { masterDataChanges, subjects } from './schema/index';
import { createTestConnection } from './testing';

let connection: Connection;
beforeAll(async () => {
  connection = await createTestConnection();
  await connection.migrate();
});
afterAll(() => connection.close());

it('records every insert, update and delete of a master table in order', async () => {
  const { db } = connection;
  const [before] = await db.select({ seq: masterDataChanges.seq }).from(masterDataChanges).orderBy(masterDataChanges.seq).limit(1);
  const start = before?.seq ?? 0;
  const [row] = await db.insert(subjects).values({ nameEn: 'Constitution', nameNp: 'संविधान' }).returning({ id: subjects.id });
  await db.update(subjects).set({ nameEn: 'Constitution of Nepal' }).where(eq(subjects.id, row!.id));
  await db.delete(subjects).where(eq(subjects.id, row!.id));
  const changes = await db
    .select({ tableName: masterDataChanges.tableName, rowId: masterDataChanges.rowId, operation: masterDataChanges.operation })
    .from(masterDataChanges)
    .where(gt(masterDataChanges.seq, start))
    .orderBy(masterDataChanges.seq);
  expect(changes).toEqual([
    { tableName: 'subjects', rowId: String(row!.id), operation: 'insert' },
    { tableName: 'subjects', rowId: String(row!.id), operation: 'update' },
    { tableName: 'subjects', rowId: String(row!.id), operation: 'delete' },
  ]);
});
