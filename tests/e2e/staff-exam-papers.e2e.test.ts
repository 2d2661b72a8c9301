import { DEMO_EXAM_PAPERS } from '@psc/db';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { settleAnimations } from './portal-steps';
import { openPage, saveScreenshot, startsProductAndBrowser } from './support/harness';
import { signInToWorkstation, STAFF_ADMIN, chooseOption as choose, waitForCachedRow } from './staff-steps';

// Paper configuration end to end (spec §2 paper-configuration [PE], paper-detail/{id} [MC]; spec
// §3 Paper configuration), in the browser build of the workstation, in Nepali: the administrator
// filters to the demo post's exam (its three demo papers), adds two papers with the marks typed in
// Devanagari digits (pass marks over full marks refused first), moves the last one up, and opens
// its detail, whose history shows the move.

type Envelope<T> = { status: 0 | 1; message: string; data: T };
type Paper = { id: number; postId: number; postNameNp: string; postNameEn: string; serviceGroupId: number | null; serviceGroupNameNp: string | null; paperOrder: number; subjectNameEn: string; fullMarks: number; passMarks: number };

async function tokenOf(url: string): Promise<string> {
  const response = await fetch(`${url}/api/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Basic ${btoa('staff-desktop:staff-desktop-secret')}` },
    body: JSON.stringify({ grant_type: 'password', ...STAFF_ADMIN }),
  });
  return ((await response.json()) as Envelope<{ accessToken: string }>).data.accessToken;
}

async function papersOf(url: string, token: string, filter: string): Promise<Paper[]> {
  const response = await fetch(`${url}/api/admin/exam-papers?pageSize=100&${filter}`, { headers: { Authorization: `Bearer ${token}` } });
  return ((await response.json()) as Envelope<{ items: Paper[] }>).data.items;
}

async function fillPaper(page: Page, values: { subjectNameEn: string; subjectNameNp: string; fullMarks: string; passMarks: string; durationMinutes: string }) {
  for (const [field, value] of Object.entries(values)) await page.getByTestId(`paper-${field}`).fill(value);
}

describe('paper configuration on the workstation', () => {
  const running = startsProductAndBrowser({ workstationDataDir: 'psc-workstation-exam-papers-e2e-' });

  it("configures two papers for the demo post with Devanagari marks, reorders them and opens a paper's detail", async () => {
    const url = running.product.url;
    const token = await tokenOf(url);
    const demo = (await papersOf(url, token, '')).find((paper) => paper.subjectNameEn === DEMO_EXAM_PAPERS[0]!.subjectNameEn)!;
    const examFilter = `postId=${demo.postId}&serviceGroupId=${demo.serviceGroupId}`;

    const page = await openPage(running.browser, `${url}/staff/login`);
    await signInToWorkstation(page, STAFF_ADMIN);
    await waitForCachedRow(url, 'posts', demo.postNameEn);
    await page.goto(`${url}/staff/admin/paper-configuration`);
    await page.getByTestId('paper-configuration').waitFor();
    await choose(page, 'paper-filter-post', demo.postNameNp);
    await choose(page, 'paper-filter-group', demo.serviceGroupNameNp!);
    const rows = page.getByTestId('paper-table').locator('tbody tr.ant-table-row');
    await page.getByTestId('paper-table').getByText('सामान्य ज्ञान र सार्वजनिक व्यवस्थापन').waitFor();
    expect(await rows.count()).toBe(3);
    await settleAnimations(page);
    await saveScreenshot(page, 'staff-exam-papers-1-demo-exam');

    // The first paper: pass marks over full marks are refused in Nepali, then corrected.
    await page.getByTestId('add-paper').click();
    await page.getByTestId('paper-form').waitFor();
    await fillPaper(page, { subjectNameEn: 'Office Management', subjectNameNp: 'कार्यालय व्यवस्थापन', fullMarks: '५०', passMarks: '६०', durationMinutes: '९०' });
    await page.getByTestId('paper-save').click();
    await page.getByText('उत्तीर्णाङ्क पूर्णाङ्कभन्दा बढी हुन सक्दैन।').waitFor();
    await settleAnimations(page);
    await saveScreenshot(page, 'staff-exam-papers-2-pass-over-full');
    await page.getByTestId('paper-passMarks').fill('२०');
    await page.getByTestId('paper-save').click();
    await page.getByTestId('paper-form').waitFor({ state: 'detached' });
    await page.getByTestId('paper-table').getByText('कार्यालय व्यवस्थापन').waitFor();

    // The second: a mixed paper.
    await page.getByTestId('add-paper').click();
    await page.getByTestId('paper-form').waitFor();
    await choose(page, 'paper-paperType', 'वस्तुगत र विषयगत');
    await fillPaper(page, { subjectNameEn: 'Constitution and Law', subjectNameNp: 'संविधान र कानुन', fullMarks: '१००', passMarks: '४०', durationMinutes: '१२०' });
    await settleAnimations(page);
    await saveScreenshot(page, 'staff-exam-papers-3-paper-form');
    await page.getByTestId('paper-save').click();
    await page.getByTestId('paper-form').waitFor({ state: 'detached' });
    await page.getByTestId('paper-table').getByText('संविधान र कानुन').waitFor();

    let exam = await papersOf(url, token, examFilter);
    expect(exam.map((paper) => [paper.subjectNameEn, paper.paperOrder, paper.fullMarks, paper.passMarks])).toEqual([
      ...DEMO_EXAM_PAPERS.map((paper, index) => [paper.subjectNameEn, index + 1, paper.fullMarks, paper.passMarks]),
      ['Office Management', 4, 50, 20],
      ['Constitution and Law', 5, 100, 40],
    ]);

    // Constitution and Law moves up one place, before Office Management.
    const moved = exam[4]!;
    await page.getByTestId(`paper-up-${moved.id}`).click();
    await rows.nth(3).getByText('संविधान र कानुन').waitFor();
    exam = await papersOf(url, token, examFilter);
    expect(exam.map((paper) => paper.subjectNameEn).slice(3)).toEqual(['Constitution and Law', 'Office Management']);
    await page.getByTestId('paper-total').filter({ hasText: '५ वटा प्रश्नपत्र, जम्मा पूर्णाङ्क ३७०' }).waitFor();
    await saveScreenshot(page, 'staff-exam-papers-4-reordered');

    await page.getByTestId(`paper-detail-${moved.id}`).click();
    await page.getByTestId('paper-detail').waitFor();
    await page.getByTestId('paper-detail-fields').getByText('संविधान र कानुन').waitFor();
    await page.getByTestId('paper-history').getByText('पत्र ५ बाट पत्र ४ मा सारियो').waitFor();
    await page.getByTestId('paper-history').getByText('थपियो').waitFor();
    await saveScreenshot(page, 'staff-exam-papers-5-detail');
    await page.context().close();
  });
});
