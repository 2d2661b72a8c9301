import { addDaysAd, toDevanagariDigits, todayAd } from '@psc/core';
import { sql } from 'drizzle-orm';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationsOf, giveApplication } from '../admit-cards/admit-cards.test-support';
import { closePdfPrinter } from '../admit-cards/pdf-printer';
import { seedApplicant, type Applicant } from '../applications/applications.test-support';
import { rowsOf } from '../applications/rows-of';
import { createStaffUser, type StaffUser } from '../requisitions/requisition.test-support';
import { createNumberedSitting, type Sitting } from '../room-allocation/room-allocation.test-support';
import { createTestApp, type TestApp } from '../test-support/test-app';

// spec §2 generate/form [MC]: a candidate's filled application form, found by name, roll number,
// master id or receipt code, and printed for the file.

let t: TestApp;
let clerk: StaffUser;
let outsider: StaffUser;
let candidate: Applicant;
let sitting: Sitting;
let applicationId: number;
let rollNumber: number;
let masterId: number;
let receiptCode: string;
let scratch: string;

const NAME_NP = 'सरस्वती भण्डारी';
const NAME_EN = 'Saraswati Bhandari';

type Row = { applicationId: number; advertisementCode: string; rollNumber: string | null; nameEn: string; nameNp: string | null; masterId: number | null; receiptCode: string };
type Form = { receiptCode: string; rollNumber: string | null; candidate: { name: { en: string; np: string }; photo: string | null; signature: string | null }; sections: { title: string; fields: { label: string; value: string }[] }[]; tables: { title: string; columns: string[]; rows: string[][] }[] };

const get = (path: string, user: StaffUser = clerk) => t.call('GET', `/api/admin${path}`, { token: user.token, lang: 'en' });
const list = async (query: string) => (await get(`/application-forms?advertisementId=${sitting.advertisement.advertisementId}&${query}`)).body.data as { items: Row[]; total: number };

/** pdftotext breaks Devanagari where the shaper moved a vowel sign: compare without spaces. */
const withoutSpaces = (text: string) => text.normalize('NFC').replace(/\s+/g, '');

beforeAll(async () => {
  t = await createTestApp();
  clerk = await createStaffUser(t, { MC: ['read'] });
  outsider = await createStaffUser(t, { DA: ['read'], SC: ['read'] });
  candidate = await seedApplicant(t);
  await t.db.execute(sql`update users set first_name_en = 'Saraswati', last_name_en = 'Bhandari', first_name_np = 'सरस्वती', last_name_np = 'भण्डारी' where id = ${candidate.userId}`);
  sitting = await createNumberedSitting(t, { cities: [4], rollFrom: 870001, examDate: addDaysAd(todayAd(), 9), startTime: '10:00', durationMinutes: 120 });
  const applications = await applicationsOf(t, sitting);
  ({ id: applicationId, rollNumber } = applications[1]!);
  await giveApplication(t, applicationId, candidate.userId);
  const [row] = rowsOf<{ masterId: number; receiptCode: string }>(
    await t.db.execute(sql`select u.master_id as "masterId", a.receipt_code as "receiptCode" from applications a join users u on u.id = a.user_id where a.id = ${applicationId}`),
  );
  masterId = Number(row!.masterId);
  receiptCode = row!.receiptCode;
  // One of the advertisement's applications deleted: it is no application to print.
  await t.db.execute(sql`update applications set deleted_at = now() where id = ${applications[3]!.id}`);
  scratch = mkdtempSync(join(tmpdir(), 'application-form-'));
}, 180_000);

