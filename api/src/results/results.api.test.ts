import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../applications/rows-of';
import { createStaffUser, type StaffUser } from '../requisitions/requisition.test-support';
import { createNumberedSitting, createVenue, finalCentreAllocation, type Sitting } from '../room-allocation/room-allocation.test-support';
import { createTestApp, type TestApp } from '../test-support/test-app';

// spec §2 upload-attendance, candidate-attendance, candidate-result, attendance/detail/{id},
// attendance-verification, result-verification, report-by-quota [POEC]; spec §4 "Attendance and
// result: pending or verified lists; verify, revert, verify all, revert all"; marks keyed by an
// answer-sheet code joined once the key [PE] is in.

let t: TestApp;
let uploader: StaffUser; // POEC read, create, approve
let verifier: StaffUser; // POEC read, approve
let reader: StaffUser; // POEC read
let keyHolder: StaffUser; // PE create
let outsider: StaffUser;
let sitting: Sitting;
let roomIds: number[];
let seated: { applicationId: number; rollNumber: number; masterId: string; nameEn: string }[];

type Answer = Awaited<ReturnType<TestApp['call']>>;
const base = '/api/admin/results';
const call = (method: string, path: string, user: StaffUser, json?: unknown, lang: 'en' | 'ne' = 'en') => t.call(method, `${base}${path}`, { token: user.token, lang, ...(json === undefined ? {} : { json }) });

async function workbook(header: string[], rows: (string | number)[][]): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('Sheet').addRows([header, ...rows]);
  return new Uint8Array(await book.xlsx.writeBuffer());
}
const attendanceHeader = ['Roll number', 'Master ID', 'Full name', 'Present (yes/no)'];
const marksHeader = ['Roll number', 'Master ID', 'Full name', 'Marks', 'Passed (yes/no)', 'Remarks'];

async function upload(kind: string, user: StaffUser, bytes: Uint8Array, fields: Record<string, string> = {}, lang: 'en' | 'ne' = 'en'): Promise<Answer> {
  const form = new FormData();
  form.append('advertisementId', String(sitting.advertisement.advertisementId));
  form.append('examPaperId', String(sitting.examPaperId));
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new File([bytes as Uint8Array<ArrayBuffer>], `${kind}.xlsx`, { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }));
  const response = await t.app.request(`${base}/${kind}/upload`, { method: 'POST', headers: { authorization: `Bearer ${user.token}`, 'accept-language': lang }, body: form });
  return { status: response.status, headers: response.headers, body: JSON.parse(await response.text()) };
}
const data = (answer: Answer) => answer.body.data as Record<string, unknown>;
const paperBody = (extra: Record<string, unknown> = {}) => ({ advertisementId: sitting.advertisement.advertisementId, examPaperId: sitting.examPaperId, ...extra });
const statusOf = async () =>
  rowsOf<{ roll: number; present: boolean | null; attendance: string | null; marks: number | null; marksStatus: string | null }>(
    await t.db.execute(sql`
      select roll_number::float8 as roll, is_present as present, attendance_status as attendance, marks::float8 as marks, marks_status as "marksStatus"
      from paper_results where exam_paper_id = ${sitting.examPaperId} and advertisement_id = ${sitting.advertisement.advertisementId} order by roll_number`),
  );

