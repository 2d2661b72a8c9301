import { DEMO_EXAM_VENUES } from '@psc/db';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { settleAnimations } from './portal-steps';
import { openPage, saveScreenshot, startsProductAndBrowser } from './support/harness';
import { chooseOption as choose, signInToWorkstation, STAFF_ADMIN, waitForCachedRow } from './staff-steps';

// Exam centres end to end (spec §2 exam-center, exam-center-list/{id}, center-list, invigilator
// [MC]; spec §3 "Exam centre"; spec §5 "Exam centre capacity minimum 1"), in the browser build of
// the workstation, in Nepali: the administrator adds a centre in the demo's Kathmandu city (a
// capacity of ० refused first, what was typed kept), gives it two rooms typed with Devanagari
// digits and the keyboard (a second room 101 refused), sees it among the city's centres, and adds
// an invigilator whose mobile is checked as a Nepali mobile.

type Envelope<T> = { status: 0 | 1; message: string; data: T };
type Venue = { id: number; nameEn: string; capacity: number; contactNumber: string | null; rooms: { roomNumber: string; floor: string | null; seats: number }[] };

const KATHMANDU = { nameEn: 'Central Office Exam Hall, Anamnagar', nameNp: 'केन्द्रीय कार्यालय परीक्षा भवन, अनामनगर' };

async function tokenOf(url: string): Promise<string> {
  const response = await fetch(`${url}/api/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Basic ${btoa('staff-desktop:staff-desktop-secret')}` },
    body: JSON.stringify({ grant_type: 'password', ...STAFF_ADMIN }),
  });
  return ((await response.json()) as Envelope<{ accessToken: string }>).data.accessToken;
}

async function apiGet<T>(url: string, token: string, path: string): Promise<T> {
  const response = await fetch(`${url}${path}`, { headers: { Authorization: `Bearer ${token}` } });
  return ((await response.json()) as Envelope<T>).data;
}

async function fillFields(page: Page, scope: string, values: Record<string, string>) {
  for (const [field, value] of Object.entries(values)) await page.getByTestId(scope).locator(`[data-field="${field}"]`).fill(value);
}