afterAll(async () => {
  await closePdfPrinter();
  await t?.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe('finding an application form', () => {
  it("lists the advertisement's paid applications in roll order, without the deleted one, a page at a time", async () => {
    const all = await list('');
    expect(all.total).toBe(3);
    expect(all.items.map((item) => item.rollNumber)).toEqual(['870001', '870002', '870003']);
    expect(all.items[1]).toEqual({ applicationId, advertisementCode: sitting.advertisement.code, rollNumber: String(rollNumber), nameEn: NAME_EN, nameNp: NAME_NP, masterId, receiptCode });
    const second = await list('page=2&pageSize=2');
    expect(second).toEqual({ items: [expect.objectContaining({ rollNumber: '870003' })], total: 3 });
    expect(await list('page=9&pageSize=2')).toEqual({ items: [], total: 3 });
  });

  it.each([
    ['the English name in part', 'bhandar'],
    ['the Nepali name', 'सरस्वती'],
    ['the roll number in Devanagari digits', () => toDevanagariDigits(String(rollNumber))],
    ['the master id', () => String(masterId)],
    ['the receipt code in lower case', () => receiptCode.toLowerCase()],
  ])('finds her by %s', async (_, search) => {
    const text = typeof search === 'function' ? search() : search;
    const found = await list(`search=${encodeURIComponent(text)}`);
    expect(found.items.map((item) => item.applicationId)).toEqual([applicationId]);
    expect(found.total).toBe(1);
  });

  it('finds nothing for a stranger, and refuses bad input', async () => {
    expect(await list('search=nobody-of-that-name')).toEqual({ items: [], total: 0 });
    expect((await get('/application-forms?pageSize=500')).status).toBe(400);
    expect((await get('/application-forms?advertisementId=abc')).status).toBe(400);
    expect((await get(`/application-forms?search=${'x'.repeat(101)}`)).status).toBe(400);
    // The workstation sends an empty search and no advertisement as blanks.
    expect((await get('/application-forms?advertisementId=&search=&page=1')).status).toBe(200);
  });
});

describe('the application form', () => {
  it("holds the candidate's profile, quotas and payment in the language asked, and her pictures", async () => {
    const answer = await get(`/application-forms/${applicationId}/data?lang=en`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    const form = answer.body.data as Form;
    expect(form.receiptCode).toBe(receiptCode);
    expect(form.rollNumber).toBe(String(rollNumber));
    expect(form.candidate.name).toEqual({ en: NAME_EN, np: NAME_NP });
    expect(form.candidate.photo).toMatch(/^data:image\/(jpeg|png);base64,/);
    expect(form.candidate.signature).toMatch(/^data:image\/(jpeg|png);base64,/);
    const fields = new Map(form.sections.flatMap((section) => section.fields.map((field) => [`${section.title}/${field.label}`, field.value])));
    expect(fields.get('Personal details/Name (in Nepali)')).toBe(NAME_NP);
    expect(fields.get('Personal details/Gender')).toBe('Female');
    expect(fields.get("Personal details/Father's name")).toBe('Hari Adhikari');
    // spec §1: dates in B.S. with the A.D. date beside them.
    expect(fields.get('Personal details/Date of birth')).toMatch(/^\d{4}-\d{2}-\d{2} \(1998-05-20\)$/);
    expect(fields.get('Permanent address/Ward number')).toBe('1');
    // Only paid applications are forms; these were marked paid without a payment of their own.
    expect(fields.get('Fee payment/Status')).toBe('Paid');
    expect(form.sections.map((section) => section.title)).toEqual(['Personal details', 'Permanent address', 'Contact', 'Quotas applied for', 'Fee payment']);
    const education = form.tables.find((table) => table.title === 'Education')!;
    expect(education.rows).toHaveLength(1);
    expect(education.rows[0]).toEqual([expect.any(String), expect.any(String), 'Tribhuvan University', expect.any(String), expect.stringMatching(/^\d+\.\d{2}%$/), '', expect.stringMatching(/^\d{4}-\d{2}-\d{2} \(\d{4}-\d{2}-\d{2}\)$/)]);

    const nepali = (await get(`/application-forms/${applicationId}/data?lang=ne`)).body.data as Form;
    expect(nepali.sections[0]!.title).toBe('व्यक्तिगत विवरण');
    const nepaliFields = new Map(nepali.sections[0]!.fields.map((field) => [field.label, field.value]));
    expect(nepaliFields.get('लिङ्ग') ?? [...nepaliFields.values()].join(' ')).toContain('महिला');
  });

  it('prints as a PDF holding her Nepali name, her receipt code in the file name', async () => {
    const answer = await t.app.request(`/api/admin/application-forms/${applicationId}/pdf?lang=ne`, { headers: { authorization: `Bearer ${clerk.token}` } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="application-form-${receiptCode}.pdf"`);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const bytes = Buffer.from(await answer.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const path = join(scratch, 'form.pdf');
    writeFileSync(path, bytes);
    const text = execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' });
    expect(withoutSpaces(text)).toContain(withoutSpaces(NAME_NP));
    expect(text).toContain(receiptCode);
  }, 120_000);

  it('is 404 for an unknown or deleted application, 400 for a bad id or language', async () => {
    expect((await get('/application-forms/999999/data')).status).toBe(404);
    expect((await get('/application-forms/999999/pdf')).status).toBe(404);
    const [, , , deleted] = await applicationsOf(t, sitting);
    expect((await get(`/application-forms/${deleted!.id}/data`)).status).toBe(404);
    expect((await get('/application-forms/abc/data')).status).toBe(400);
    expect((await get(`/application-forms/${applicationId}/data?lang=fr`)).status).toBe(400);
  });

  it('is refused without MC, and to anyone signed out', async () => {
    for (const path of ['/application-forms', `/application-forms/${applicationId}/data`, `/application-forms/${applicationId}/pdf`]) {
      expect((await get(path, outsider)).status, path).toBe(403);
      expect((await t.call('GET', `/api/admin${path}`)).status, path).toBe(401);
    }
  });
});