beforeAll(async () => {
  t = await createTestApp();
  uploader = await createStaffUser(t, { POEC: ['read', 'create', 'approve'] });
  verifier = await createStaffUser(t, { POEC: ['read', 'approve'] });
  reader = await createStaffUser(t, { POEC: ['read'] });
  keyHolder = await createStaffUser(t, { PE: ['read', 'create'] });
  outsider = await createStaffUser(t, { PEC: ['read', 'create', 'approve'], ECA: ['read', 'create'] });
  sitting = await createNumberedSitting(t, { cities: [3, 2], rollFrom: 810001, examDate: '2031-02-10', startTime: '10:00', durationMinutes: 180 });
  const a = await createVenue(t, sitting.cityIds[0]!, 'Results School A', [{ roomNumber: '1', seats: 10 }]);
  const b = await createVenue(t, sitting.cityIds[1]!, 'Results School B', [{ roomNumber: '1', seats: 10 }]);
  roomIds = [a.roomIds[0]!, b.roomIds[0]!];
  await finalCentreAllocation(t, sitting, [
    { venueId: a.venueId, cityId: sitting.cityIds[0]! },
    { venueId: b.venueId, cityId: sitting.cityIds[1]! },
  ]);
  // The rooms final: each venue's candidates in its one room, seated by roll number.
  await t.db.execute(sql`
    update seat_assignments sa set room_id = r.id, seat_number = s.seat
    from (select application_id, row_number() over (partition by venue_id order by roll_number)::int as seat from seat_assignments) s, exam_venue_rooms r
    where s.application_id = sa.application_id and r.venue_id = sa.venue_id and sa.allocation_id in (select id from centre_allocations where advertisement_id = ${sitting.advertisement.advertisementId})`);
  await t.db.execute(sql`
    insert into application_quotas (application_id, advertisement_quota_id, status)
    select a.id, aq.id, 'approved' from applications a join advertisement_quotas aq on aq.advertisement_id = a.advertisement_id and aq.quota_id = ${sitting.advertisement.quotas[0]!.quotaId}
    where a.advertisement_id = ${sitting.advertisement.advertisementId} on conflict do nothing`);
  seated = rowsOf<{ applicationId: number; rollNumber: number; masterId: string; nameEn: string }>(
    await t.db.execute(sql`
      select sa.application_id as "applicationId", sa.roll_number::float8 as "rollNumber", u.master_id::text as "masterId", concat_ws(' ', u.first_name_en, u.middle_name_en, u.last_name_en) as "nameEn"
      from seat_assignments sa join applications a on a.id = sa.application_id join users u on u.id = a.user_id
      join centre_allocations ca on ca.id = sa.allocation_id where ca.advertisement_id = ${sitting.advertisement.advertisementId} order by sa.roll_number`),
  );
});

afterAll(async () => {
  await t?.close();
});

const attendanceRows = (present: boolean[]) => seated.map((c, index) => [c.rollNumber, c.masterId, c.nameEn, present[index] ? 'yes' : 'no']);

describe('the sittings', () => {
  it('lists the papers with a final centre allocation and their rooms', async () => {
    const answer = await call('GET', '/sittings', reader);
    const mine = (answer.body.data as { items: { examPaperId: number; advertisementId: number; seated: number; rooms: unknown[] }[] }).items.find((row) => row.advertisementId === sitting.advertisement.advertisementId);
    expect(mine).toMatchObject({ examPaperId: sitting.examPaperId, seated: 5 });
    expect(mine!.rooms).toHaveLength(2);
  });
});

describe('the template', () => {
  it('holds a row per seated candidate (of the room when given), read back by the upload', async () => {
    const response = await t.app.request(`${base}/template?advertisementId=${sitting.advertisement.advertisementId}&examPaperId=${sitting.examPaperId}&kind=attendance`, { headers: { authorization: `Bearer ${reader.token}`, 'accept-language': 'ne' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await response.arrayBuffer());
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'रोल नम्बर', 'मास्टर आईडी', 'पूरा नाम', 'उपस्थित (हो/होइन)']);
    expect(sheet.rowCount).toBe(6);
    expect(sheet.getRow(2).getCell(1).value).toBe(seated[0]!.rollNumber);
    const room = await t.app.request(`${base}/template?advertisementId=${sitting.advertisement.advertisementId}&examPaperId=${sitting.examPaperId}&kind=marks&roomId=${roomIds[1]}`, { headers: { authorization: `Bearer ${reader.token}`, 'accept-language': 'en' } });
    const roomBook = new ExcelJS.Workbook();
    await roomBook.xlsx.load(await room.arrayBuffer());
    expect(roomBook.worksheets[0]!.rowCount).toBe(3);
    expect(roomBook.worksheets[0]!.getRow(1).values).toEqual([undefined, ...marksHeader]);
  });

  it('is refused for a paper the advertisement has not seated', async () => {
    const answer = await call('GET', `/template?advertisementId=${sitting.advertisement.advertisementId}&examPaperId=999999&kind=attendance`, reader);
    expect(answer.status).toBe(404);
  });
});