describe('exam centres and invigilators on the workstation', () => {
  const running = startsProductAndBrowser({ workstationDataDir: 'psc-workstation-exam-centres-e2e-' });

  it('adds a centre with two rooms and an invigilator, refusing a capacity of 0, a room number twice and a mobile that is no mobile', async () => {
    const url = running.product.url;
    const token = await tokenOf(url);
    const page = await openPage(running.browser, `${url}/staff/login`);
    await signInToWorkstation(page, STAFF_ADMIN);
    await waitForCachedRow(url, 'exam-centres', KATHMANDU.nameEn);
    await waitForCachedRow(url, 'invigilator-posts', 'Centre chief');

    // The demo's centres, by city.
    await page.goto(`${url}/staff/admin/exam-center`);
    await page.getByTestId('exam-centre-list').waitFor();
    await page.getByTestId('venue-table').getByText(DEMO_EXAM_VENUES[KATHMANDU.nameEn]![0]!.nameNp).waitFor();
    await settleAnimations(page);
    await saveScreenshot(page, 'staff-exam-centres-1-list');

    // A capacity of ० is refused in Nepali; everything typed stays.
    await page.getByTestId('venue-add').click();
    await page.getByTestId('venue-form').waitFor();
    await choose(page, 'venue-city', KATHMANDU.nameNp);
    await fillFields(page, 'venue-form', {
      nameEn: 'Bal Mandir Secondary School, Naxal',
      nameNp: 'बालमन्दिर माध्यमिक विद्यालय, नक्साल',
      addressEn: 'Naxal, Kathmandu',
      addressNp: 'नक्साल, काठमाडौं',
      capacity: '०',
      contactPerson: 'Binod Acharya',
      contactNumber: '९८४१२३४५६७',
    });
    await page.getByTestId('venue-save').click();
    await page.getByTestId('venue-form').getByText('सङ्ख्या कम्तीमा १ हुनुपर्छ।').waitFor();
    expect(await page.getByTestId('venue-form').locator('[data-field="nameNp"]').inputValue()).toBe('बालमन्दिर माध्यमिक विद्यालय, नक्साल');
    await settleAnimations(page);
    await saveScreenshot(page, 'staff-exam-centres-2-capacity-refused');
    await fillFields(page, 'venue-form', { capacity: '१२०' });
    await page.getByTestId('venue-save').click();

    // Saved, the new centre opens on its (empty) rooms.
    await page.getByTestId('venue-rooms-screen').waitFor();
    await page.getByTestId('venue-rooms-screen').getByText('बालमन्दिर माध्यमिक विद्यालय, नक्साल').waitFor();
    const venueId = Number(new URL(page.url()).pathname.split('/').at(-1));

    // Two rooms, typed with Devanagari digits and saved with Enter.
    await fillFields(page, 'room-new', { roomNumber: '१०१', floor: 'भुइँ तल्ला', seats: '६०' });
    await page.getByTestId('room-new').locator('[data-field="seats"]').press('Enter');
    await page.getByTestId('room-101').waitFor();
    await fillFields(page, 'room-new', { roomNumber: '१०२', floor: 'भुइँ तल्ला', seats: '६०' });
    await page.getByTestId('room-new').locator('[data-field="seats"]').press('Enter');
    await page.getByTestId('room-102').waitFor();
    await page.getByTestId('venue-room-totals').filter({ hasText: '२ सक्रिय कोठा, १२० सिट; क्षमता १२०' }).waitFor();

    // Room 101 again: refused on its field, the typed row kept.
    await fillFields(page, 'room-new', { roomNumber: '101', seats: '२०' });
    await page.getByTestId('room-new-save').click();
    await page.getByTestId('room-new').getByText('यस केन्द्रमा यही नम्बरको कोठा पहिले नै छ।').waitFor();
    expect(await page.getByTestId('room-new').locator('[data-field="roomNumber"]').inputValue()).toBe('101');
    await settleAnimations(page);
    await saveScreenshot(page, 'staff-exam-centres-3-rooms');

    const venue = await apiGet<Venue>(url, token, `/api/admin/exam-venues/${venueId}`);
    expect(venue).toMatchObject({ nameEn: 'Bal Mandir Secondary School, Naxal', capacity: 120, contactNumber: '9841234567' });
    expect(venue.rooms.map((room) => [room.roomNumber, room.floor, room.seats])).toEqual([
      ['101', 'भुइँ तल्ला', 60],
      ['102', 'भुइँ तल्ला', 60],
    ]);

    // The cities' summary counts it.
    await page.goto(`${url}/staff/admin/center-list`);
    await page.getByTestId('centre-summary-table').getByText('बालमन्दिर माध्यमिक विद्यालय, नक्साल').waitFor();
    await settleAnimations(page);
    await saveScreenshot(page, 'staff-exam-centres-4-center-list');

    // An invigilator: a landline as mobile is refused, then a mobile typed in Devanagari is kept.
    await page.goto(`${url}/staff/admin/invigilator`);
    await page.getByTestId('master-form').waitFor();
    await fillFields(page, 'master-form', { nameEn: 'Mohan Kumar Shrestha', nameNp: 'मोहन कुमार श्रेष्ठ', employeeNo: '८८०१', mobile: '०१४४१२३४५' });
    await choose(page, 'master-ref-postId', 'केन्द्राध्यक्ष');
    await page.locator('.ant-modal-footer .ant-btn-primary').click();
    await page.getByTestId('master-form').getByText('नेपाली मोबाइल नम्बर लेख्नुहोस्: ९ बाट सुरु हुने १० अङ्क, जस्तै ९८४१२३४५६७।').waitFor();
    await settleAnimations(page);
    await saveScreenshot(page, 'staff-exam-centres-5-invigilator-mobile-refused');
    await fillFields(page, 'master-form', { mobile: '९८५१०००१९९' });
    await page.locator('.ant-modal-footer .ant-btn-primary').click();
    await page.getByTestId('master-form').waitFor({ state: 'detached' });
    await page.getByTestId('master-table').getByText('मोहन कुमार श्रेष्ठ').waitFor();
    await settleAnimations(page);
    await saveScreenshot(page, 'staff-exam-centres-6-invigilators');
    const invigilators = await apiGet<{ items: { nameEn: string; mobile: string; employeeNo: string }[] }>(url, token, '/api/admin/master/invigilators?search=Mohan');
    expect(invigilators.items).toEqual([expect.objectContaining({ nameEn: 'Mohan Kumar Shrestha', mobile: '9851000199', employeeNo: '8801' })]);
    await page.context().close();
  });
});
