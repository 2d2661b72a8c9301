import { toDevanagariDigits } from '@psc/core';
import { sql } from 'drizzle-orm';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../api/src/applications/rows-of';
import { openPage, saveScreenshot, startsProductAndBrowser } from './support/harness';
import { settleAnimations } from './portal-steps';
import { signInToWorkstation, STAFF_ADMIN } from './staff-steps';

// The recommendation certificate's configuration (spec §2 certificate-configuration [FS]): staff
// open the advertisement whose exam was held (the old admit-card demo), are told of a placeholder
// the certificate does not know, write the text in both languages with the placeholders listed
// beside it, the signatory, and choose the seal; the preview fills the text with sample values,
// and the saved seal shows again once reopened.

const running = startsProductAndBrowser({ workstationDataDir: 'psc-workstation-certificates-e2e-' });
const SEAL = fileURLToPath(new URL('../../db/src/seed/demo-files/signature.png', import.meta.url));

describe('the certificate configuration', () => {
  it('staff write the text with known placeholders, the signatory and the seal, and see the preview', async () => {
    const { url, db } = running.product;
    const [advertisement] = rowsOf<{ code: string }>(
      await db.execute(sql`select ad.code from roll_numbers rn join advertisements ad on ad.id = rn.advertisement_id where rn.roll_number = 10031 limit 1`),
    );
    const code = toDevanagariDigits(advertisement!.code);

    const page = await openPage(running.browser, `${url}/staff/login`, { width: 1400, height: 1000 });
    await signInToWorkstation(page, STAFF_ADMIN);
    await page.goto(`${url}/staff/admin/certificate-configuration`);
    await page.getByTestId('certificate-advertisement').click();
    await page.keyboard.type(code);
    await page.locator('.ant-select-item-option').filter({ hasText: code, visible: true }).first().click();
    await page.getByTestId('certificate-placeholders').filter({ hasText: '{rollNumber}' }).waitFor();

    // A mistyped placeholder is refused under its field before anything is sent.
    await page.getByTestId('certificate-bodyNp').fill('{nmae} लाई सिफारिस गरिएको छ।');
    await page.getByTestId('certificate-save').click();
    await page.getByText('यो पाठमा सिफारिस पत्रले नचिनेको प्लेसहोल्डर छ').first().waitFor();

    await page.getByTestId('certificate-bodyNp').fill('रोल नं. {rollNumber} का उम्मेदवार {name} लाई {post} पदमा नियुक्तिका लागि सिफारिस गरिएको छ।');
    await page.getByTestId('certificate-bodyEn').fill('{name}, roll number {rollNumber}, is recommended for appointment to the post of {post}.');
    await page.getByTestId('certificate-signatoryNameNp').fill('रामचन्द्र पौडेल');
    await page.getByTestId('certificate-signatoryNameEn').fill('Ramchandra Poudel');
    await page.getByTestId('certificate-signatoryTitleNp').fill('सचिव');
    await page.getByTestId('certificate-signatoryTitleEn').fill('Secretary');
    await page.locator('input[type="file"]').setInputFiles(SEAL);
    await page.getByTestId('certificate-seal-image').waitFor();
    expect(await page.getByTestId('certificate-preview-ne').innerText()).toContain('रोल नं. १००२३४५ का उम्मेदवार सीता कुमारी श्रेष्ठ लाई');
    expect(await page.getByTestId('certificate-preview-en').innerText()).toContain('Sita Kumari Shrestha, roll number 1002345, is recommended');
    await page.getByTestId('certificate-save').click();
    await page.locator('.ant-message').getByText('सिफारिस पत्रको ढाँचा सुरक्षित भयो।').waitFor();
    await settleAnimations(page);
    await saveScreenshot(page, 'staff-certificate-configuration');

    // Reopened, the saved text and the stored seal come back.
    await page.reload();
    await page.getByTestId('certificate-advertisement').click();
    await page.keyboard.type(code);
    await page.locator('.ant-select-item-option').filter({ hasText: code, visible: true }).first().click();
    await page.getByTestId('certificate-seal-image').waitFor();
    expect(await page.getByTestId('certificate-signatoryNameEn').inputValue()).toBe('Ramchandra Poudel');
    await page.context().close();
  }, 240_000);
});