describe('attendance upload and verification', () => {
  it('answers every bad row in the user language and stores nothing', async () => {
    const rows = attendanceRows([true, true, true, true, false]);
    rows[1]![3] = 'perhaps';
    rows[2]![1] = '1';
    const answer = await upload('attendance', uploader, await workbook(attendanceHeader, [...rows, [seated[0]!.rollNumber, seated[0]!.masterId, seated[0]!.nameEn, 'yes']]), {}, 'ne');
    expect(answer.status).toBe(200);
    expect(data(answer).uploadId).toBeNull();
    expect(data(answer).problems).toEqual([
      { row: 3, column: 'isPresent', message: 'हो वा होइन (yes वा no) लेख्नुहोस्।' },
      { row: 4, column: 'masterId', message: 'यो मास्टर आईडी यस रोल नम्बरका उम्मेदवारको होइन।' },
      { row: 7, column: 'rollNumber', message: 'यो रोल नम्बर माथिको पङ्क्तिमा पहिले नै छ।' },
    ]);
    expect(await statusOf()).toEqual([]);
  });

  it('stores the clean rows as pending when asked, then the whole file replaces them', async () => {
    const rows = attendanceRows([true, true, true, true, false]);
    rows[1]![3] = 'perhaps';
    const partial = await upload('attendance', uploader, await workbook(attendanceHeader, rows), { storeClean: 'true' });
    expect(data(partial)).toMatchObject({ stored: 4, problemCount: 1 });
    expect((await statusOf()).map((row) => row.attendance)).toEqual(['pending', 'pending', 'pending', 'pending']);
    const whole = await upload('attendance', uploader, await workbook(attendanceHeader, attendanceRows([true, true, true, true, false])));
    expect(data(whole)).toMatchObject({ stored: 5, keptVerified: 0, problemCount: 0 });
    expect(whole.body.message).toBe('5 rows have been stored, pending verification by another user.');
    expect((await statusOf()).map((row) => row.present)).toEqual([true, true, true, true, false]);
  });

  it('lists pending rows, refuses the uploader verifying their own upload, lets another user verify one or all', async () => {
    const pending = await call('GET', `/attendance/rows?advertisementId=${sitting.advertisement.advertisementId}&status=pending`, reader);
    expect(pending.status).toBe(200);
    expect((pending.body.data as { total: number }).total).toBe(5);
    const own = await call('POST', '/attendance/verify', uploader, paperBody(), 'ne');
    expect(own.status).toBe(403);
    expect(own.body.message).toBe('यी पङ्क्ति तपाईंले अपलोड गर्नुभएको हो: अर्को प्रयोगकर्ताले प्रमाणित गर्नुपर्छ।');
    const one = await call('POST', '/attendance/verify', verifier, paperBody({ applicationIds: [seated[0]!.applicationId] }));
    expect(data(one)).toMatchObject({ verified: 1 });
    const all = await call('POST', '/attendance/verify', verifier, paperBody());
    expect(data(all)).toMatchObject({ verified: 4 });
    expect((await statusOf()).every((row) => row.attendance === 'verified')).toBe(true);
    const byMaster = await call('GET', `/attendance/rows?advertisementId=${sitting.advertisement.advertisementId}&status=verified&masterId=${seated[1]!.masterId}`, reader);
    expect((byMaster.body.data as { items: { rollNumber: number }[] }).items.map((row) => row.rollNumber)).toEqual([seated[1]!.rollNumber]);
    const audits = rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from audit_log where entity = 'paper_results.attendance' and action = 'verify' and actor_user_id = ${verifier.userId}`));
    expect(audits[0]!.n).toBe(2);
  });

  it('keeps verified rows on a re-upload; a reverted row takes the new value', async () => {
    const again = await upload('attendance', uploader, await workbook(attendanceHeader, attendanceRows([true, true, true, false, false])));
    expect(data(again)).toMatchObject({ stored: 0, keptVerified: 5 });
    const revert = await call('POST', '/attendance/revert', verifier, paperBody({ applicationIds: [seated[3]!.applicationId] }));
    expect(data(revert)).toMatchObject({ reverted: 1 });
    const changed = await upload('attendance', uploader, await workbook(attendanceHeader, attendanceRows([true, true, true, false, false])));
    expect(data(changed)).toMatchObject({ stored: 1, keptVerified: 4 });
    expect((await statusOf()).map((row) => [row.present, row.attendance])).toEqual([
      [true, 'verified'],
      [true, 'verified'],
      [true, 'verified'],
      [false, 'pending'],
      [false, 'verified'],
    ]);
    expect(data(await call('POST', '/attendance/verify', verifier, paperBody()))).toMatchObject({ verified: 1 });
  });

  it('shows an upload with its rows (attendance/detail/{id})', async () => {
    const uploads = await call('GET', `/uploads?advertisementId=${sitting.advertisement.advertisementId}`, reader);
    const latest = (uploads.body.data as { items: { id: number; kind: string }[] }).items[0]!;
    expect(latest.kind).toBe('attendance');
    const detail = await call('GET', `/uploads/${latest.id}`, reader);
    expect(detail.status).toBe(200);
    expect((detail.body.data as { total: number }).total).toBe(1);
  });

  it('gives back the workbook an upload was made from, as it came, to POEC readers only', async () => {
    const bytes = await workbook(attendanceHeader, attendanceRows([true, true, true, false, false]));
    const stored = await upload('attendance', uploader, bytes);
    const uploadId = data(stored).uploadId as number;
    const uploads = await call('GET', `/uploads?advertisementId=${sitting.advertisement.advertisementId}`, reader);
    expect((uploads.body.data as { items: { id: number; hasFile: boolean }[] }).items[0]).toMatchObject({ id: uploadId, hasFile: true });
    const response = await t.app.request(`${base}/uploads/${uploadId}/file`, { headers: { authorization: `Bearer ${reader.token}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="attendance.xlsx"');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes);
    expect((await call('GET', `/uploads/${uploadId}/file`, outsider)).status).toBe(403);
    expect((await t.call('GET', `${base}/uploads/${uploadId}/file`)).status).toBe(401);
    expect((await call('GET', '/uploads/999999999/file', reader)).status).toBe(404);
    // An upload from before workbooks were kept has none to give.
    await t.db.execute(sql`update result_uploads set file_id = null where id = ${uploadId}`);
    const none = await call('GET', `/uploads/${uploadId}/file`, reader, undefined, 'ne');
    expect(none.status).toBe(404);
    expect(none.body.message).toBe('यो अपलोडको एक्सेल फाइल राखिएको छैन: फाइलहरू राख्न थाल्नुअघि अपलोड गरिएको हो।');
  });
});

