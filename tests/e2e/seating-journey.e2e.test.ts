import { toDevanagariDigits } from '@psc/core';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../api/src/applications/rows-of';
import { DEMO_APPLICANT, hasHorizontalScroll, screenshotFromTop, settleAnimations, signInAs } from './portal-steps';
import { openPage, saveScreenshot, startsProductAndBrowser } from './support/harness';
import { signInToWorkstation, STAFF_ADMIN } from './staff-steps';

// Seating a sitting from start to end (spec §4 "Exam centre assignment: temporary save, then final
// save, revert, complete. Room and invigilator allocation: temporary save, revert, forward or final
// save"; spec §2 bulk-invigilator-sms [BIS]). The demo's seating advertisement has paper I seated;
// staff seat its paper II: the proposal gives each of its two cities' candidates a centre (a range
// stretched into the other city's roll numbers is refused in Nepali, the edit kept), saved for now
// then for good; each centre's rooms split and made final; each centre a chief and its room an
// invigilator; the duty SMS sent through the Sparrow gateway's loopback sandbox, which receives
// them. The demo applicant then sees, on her phone, her centre, room and seat for both papers.

const running = startsProductAndBrowser({ workstationDataDir: 'psc-workstation-seating-journey-e2e-', config: { smsProvider: 'sparrow', outboxSenderIntervalSeconds: 1 } });
const nepali = (value: number | string) => toDevanagariDigits(String(value));

async function choose(page: Page, testId: string, text: string) {
  await page.getByTestId(testId).click();
  await page.keyboard.type(text);
  await page.locator('.ant-select-item-option').filter({ hasText: text, visible: true }).first().click();
  await page.keyboard.press('Escape');
  await page.locator('.ant-select-dropdown').filter({ visible: true }).waitFor({ state: 'hidden' });
}

async function confirmPop(page: Page) {
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'हो', exact: true }).click();
}

type SandboxMessage = { to: string; text: string };

