import { toDevanagariDigits } from '@psc/core';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../api/src/applications/rows-of';
import { createInvigilators, createNumberedSitting, createVenue, finalCentreAllocation } from '../../api/src/room-allocation/room-allocation.test-support';
import { settleAnimations } from './portal-steps';
import { openPage, saveScreenshot, startsProductAndBrowser } from './support/harness';
import { signInToWorkstation, STAFF_ADMIN } from './staff-steps';

// Room and invigilator allocation on the workstation, in Nepali (spec §2 room-allocation,
// assign-rooms/{id}/{examStatus}, invigilator-allocation, assign-invigilator/..., view-candidate/{id},
// exam-center-report/{id}; §4 "Room and invigilator allocation: temporary save, revert, forward or
// final save"). A sitting's 30 candidates at one school of three rooms (12, 12 and 10 seats):
// the administrator is refused a room over its seats, saves an edited split, makes it final
// (every candidate gets a room and a seat), then gives the centre its chief and each room an
// invigilator; an invigilator on duty in another advertisement's sitting at the same time is
// offered disabled, named with that duty. Then a sitting of two centres is seated at once.

const running = startsProductAndBrowser({ workstationDataDir: 'psc-workstation-room-allocation-e2e-' });
const nepali = (value: number | string) => toDevanagariDigits(String(value));
const ROLL = 880001;

async function choose(page: Page, testId: string, text: string) {
  await page.getByTestId(testId).click();
  await page.keyboard.type(text);
  await page.locator('.ant-select-item-option').filter({ hasText: text, visible: true }).first().click();
  await page.keyboard.press('Escape');
  await page.locator('.ant-select-dropdown').filter({ visible: true }).waitFor({ state: 'hidden' });
}

