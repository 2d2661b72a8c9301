import { toDevanagariDigits } from '@psc/core';
import { schema } from '@psc/db';
import { eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEMO_APPLICANT, hasHorizontalScroll, screenshotFromTop, settleAnimations, signInAs } from './portal-steps';
import { openPage, saveScreenshot, startsProductAndBrowser } from './support/harness';
import { signInToWorkstation, STAFF_ADMIN } from './staff-steps';

// Roll numbers (spec §2 generate/rollNo [SA]; §5 "Roll generation: ... to-roll must exceed
// from-roll"): staff open the demo advertisement whose scrutiny is finalised, see its approved
// count and its numbers by centre, are refused a to-roll below the from-roll, then regenerate over
// a range typed in Devanagari digits and see the new numbers by centre and the history. The demo
// applicant then sees her new roll number on her application, on a phone, in Nepali.

const running = startsProductAndBrowser({ workstationDataDir: 'psc-workstation-roll-numbers-e2e-' });
const nepali = (value: number | string) => toDevanagariDigits(String(value));

describe('roll numbers', () => {
  it('staff regenerate the demo advertisement\'s roll numbers with Devanagari digits; the candidate sees hers on her phone', async () => {
    const url = running.product.url;
    const [demo] = await running.product.db
      .select({ id: schema.advertisements.id, code: schema.advertisements.code })
      .from(schema.advertisements)
      .innerJoin(schema.requisitions, eq(schema.requisitions.id, schema.advertisements.requisitionId))
      .where(like(schema.requisitions.requisitionNo, 'DEMO-roll-numbers-%'));
    expect(demo).toBeDefined();

    const page = await openPage(running.browser, `${url}/staff/login`, { width: 1400, height: 1000 });
    await signInToWorkstation(page, STAFF_ADMIN);
    await page.goto(`${url}/staff/admin/generate/rollNo`);
    await page.getByTestId('roll-advertisement').click();
    await page.keyboard.type(nepali(demo!.code));
    await page.locator('.ant-select-item-option').filter({ hasText: nepali(demo!.code), visible: true }).first().click();
    await page.getByTestId('roll-approved').filter({ hasText: nepali(5) }).waitFor();
    await page.locator('.ant-select-dropdown').filter({ visible: true }).waitFor({ state: 'hidden' });
    await page.getByTestId('roll-current').filter({ hasText: `${nepali(10001)} – ${nepali(10010)}` }).waitFor();
    const centreRows = () => page.getByTestId('roll-by-centre').locator('tbody tr').evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent?.trim())));
    expect(await centreRows()).toEqual([
      ['केन्द्रीय कार्यालय परीक्षा भवन, अनामनगर', nepali(10001), nepali(10003), nepali(3)],
      ['पृथ्वीनारायण क्याम्पस परीक्षा भवन, पोखरा', nepali(10004), nepali(10005), nepali(2)],
    ]);
    await settleAnimations(page);
    await saveScreenshot(page, 'staff-roll-numbers-1-demo');

    // spec §5: to-roll must exceed from-roll, said under the field before anything is sent.
    const from = page.getByTestId('roll-from');
    const to = page.getByTestId('roll-to');
    await from.fill(nepali(10110));
    await to.fill(nepali(10101));
    await page.getByTestId('roll-generate').click();
    await page.getByText('अन्तिम रोल नम्बर सुरु रोल नम्बरभन्दा ठूलो हुनुपर्छ।').waitFor();
    await saveScreenshot(page, 'staff-roll-numbers-2-refused');

    await from.fill(nepali(10101));
    await to.fill(nepali(10110));
    await page.getByTestId('roll-generate').click();
    await page.getByTestId('roll-generate-confirm').click();
    await page.locator('.ant-message').getByText('रोल नम्बर बनाइयो।').waitFor();
    await page.locator('.ant-modal-confirm').waitFor({ state: 'detached' });
    await page.getByTestId('roll-current').filter({ hasText: `${nepali(10101)} – ${nepali(10110)}` }).waitFor();
    expect(await centreRows()).toEqual([
      ['केन्द्रीय कार्यालय परीक्षा भवन, अनामनगर', nepali(10101), nepali(10103), nepali(3)],
      ['पृथ्वीनारायण क्याम्पस परीक्षा भवन, पोखरा', nepali(10104), nepali(10105), nepali(2)],
    ]);
    const history = await page.getByTestId('roll-history').locator('tbody tr').evaluateAll((rows) => rows.map((row) => row.querySelector('td')?.textContent?.trim()));
    expect(history).toEqual(['फेरि तयार गरिएको', 'तयार गरिएको']);
    await settleAnimations(page);
    await saveScreenshot(page, 'staff-roll-numbers-3-regenerated');
    await page.context().close();

    // The demo applicant (Anjali Yadav) is first by name at the Anamnagar hall.
    const phone = await openPage(running.browser, `${url}/login`, { width: 360, height: 780 });
    await signInAs(phone, DEMO_APPLICANT);
    await phone.waitForURL('**/home');
    await phone.goto(`${url}/vacancy-applied`);
    // Her other numbers are the seating and admit-card demos' advertisements', which nobody renumbered.
    const rolls = phone.getByTestId('application-card').getByTestId('roll-number');
    await rolls.first().waitFor();
    expect((await rolls.allInnerTexts()).sort()).toEqual([10011, 10021, 10031, 10101].map((roll) => `रोल नम्बर: ${nepali(roll)}`));
    const roll = rolls.filter({ hasText: nepali(10101) });
    expect(await hasHorizontalScroll(phone)).toBe(false);
    await roll.scrollIntoViewIfNeeded();
    await saveScreenshot(phone, 'portal-roll-number-360');
    await screenshotFromTop(phone, 'portal-roll-number-top-360');
    await phone.context().close();
  }, 240_000);
});