describe('marks upload and verification', () => {
  const marksRows = (marks: (number | string)[]) => seated.map((c, index) => [c.rollNumber, c.masterId, c.nameEn, marks[index]!, '', '']);

  it('refuses marks of the absent and beyond the full marks; takes Devanagari digits', async () => {
    const bad = await upload('marks', uploader, await workbook(marksHeader, marksRows(['४५.५', 30, 101, 20, 10])));
    expect((data(bad).problems as { row: number; column: string }[]).map((p) => [p.row, p.column])).toEqual([
      [4, 'marks'],
      [5, 'marks'],
      [6, 'marks'],
    ]);
    const rows = marksRows(['४५.५', 30, 80, '', '']);
    // Remarks as typed, quotes and backslashes too (they travel to PostgreSQL as array text).
    rows[3]![5] = 'absent: "sick" \\ note, {1}';
    const good = await upload('marks', uploader, await workbook(marksHeader, rows));
    expect(data(good)).toMatchObject({ stored: 5, problemCount: 0 });
    const [remark] = rowsOf<{ remarks: string }>(await t.db.execute(sql`select remarks from paper_results where application_id = ${seated[3]!.applicationId} and exam_paper_id = ${sitting.examPaperId}`));
    expect(remark!.remarks).toBe('absent: "sick" \\ note, {1}');
    expect((await statusOf()).map((row) => [row.marks, row.marksStatus])).toEqual([
      [45.5, 'pending'],
      [30, 'pending'],
      [80, 'pending'],
      [null, 'pending'],
      [null, 'pending'],
    ]);
  });

  it('is verified by another user; the attendance under verified marks is not reverted', async () => {
    expect((await call('POST', '/marks/verify', uploader, paperBody())).status).toBe(403);
    expect(data(await call('POST', '/marks/verify', verifier, paperBody()))).toMatchObject({ verified: 5 });
    const blocked = await call('POST', '/attendance/revert', verifier, paperBody({ applicationIds: [seated[0]!.applicationId] }));
    expect(blocked.status).toBe(409);
    expect(blocked.body.message).toBe('The marks of these candidates are verified: revert the marks before the attendance.');
    expect(data(await call('POST', '/marks/revert', verifier, paperBody({ applicationIds: [seated[0]!.applicationId] })))).toMatchObject({ reverted: 1 });
    expect(data(await call('POST', '/marks/verify', verifier, paperBody()))).toMatchObject({ verified: 1 });
  });

  it('reports present, absent and passed per quota, centre and gender, also as Excel; and the status per paper', async () => {
    const report = await call('GET', `/report-by-quota?advertisementId=${sitting.advertisement.advertisementId}&examPaperId=${sitting.examPaperId}`, reader);
    const items = (report.body.data as { items: { present: number; absent: number; passed: number; quotaCode: string }[] }).items;
    expect(items.reduce((sum, row) => sum + row.present, 0)).toBe(3);
    expect(items.reduce((sum, row) => sum + row.absent, 0)).toBe(2);
    expect(items.reduce((sum, row) => sum + row.passed, 0)).toBe(2);
    expect(items[0]!.quotaCode).toBe(sitting.advertisement.quotas[0]!.code);
    const xlsx = await t.app.request(`${base}/report-by-quota?advertisementId=${sitting.advertisement.advertisementId}&examPaperId=${sitting.examPaperId}&format=xlsx`, { headers: { authorization: `Bearer ${reader.token}` } });
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml');
    const status = await call('GET', `/status/${encodeURIComponent(sitting.advertisement.code)}`, reader);
    expect((status.body.data as { papers: unknown[] }).papers).toEqual([expect.objectContaining({ seated: 5, attendanceVerified: 5, marksVerified: 5, present: 3, absent: 2 })]);
  });
});

