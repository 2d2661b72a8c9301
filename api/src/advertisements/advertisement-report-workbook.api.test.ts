import { type SeededAdvertisement } from '@psc/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffUser, type StaffUser } from '../requisitions/requisition.test-support';
import { createAdvertisementFixture } from '../test-support/recruitment-fixtures';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { downloadWorkbook, readFirstSheet } from '../test-support/workbook-download';

// advertisement-report [AR] as Excel: the screen's rows for the same fiscal year and status.

let t: TestApp;
let reader: StaffUser;
let outsider: StaffUser;
let advertisement: SeededAdvertisement;
beforeAll(async () => {
  t = await createTestApp();
  reader = await createStaffUser(t, { AR: ['read'] });
  outsider = await createStaffUser(t, { ER: ['read'] });
  advertisement = await createAdvertisementFixture(t.db, { status: 'published' });
});
afterAll(() => t.close());

describe('advertisement report workbook', () => {
  it('holds the lines of the screen for the same filters, with quotas, status and both calendars', async () => {
    const filter = `fiscalYear=${encodeURIComponent(advertisement.fiscalYear)}&status=published`;
    const screen = await t.call('GET', `/api/admin/reports/advertisements?${filter}`, { token: reader.token });
    const items = (screen.body.data as { items: { code: string; totalVacancy: number }[] }).items;
    const file = await downloadWorkbook(t, `/api/admin/reports/advertisements/excel?${filter}`, reader.token);
    expect(file.status).toBe(200);
    const { name, rows } = await readFirstSheet(file.bytes);
    expect(name).toBe('Advertisements');
    expect(rows[0]).toEqual([`${advertisement.fiscalYear} · Published`]);
    expect(rows[1]!.slice(0, 3)).toEqual(['Advertisement', 'Fiscal year', 'Post / service']);
    expect(rows.slice(2).map((row) => row[0])).toEqual(items.map((item) => item.code));
    const line = rows.find((row) => row[0] === advertisement.code)!;
    expect(line[6]).toBe(items.find((item) => item.code === advertisement.code)!.totalVacancy);
    expect(line[7]).toBe('Published');
    expect(String(line[5])).toMatch(/ \d+ · \d+\/\d{3}-\d{2}/);

    const nepali = await readFirstSheet((await downloadWorkbook(t, `/api/admin/reports/advertisements/excel?${filter}`, reader.token, 'ne')).bytes);
    expect(nepali.name).toBe('विज्ञापनहरू');
    expect(nepali.rows.find((row) => row[0] === advertisement.code)![7]).toBe('प्रकाशित');
  });

  it('refuses without a session or AR, and a status it does not know', async () => {
    expect((await downloadWorkbook(t, '/api/admin/reports/advertisements/excel', null)).status).toBe(401);
    expect((await downloadWorkbook(t, '/api/admin/reports/advertisements/excel', outsider.token)).status).toBe(403);
    expect((await downloadWorkbook(t, '/api/admin/reports/advertisements/excel?status=lost', reader.token)).status).toBe(400);
  });
});