describe('seating a sitting', () => {
  it('staff seat paper II of the demo advertisement in two centres, their rooms and invigilators, and send the duty SMS; the candidate sees her seat on her phone', async () => {
    const { url, db } = running.product;
    const [sitting] = rowsOf<{ advertisementId: number; examPaperId: number; code: string }>(
      await db.execute(sql`
        select ad.id as "advertisementId", sp.exam_paper_id as "examPaperId", ad.code from advertisements ad
        join requisitions rq on rq.id = ad.requisition_id join exam_schedule_papers sp on sp.advertisement_id = ad.id and not sp.skipped
        where rq.requisition_no like 'DEMO-seating-%' and not exists (select 1 from centre_allocations ca where ca.advertisement_id = ad.id and ca.exam_paper_id = sp.exam_paper_id)
        order by sp.exam_date, sp.start_time limit 1`),
    );
    expect(sitting).toBeDefined();
    const { advertisementId, examPaperId, code } = sitting!;

    // Centres: the proposal gives Kathmandu's three (10011-10013) and Pokhara's two (10014-10015) their first centres.
    const page = await openPage(running.browser, `${url}/staff/login`, { width: 1400, height: 1000 });
    await signInToWorkstation(page, STAFF_ADMIN);
    await page.goto(`${url}/staff/admin/exam-center-allocation`);
    await page.getByTestId(`allocate-${advertisementId}-${examPaperId}`).click();
    await page.getByTestId('proposal').waitFor();
    const froms = page.getByTestId('range-from');
    const tos = page.getByTestId('range-to');
    await expect.poll(() => froms.count()).toBe(2);
    expect([await froms.first().inputValue(), await tos.first().inputValue(), await froms.last().inputValue(), await tos.last().inputValue()]).toEqual([nepali(10011), nepali(10013), nepali(10014), nepali(10015)]);
    await settleAnimations(page);
    await saveScreenshot(page, 'seating-journey-1-proposal');

    // Kathmandu's centre given a Pokhara candidate's number: refused, the edit kept.
    await tos.first().fill(nepali(10014));
    await froms.last().fill(nepali(10015));
    await page.getByTestId('save-temporary').click();
    await page.getByText('पद्मकन्या बहुमुखी क्याम्पस, बागबजार को दायरामा', { exact: false }).first().waitFor();
    await page.getByText(`रोल नम्बर ${nepali(10014)} परेका छन्`, { exact: false }).first().waitFor();
    expect(await tos.first().inputValue()).toBe(nepali(10014));
    await settleAnimations(page);
    await saveScreenshot(page, 'seating-journey-2-other-city-refused');
    await tos.first().fill(nepali(10013));
    await froms.last().fill(nepali(10014));
    await page.getByTestId('save-temporary').click();
    await page.locator('.ant-message').getByText('केन्द्र बाँडफाँड अस्थायी रूपमा सुरक्षित भयो।').waitFor();
    await page.getByTestId('save-final').click();
    await page.getByTestId('confirm-ok').click();
    await page.locator('.ant-message').getByText('केन्द्र बाँडफाँड अन्तिम भयो: सबै उम्मेदवारको केन्द्र तोकियो।').waitFor();
    await page.getByTestId('allocation-status').filter({ hasText: 'अन्तिम' }).waitFor();

    const ranges = rowsOf<{ id: number; venue: string; allocationId: number }>(
      await db.execute(sql`
        select g.id, v.name_en as venue, g.allocation_id as "allocationId" from centre_allocation_ranges g join centre_allocations ca on ca.id = g.allocation_id
        join exam_venues v on v.id = g.venue_id where ca.advertisement_id = ${advertisementId} and ca.exam_paper_id = ${examPaperId} order by g.roll_from`),
    );
    expect(ranges.map((range) => range.venue)).toEqual(['Padma Kanya Multiple Campus, Bagbazar', 'Prithvi Narayan Campus, Bhimkalipatan']);

    // Rooms: each centre's suggested split (all in its first room), saved, then final.
    for (const range of ranges) {
      await page.goto(`${url}/staff/admin/room-allocation`);
      await page.getByTestId(`assign-rooms-${range.id}`).click();
      await page.getByTestId('rooms-save').click();
      await page.locator('.ant-message').getByText('कोठा बाँडफाँट अस्थायी रूपमा सुरक्षित गरियो।').waitFor();
      await page.getByTestId('rooms-final').click();
      await confirmPop(page);
      await page.getByTestId('room-status').filter({ hasText: 'अन्तिम' }).waitFor();
    }
    await settleAnimations(page);
    await saveScreenshot(page, 'seating-journey-3-rooms-final');

    // Invigilators: a chief for each centre and one invigilator for its room (paper I's duties end before 13:00).
    const duties = [
      { chief: 'विष्णु बहादुर कार्की', room: '101', invigilator: 'दीपकराज जोशी' },
      { chief: 'हरिप्रसाद अधिकारी', room: '11', invigilator: 'कमला देवी भट्टराई' },
    ];
    for (const [index, range] of ranges.entries()) {
      const duty = duties[index]!;
      await page.goto(`${url}/staff/admin/invigilator-allocation`);
      await page.getByTestId(`assign-invigilators-${range.id}`).click();
      await page.getByTestId('chief-select').waitFor();
      await choose(page, 'chief-select', duty.chief);
      await choose(page, `room-invigilators-${duty.room}`, duty.invigilator);
      await page.getByTestId('invigilators-save').click();
      await page.locator('.ant-message').getByText('निरीक्षक खटनपटन अस्थायी रूपमा सुरक्षित गरियो।').waitFor();
      await page.getByTestId('invigilators-final').click();
      await confirmPop(page);
      await page.getByTestId('invigilator-status').filter({ hasText: 'अन्तिम' }).waitFor();
    }
    await settleAnimations(page);
    await saveScreenshot(page, 'seating-journey-4-invigilators-final');

    // The duty SMS: previewed, sent, drained to the loopback Sparrow gateway.
    await page.goto(`${url}/staff/admin/bulk-invigilator-sms`);
    await page.getByTestId('bis-sitting').click();
    await page.keyboard.type(nepali(code));
    const options = page.locator('.ant-select-item-option').filter({ hasText: nepali(code), visible: true });
    await options.first().waitFor();
    // Paper II is the later sitting of the day.
    await options.filter({ hasText: nepali('13:00') }).first().click();
    await page.locator('.ant-select-dropdown').filter({ visible: true }).waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByTestId('bis-preview').locator('tbody tr').count()).toBe(4);
    await settleAnimations(page);
    await saveScreenshot(page, 'seating-journey-5-sms-preview');
    await page.getByTestId('bis-send').click();
    await page.getByTestId('bis-send-confirm').click();
    await page.getByTestId('bis-sent').filter({ hasText: nepali(4) }).waitFor({ timeout: 30_000 });
    const received = ((await (await fetch(`${url}/sms-sandbox/inspect/messages`)).json()) as { messages: SandboxMessage[] }).messages;
    expect(received.map((message) => message.to).sort()).toEqual(['9801000103', '9841000101', '9849000108', '9861000107']);
    expect(received.find((message) => message.to === '9861000107')!.text).toContain('पद्मकन्या बहुमुखी क्याम्पस');
    await settleAnimations(page);
    await saveScreenshot(page, 'seating-journey-6-sms-sent');
    await page.context().close();

    // The candidate, on her phone: centre, room and seat for papers I and II.
    const phone = await openPage(running.browser, `${url}/login`, { width: 360, height: 780 });
    await signInAs(phone, DEMO_APPLICANT);
    await phone.waitForURL('**/home');
    await phone.goto(`${url}/vacancy-applied`);
    const card = phone.getByTestId('application-card').filter({ has: phone.getByTestId('roll-number').filter({ hasText: nepali(10011) }) });
    await card.getByTestId('application-toggle').click();
    const seats = card.getByTestId('exam-seat-room');
    await expect.poll(() => seats.count()).toBe(2);
    expect(await seats.allInnerTexts()).toEqual([`कोठा १०१ · सिट ${nepali(1)}`, `कोठा १०१ · सिट ${nepali(1)}`]);
    expect(await card.getByTestId('exam-seat').first().innerText()).toContain('पद्मकन्या बहुमुखी क्याम्पस, बागबजार');
    expect(await hasHorizontalScroll(phone)).toBe(false);
    await card.getByTestId('exam-schedule').scrollIntoViewIfNeeded();
    await saveScreenshot(phone, 'seating-journey-7-candidate-seat-360');
    await screenshotFromTop(phone, 'seating-journey-7-candidate-top-360');
    await phone.context().close();
  }, 300_000);
});
