import { adToBs, formatBsIso, toDevanagariDigits } from '@psc/core';
import { sql } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../api/src/applications/rows-of';
import { configureCertificate, publishSelection, recordVerifiedResults } from '../../api/src/candidate-results/results.test-support';
import { DEMO_APPLICANT, hasHorizontalScroll, settleAnimations, signInAs } from './portal-steps';
import { openPage, saveScreenshot, startsProductAndBrowser } from './support/harness';

// Results on a candidate's phone (spec §2 /vacancy-applied/results and /vacancy-applied/download/
// certificate; spec §7 "View selection results", "Certificate ... download"), 360 px wide, in
// Nepali. The demo applicant's exam of ten days ago (the old admit-card demo, roll 10031) has its
// marks verified and its final selection published with her selected, written here straight into
// the tables as the selection steps would leave them (the demo holds no published selection yet,
// and when it does, that one is used). She sees her result with her marks and place, and
// downloads her recommendation certificate; signed out, anyone with her roll number and date of
// birth looks the result up at /results.

const running = startsProductAndBrowser();
const PHONE = { width: 360, height: 780 };
const ROLL = 10031;
const BIRTH_AD = '1998-04-14';

/** The demo applicant's application of the old admit-card advertisement, its marks verified and its final selection published. */
async function publishTheApplicantsResult() {
  const { db } = running.product;
  const [application] = rowsOf<{ id: number; advertisementId: number }>(
    await db.execute(sql`
      select a.id, a.advertisement_id as "advertisementId" from roll_numbers rn join applications a on a.id = rn.application_id
      join users u on u.id = a.user_id where u.username = ${DEMO_APPLICANT.username} and rn.roll_number = ${ROLL}`),
  );
  const advertisementId = Number(application!.advertisementId);
  const papers = rowsOf<{ id: number }>(await db.execute(sql`select exam_paper_id as id from exam_schedule_papers where advertisement_id = ${advertisementId} and not skipped order by exam_date`));
  for (const [index, paper] of papers.entries()) {
    await recordVerifiedResults(db, Number(paper.id), [{ applicationId: Number(application!.id), marks: 70 + index * 4.5 }]);
  }
  const [published] = rowsOf<{ id: number }>(await db.execute(sql`select id from selections where advertisement_id = ${advertisementId} and kind = 'final' and status = 'published'`));
  if (!published) {
    await publishSelection(db, { advertisementId, kind: 'final', entries: [{ applicationId: Number(application!.id), marks: 144.5, outcome: 'selected' }] });
  }
  await configureCertificate(db, advertisementId);
  return { paperCount: papers.length };
}

describe('results on a phone', () => {
  it('shows the demo applicant her result, lets her download her certificate, and anyone look the result up by roll number and date of birth', async () => {
    const { url } = running.product;
    const { paperCount } = await publishTheApplicantsResult();

    const page = await openPage(running.browser, `${url}/login`, PHONE);
    await signInAs(page, DEMO_APPLICANT);
    await page.waitForURL('**/home');
    await page.goto(`${url}/vacancy-applied/results`);
    const card = page.getByTestId('result-card').filter({ has: page.getByTestId('result-roll').filter({ hasText: toDevanagariDigits(ROLL) }) });
    await card.waitFor();
    expect(await card.getByTestId('result-status').innerText()).toBe('सिफारिसका लागि छनोट भएको');
    expect(await card.getByTestId('result-position').innerText()).toBe('१');
    expect(await card.getByTestId('result-paper').count()).toBe(paperCount);
    expect(await card.getByTestId('result-paper').first().innerText()).toContain('७०.०० (उत्तीर्ण)');
    expect(await hasHorizontalScroll(page)).toBe(false);
    await settleAnimations(page);
    await saveScreenshot(page, 'portal-results-360');

    // The certificate: from the result to the download page, then the PDF in Nepali.
    await card.getByTestId('result-certificate-link').click();
    await page.waitForURL('**/vacancy-applied/download/certificate');
    const item = page.getByTestId('certificate-item').filter({ has: page.getByTestId('certificate-roll').filter({ hasText: toDevanagariDigits(ROLL) }) });
    await item.waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await settleAnimations(page);
    await saveScreenshot(page, 'portal-certificates-360');
    const downloading = page.waitForEvent('download');
    await item.getByTestId('certificate-download').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^certificate-.+-10031-ne\.pdf$/);
    expect(readFileSync(await download.path()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await page.context().close();

    // Signed out: the public lookup needs both fields, then answers her result only.
    const visitor = await openPage(running.browser, `${url}/results`, PHONE);
    await visitor.getByTestId('lookup-submit').click();
    await visitor.getByText('यो विवरण अनिवार्य छ।').first().waitFor();
    await visitor.getByTestId('lookup-roll').fill(toDevanagariDigits(ROLL));
    await visitor.getByLabel('जन्म मिति', { exact: true }).fill(toDevanagariDigits(formatBsIso(adToBs(BIRTH_AD))));
    await visitor.getByLabel('जन्म मिति', { exact: true }).press('Tab');
    await visitor.getByTestId('lookup-submit').click();
    const found = visitor.getByTestId('lookup-results').getByTestId('result-card');
    await found.waitFor();
    expect(await found.count()).toBe(1);
    expect(await found.getByTestId('result-status').innerText()).toBe('सिफारिसका लागि छनोट भएको');
    expect(await hasHorizontalScroll(visitor)).toBe(false);
    await settleAnimations(visitor);
    await saveScreenshot(visitor, 'portal-result-lookup-360');
    await visitor.context().close();
  }, 240_000);
});