describe('marks by answer-sheet code', () => {
  it('waits for the key, uploaded under PE, and joins when it arrives', async () => {
    // Revert the marks of the two present candidates so the coded marks can replace them.
    await call('POST', '/marks/revert', verifier, paperBody({ applicationIds: [seated[1]!.applicationId, seated[2]!.applicationId] }));
    const codes = await upload('sheet-codes', uploader, await workbook(['Answer-sheet code', 'Marks', 'Passed (yes/no)', 'Remarks'], [['A-101', 55, '', ''], ['A-102', '६६', '', ''], ['A-103', 12, '', '']]));
    expect(data(codes)).toMatchObject({ stored: 3, joined: 0 });
    const keyRows = [['A-101', seated[1]!.rollNumber], ['A-102', seated[2]!.rollNumber], ['A-103', seated[0]!.rollNumber]];
    const keyHeader = ['Answer-sheet code', 'Roll number'];
    expect((await upload('sheet-keys', uploader, await workbook(keyHeader, keyRows))).status).toBe(403);
    const key = await upload('sheet-keys', keyHolder, await workbook(keyHeader, keyRows));
    // A-103 is the first candidate's, whose marks are verified: it waits.
    expect(data(key)).toMatchObject({ stored: 3, joined: 2 });
    expect((await statusOf()).slice(0, 3).map((row) => [row.marks, row.marksStatus])).toEqual([
      [45.5, 'verified'],
      [55, 'pending'],
      [66, 'pending'],
    ]);
    const clash = await upload('sheet-keys', keyHolder, await workbook(keyHeader, [['A-101', seated[2]!.rollNumber]]));
    expect((data(clash).problems as { column: string }[]).map((p) => p.column)).toEqual(['sheetCode', 'rollNumber']);
  });
});