describe('room and invigilator allocation', () => {
  it('splits one centre into rooms and assigns its invigilators', async () => {
    const { url, db } = running.product;
    const t = { db };
    const sitting = await createNumberedSitting(t, { cities: [30], rollFrom: ROLL, examDate: '2031-03-01', startTime: '10:00', durationMinutes: 120 });
    const venue = await createVenue(t, sitting.cityIds[0]!, 'Janak Secondary School', [
      { roomNumber: '1', seats: 12 },
      { roomNumber: '2', seats: 12 },
      { roomNumber: '3', seats: 10 },
    ]);
    const { allocationId, rangeIds } = await finalCentreAllocation(t, sitting, [{ venueId: venue.venueId, cityId: sitting.cityIds[0]! }]);
    const rangeId = rangeIds[0]!;
    const people = await createInvigilators(t, ['Hari Prasad Chief'], ['Sita Invigilator', 'Gita Invigilator', 'Rita Invigilator', 'Busy Invigilator']);
    // Another advertisement at 11:00 the same day has Busy Invigilator on duty at its centre.
    const other = await createNumberedSitting(t, { cities: [2], rollFrom: 890001, examDate: '2031-03-01', startTime: '11:00', durationMinutes: 60 });
    const otherVenue = await createVenue(t, other.cityIds[0]!, 'Other Campus', [{ roomNumber: 'A', seats: 10 }]);
    const otherRange = (await finalCentreAllocation(t, other, [{ venueId: otherVenue.venueId, cityId: other.cityIds[0]! }])).rangeIds[0]!;
    await db.execute(sql`
      insert into invigilator_assignments (range_id, room_id, invigilator_id, duty, starts_at, ends_at)
      values (${otherRange}, ${otherVenue.roomIds[0]!}, ${people.assistants[3]!}, 'room', '2031-03-01T05:15:00Z', '2031-03-01T06:15:00Z')`);

    const page = await openPage(running.browser, `${url}/staff/login`, { width: 1400, height: 1000 });
    await signInToWorkstation(page, STAFF_ADMIN);
    await page.goto(`${url}/staff/admin/room-allocation`);
    await page.getByTestId(`room-status-${rangeId}`).filter({ hasText: 'बाँकी' }).waitFor();
    await settleAnimations(page);
    await saveScreenshot(page, 'staff-room-allocation-1-ranges');

    await page.getByTestId(`assign-rooms-${rangeId}`).click();
    await page.getByTestId('share-1-rollFrom').waitFor();
    // The suggested split fills room 1, then 2, then 3, shown in Devanagari digits.
    expect(await page.getByTestId('share-1-rollTo').inputValue()).toBe(nepali(ROLL + 11));
    expect(await page.getByTestId('share-3-rollFrom').inputValue()).toBe(nepali(ROLL + 24));
    // The room number as painted on the door is the API's word in its refusals.
    // Room 1 given 15 candidates: refused, naming the room and its seats.
    await page.getByTestId('share-1-rollTo').fill(nepali(ROLL + 14));
    await page.getByTestId('share-2-rollFrom').fill(nepali(ROLL + 15));
    await page.getByTestId('rooms-save').click();
    await page.locator('.ant-alert-error').filter({ hasText: `कोठा 1 मा ${nepali(15)} जना पर्छन् तर सिट ${nepali(12)} मात्र छन्।` }).waitFor();
    await settleAnimations(page);
    await saveScreenshot(page, 'staff-room-allocation-2-refused');

    // 10, 12 and 8: saved for now, then made final after the confirmation.
    await page.getByTestId('share-1-rollTo').fill(nepali(ROLL + 9));
    await page.getByTestId('share-2-rollFrom').fill(nepali(ROLL + 10));
    await page.getByTestId('share-2-rollTo').fill(nepali(ROLL + 21));
    await page.getByTestId('share-3-rollFrom').fill(nepali(ROLL + 22));
    await page.getByTestId('rooms-save').click();
    await page.locator('.ant-message').getByText('कोठा बाँडफाँट अस्थायी रूपमा सुरक्षित गरियो।').waitFor();
    await page.getByTestId('room-status').filter({ hasText: 'अस्थायी सुरक्षित' }).waitFor();
    await page.getByTestId('rooms-final').click();
    await page.locator('.ant-popconfirm').getByText('कोठा बाँडफाँट अन्तिम रूपमा सुरक्षित गर्ने?').waitFor();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'हो', exact: true }).click();
    await page.getByTestId('room-status').filter({ hasText: 'अन्तिम' }).waitFor();
    await settleAnimations(page);
    await saveScreenshot(page, 'staff-room-allocation-3-final');
    const seats = rowsOf<{ room: string; n: number; last: number }>(
      await db.execute(sql`
        select vr.room_number as room, count(*)::int as n, max(sa.seat_number)::int as last
        from seat_assignments sa join exam_venue_rooms vr on vr.id = sa.room_id where sa.allocation_id = ${allocationId} group by vr.room_number order by vr.room_number`),
    );
    expect(seats).toEqual([
      { room: '1', n: 10, last: 10 },
      { room: '2', n: 12, last: 12 },
      { room: '3', n: 8, last: 8 },
    ]);

    // Invigilators: the chief and one per room; the busy invigilator is offered disabled.
    await page.goto(`${url}/staff/admin/invigilator-allocation`);
    await page.getByTestId(`assign-invigilators-${rangeId}`).click();
    await page.getByTestId('chief-select').waitFor();
    await choose(page, 'chief-select', 'Hari Prasad Chief');
    await page.getByTestId('room-invigilators-1').click();
    const busy = page.locator('.ant-select-item-option-disabled').filter({ hasText: 'Busy Invigilator', visible: true });
    await busy.waitFor();
    expect(await busy.innerText()).toContain('Other Campus');
    await settleAnimations(page);
    await saveScreenshot(page, 'staff-invigilator-allocation-1-busy');
    await page.keyboard.press('Escape');
    await choose(page, 'room-invigilators-1', 'Sita Invigilator');
    await choose(page, 'room-invigilators-2', 'Gita Invigilator');
    await choose(page, 'room-invigilators-3', 'Rita Invigilator');
    await page.getByTestId('invigilators-save').click();
    await page.locator('.ant-message').getByText('निरीक्षक खटनपटन अस्थायी रूपमा सुरक्षित गरियो।').waitFor();
    await page.getByTestId('invigilators-final').click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'हो', exact: true }).click();
    await page.getByTestId('invigilator-status').filter({ hasText: 'अन्तिम' }).waitFor();
    await settleAnimations(page);
    await saveScreenshot(page, 'staff-invigilator-allocation-2-final');

    // The candidates of room 2 with their seats, and the sitting's report.
    await page.goto(`${url}/staff/admin/view-candidate/${rangeId}`);
    const firstRow = page.getByTestId('candidate-list').locator('tbody tr.ant-table-row').first();
    await firstRow.waitFor();
    const first = await firstRow.evaluate((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent?.trim()));
    expect(first[0]).toBe(nepali(ROLL));
    expect(first.slice(2)).toEqual([nepali(1), nepali(1)]);
    await settleAnimations(page);
    await saveScreenshot(page, 'staff-room-allocation-4-candidates');
    await page.goto(`${url}/staff/admin/exam-center-report/${allocationId}`);
    await page.getByTestId(`report-centre-${rangeId}`).getByText('Sita Invigilator (ने)').waitFor();
    await settleAnimations(page);
    await saveScreenshot(page, 'staff-exam-centre-report');
    // The gate list, in English.
    await page.getByTestId(`report-centre-${rangeId}`).getByRole('link', { name: 'गेट सूची' }).click();
    await page.getByText('English', { exact: true }).click();
    await page.getByTestId('exam-center-list-report').getByText('Exam centre list report').waitFor();
    const gate = await page.getByTestId('exam-center-list-report').locator('tbody tr.ant-table-row').evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent?.trim())));
    expect(gate).toEqual([
      ['1', 'Ground', String(ROLL), String(ROLL + 9), '10'],
      ['2', 'Ground', String(ROLL + 10), String(ROLL + 21), '12'],
      ['3', 'Ground', String(ROLL + 22), String(ROLL + 29), '8'],
    ]);
    await settleAnimations(page);
    await saveScreenshot(page, 'staff-exam-centre-gate-list-english');
    await page.context().close();
  }, 240_000);

  it('seats every centre of a sitting at once: the default split saved where it fits, a centre of too few seats listed, then all made final', async () => {
    const { url, db } = running.product;
    const t = { db };
    const sitting = await createNumberedSitting(t, { cities: [9, 6], rollFrom: 870001, examDate: '2031-03-02', startTime: '10:00', durationMinutes: 120 });
    const fits = await createVenue(t, sitting.cityIds[0]!, 'Bhanu Secondary School', [
      { roomNumber: '1', seats: 5 },
      { roomNumber: '2', seats: 5 },
    ]);
    const small = await createVenue(t, sitting.cityIds[1]!, 'Small Hall', [{ roomNumber: '1', seats: 4 }]);
    const { allocationId, rangeIds } = await finalCentreAllocation(t, sitting, [
      { venueId: fits.venueId, cityId: sitting.cityIds[0]! },
      { venueId: small.venueId, cityId: sitting.cityIds[1]! },
    ]);
    const [fitsRange, smallRange] = rangeIds as [number, number];

    const page = await openPage(running.browser, `${url}/staff/login`, { width: 1400, height: 1000 });
    await signInToWorkstation(page, STAFF_ADMIN);
    await page.goto(`${url}/staff/admin/room-allocation`);
    await page.getByTestId(`room-status-${fitsRange}`).waitFor();
    await page.getByTestId('sitting-select').click();
    await page.locator('.ant-select-item-option').filter({ hasText: nepali(sitting.advertisement.code), visible: true }).first().click();
    await page.getByTestId('sitting-counts').filter({ hasText: `बाँकी: ${nepali(2)}` }).waitFor();

    await page.getByTestId('sitting-default-split').click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'हो', exact: true }).click();
    await page.getByTestId('sitting-answer').filter({ hasText: `सुरक्षित केन्द्र: ${nepali(1)}। जस्ताको तस्तै: ${nepali(0)}। सुरक्षित हुन नसकेका: ${nepali(1)}।` }).waitFor();
    expect(await page.getByTestId(`sitting-problem-${smallRange}`).innerText()).toContain(`दायरामा ${nepali(6)} जना उम्मेदवार छन् तर यस केन्द्रका कोठामा ${nepali(4)} सिट मात्र छन्।`);
    await page.getByTestId(`room-status-${fitsRange}`).filter({ hasText: 'अस्थायी सुरक्षित' }).waitFor();
    await settleAnimations(page);
    await saveScreenshot(page, 'staff-room-allocation-5-sitting-split');

    await page.getByTestId('sitting-final').click();
    await page.locator('.ant-popconfirm').filter({ visible: true }).getByRole('button', { name: 'हो', exact: true }).click();
    await page.getByTestId('sitting-answer').filter({ hasText: `सुरक्षित केन्द्र: ${nepali(1)}। जस्ताको तस्तै: ${nepali(1)}। सुरक्षित हुन नसकेका: ${nepali(0)}।` }).waitFor();
    await page.getByTestId(`room-status-${fitsRange}`).filter({ hasText: 'अन्तिम' }).waitFor();
    await settleAnimations(page);
    await saveScreenshot(page, 'staff-room-allocation-6-sitting-final');
    const seated = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from seat_assignments where allocation_id = ${allocationId} and seat_number is not null`));
    expect(seated[0]!.n).toBe(9);
    await page.context().close();
  }, 180_000);
});
