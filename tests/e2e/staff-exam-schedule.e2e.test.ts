import { addDaysAd, adToBs, formatAdDate, formatBsDate, formatBsIso, toDevanagariDigits, todayAd } from '@psc/core';
import { schema } from '@psc/db';
import { and, eq, like } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_APPLICANT, hasHorizontalScroll, screenshotFromTop, settleAnimations, signInAs } from './portal-steps';
import { openPage, saveScreenshot, startsProductAndBrowser } from './support/harness';
import { signInToWorkstation, STAFF_ADMIN } from './staff-steps';

// Exam scheduling end to end (spec §2 exam-scheduling with pending and completed, schedule-exam,
// approve-exam-schedule, approval-exam-schedule/{id}; spec §4 "save, skip (bypass), review,
// re-schedule"), in Nepali: the approver re-schedules the demo's approved schedule, dates its two
// written papers with the B.S. picker and skips the interview, and sends it for review; the
// administrator (a second person) approves it; the demo applicant sees the new schedule on her
// phone, and every approved applicant has the change notice in the outbox.

const APPROVER = { username: 'approver', password: 'Approver@1234' } as const;
const running = startsProductAndBrowser({ workstationDataDir: 'psc-workstation-exam-schedule-e2e-' });

/** Types a B.S. day (Devanagari digits) into a schedule row's picker and confirms it. */
async function pickBsDay(page: Page, testId: string, ad: string) {
  const input = page.getByTestId(testId).locator('.ant-picker input');
  await input.click();
  await input.fill(toDevanagariDigits(formatBsIso(adToBs(ad))));
  await input.press('Enter');
  await page.getByTestId(`${testId}-ad`).filter({ hasText: formatAdDate(ad, 'ne', 'long') }).waitFor();
}

async function confirmModal(page: Page, remark: string, okText: string) {
  const modal = page.locator('.ant-modal').filter({ visible: true });
  await modal.locator('textarea').fill(remark);
  await modal.getByRole('button', { name: okText }).click();
  await modal.waitFor({ state: 'hidden' });
}

describe('exam scheduling on the workstation', () => {
  it('re-schedules with the B.S. picker, a second officer approves, and the candidate sees it on her phone', async () => {
    const { url, db } = running.product;
    const [advertisement] = await db
      .select({ id: schema.advertisements.id, code: schema.advertisements.code })
      .from(schema.advertisements)
      .innerJoin(schema.requisitions, eq(schema.requisitions.id, schema.advertisements.requisitionId))
      .where(like(schema.requisitions.requisitionNo, 'DEMO-scheduled-%'));
    const id = advertisement!.id;
    const examDay = addDaysAd(todayAd(), 26);

    // 1. The approver opens the completed schedules and re-schedules the demo's, saying why.
    const staff = await openPage(running.browser, `${url}/staff/login`);
    await signInToWorkstation(staff, APPROVER);
    await staff.goto(`${url}/staff/admin/exam-scheduling/completed`);
    await staff.getByTestId(`reschedule-${id}`).click();
    await confirmModal(staff, 'परीक्षा भवन उपलब्ध छैन', 'पुनः तालिका');
    await staff.goto(`${url}/staff/admin/exam-scheduling/pending`);
    await staff.getByTestId(`schedule-${id}`).click();
    await staff.getByTestId('schedule-exam').getByTestId('exam-window').waitFor();

    // 2. Papers I and II on one day (B.S. typed in Devanagari), the interview skipped with its reason.
    await pickBsDay(staff, 'paper-date-1', examDay);
    await staff.getByTestId('paper-time-1').fill('०९:००');
    await pickBsDay(staff, 'paper-date-2', examDay);
    await staff.getByTestId('paper-time-2').fill('१४:००');
    await staff.getByTestId('paper-skip-3').click();
    await staff.getByTestId('paper-skip-reason-3').fill('लिखित नतिजापछि अन्तर्वार्ता');
    await settleAnimations(staff);
    await saveScreenshot(staff, 'staff-exam-schedule-1-form');
    await staff.getByTestId('schedule-submit').click();
    await staff.getByTestId('schedule-status').filter({ hasText: 'समीक्षामा' }).waitFor();
    await saveScreenshot(staff, 'staff-exam-schedule-2-in-review');
    await staff.context().close();

    // 3. The administrator, a second person, approves it from the list awaiting approval.
    const admin = await openPage(running.browser, `${url}/staff/login`);
    await signInToWorkstation(admin, STAFF_ADMIN);
    await admin.goto(`${url}/staff/admin/approve-exam-schedule`);
    await admin.getByTestId(`approval-${id}`).click();
    const approval = admin.getByTestId('approval-exam-schedule');
    await approval.getByText(formatBsDate(adToBs(examDay), 'ne', 'long')).first().waitFor();
    await settleAnimations(admin);
    await saveScreenshot(admin, 'staff-exam-schedule-3-approval');
    await admin.getByTestId('schedule-approve').click();
    await confirmModal(admin, 'ठीक छ', 'स्वीकृत गर्नुहोस्');
    await admin.getByTestId('approve-exam-schedule').waitFor();
    await admin.goto(`${url}/staff/admin/exam-scheduling/completed`);
    await admin.getByTestId(`reschedule-${id}`).waitFor();
    await settleAnimations(admin);
    await saveScreenshot(admin, 'staff-exam-schedule-4-completed');
    await admin.context().close();

    // Each approved applicant has the change notice, by SMS and e-mail.
    const [row] = await db.select({ state: schema.examSchedules.status }).from(schema.examSchedules).where(eq(schema.examSchedules.advertisementId, id));
    expect(row!.state).toBe('approved');
    const notices = await db.select({ id: schema.smsOutbox.id }).from(schema.smsOutbox).where(eq(schema.smsOutbox.kind, 'exam-schedule-changed'));
    expect(notices).toHaveLength(2);

    // 4. The demo applicant, on her phone in Nepali, sees the new schedule on her application.
    const [application] = await db
      .select({ receiptCode: schema.applications.receiptCode })
      .from(schema.applications)
      .innerJoin(schema.users, eq(schema.users.id, schema.applications.userId))
      .where(and(eq(schema.applications.advertisementId, id), eq(schema.users.username, DEMO_APPLICANT.username)));
    const phone = await openPage(running.browser, `${url}/login`, { width: 360, height: 780 });
    await signInAs(phone, DEMO_APPLICANT);
    await phone.waitForURL('**/home');
    await phone.goto(`${url}/vacancy-applied`);
    const card = phone.locator(`[data-receipt="${application!.receiptCode}"]`);
    await card.getByTestId('application-toggle').click();
    const section = card.getByTestId('exam-schedule');
    await section.waitFor();
    const papers = await section.getByTestId('exam-schedule-paper').allInnerTexts();
    expect(papers).toHaveLength(3);
    expect(papers[0]).toContain(formatBsDate(adToBs(examDay), 'ne', 'long'));
    expect(papers[0]).toContain(formatAdDate(examDay, 'ne', 'long'));
    expect(papers[0]).toContain('०९:००');
    expect(papers[1]).toContain('१४:००');
    expect(papers[2]).toContain('नहुने');
    expect(await hasHorizontalScroll(phone)).toBe(false);
    await section.scrollIntoViewIfNeeded();
    await screenshotFromTop(phone, 'portal-exam-schedule-360');
    await phone.context().close();
  }, 300_000);
});