describe('the demo', () => {
  it("has the old admit-card advertisement's attendance and marks uploaded by results.clerk and verified by results.verifier", async () => {
    const [demo] = rowsOf<{ rows: number; absent: number; verified: number; uploader: string; verifier: string }>(
      await t.db.execute(sql`
        select count(*)::int as rows, count(*) filter (where not pr.is_present)::int as absent,
          count(*) filter (where pr.attendance_status = 'verified' and pr.marks_status = 'verified')::int as verified,
          min(up.username) as uploader, min(vb.username) as verifier
        from paper_results pr
        join advertisements a on a.id = pr.advertisement_id join requisitions r on r.id = a.requisition_id
        join result_uploads ru on ru.id = pr.marks_upload_id join users up on up.id = ru.uploaded_by join users vb on vb.id = pr.marks_verified_by
        where r.requisition_no like 'DEMO-old-admit-cards-%'`),
    );
    expect(demo).toEqual({ rows: 15, absent: 3, verified: 15, uploader: 'results.clerk', verifier: 'results.verifier' });
  });
});

describe('files and authorisation', () => {
  it('refuses a file that is not Excel and a workbook without the header', async () => {
    const text = await upload('attendance', uploader, new TextEncoder().encode('roll,present\n1,yes\n'));
    expect(text.status).toBe(415);
    expect(text.body.message).toBe('This file is not an Excel workbook (.xlsx). Download the template, fill it in and upload it.');
    const noHeader = await upload('attendance', uploader, await workbook(['a', 'b'], [[1, 2]]));
    expect(noHeader.status).toBe(400);
    expect(noHeader.body.message).toContain('Roll number, Master ID, Full name, Present (yes/no)');
  });

  it('guards every route by its privilege', async () => {
    const paper = `advertisementId=${sitting.advertisement.advertisementId}&examPaperId=${sitting.examPaperId}`;
    const reads = ['/sittings', `/status/${encodeURIComponent(sitting.advertisement.code)}`, `/template?${paper}&kind=attendance`, `/uploads?advertisementId=${sitting.advertisement.advertisementId}`, '/uploads/1', `/attendance/rows?advertisementId=1`, `/marks/rows?advertisementId=1`, `/report-by-quota?${paper}`];
    for (const path of reads) expect((await call('GET', path, outsider)).status, path).toBe(403);
    for (const path of ['/attendance/verify', '/attendance/revert', '/marks/verify', '/marks/revert']) {
      expect((await call('POST', path, outsider, paperBody())).status, path).toBe(403);
      expect((await call('POST', path, reader, paperBody())).status, path).toBe(403);
    }
    const bytes = await workbook(attendanceHeader, attendanceRows([true, true, true, true, false]));
    for (const kind of ['attendance', 'marks', 'sheet-codes']) {
      expect((await upload(kind, reader, bytes)).status, kind).toBe(403);
      expect((await upload(kind, verifier, bytes)).status, kind).toBe(403);
    }
    expect((await upload('sheet-keys', outsider, bytes)).status).toBe(403);
    expect((await t.call('GET', `${base}/uploads?advertisementId=1`)).status).toBe(401);
  });
});
