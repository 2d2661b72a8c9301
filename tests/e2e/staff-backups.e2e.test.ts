import { describe, expect, it } from 'vitest';
import { openPage, saveScreenshot, startsProductAndBrowser } from './support/harness';
import { settleAnimations } from './portal-steps';
import { signInToWorkstation, STAFF_ADMIN } from './staff-steps';

// The backup screen (spec §4 "backups" [BUK]): staff take a backup of the running product (the
// embedded database and its uploaded files) from the screen, follow it until it has succeeded,
// run the restore drill of it, and read the drill's result: passed, with the tables and files it
// compared.

const running = startsProductAndBrowser({ workstationDataDir: 'psc-workstation-backups-e2e-' });

describe('the backup screen', () => {
  it('staff back up now, run the restore drill, and see both results', async () => {
    const { url } = running.product;
    const page = await openPage(running.browser, `${url}/staff/login`, { width: 1400, height: 1000 });
    await signInToWorkstation(page, STAFF_ADMIN);
    await page.goto(`${url}/staff/admin/backups`);
    const screen = page.getByTestId('backups-screen');
    await screen.getByText('अहिलेसम्म कुनै ब्याकअप लिइएको छैन।').waitFor();
    await screen.getByText('पुनर्स्थापना अभ्यास अझै चलेको छैन।').waitFor();

    await page.getByTestId('backup-now').click();
    await page.locator('.ant-message').getByText('ब्याकअप सुरु भयो; सकिएपछि सूचीमा देखिन्छ।').waitFor();
    const table = page.getByTestId('backups-table');
    await table.locator('.ant-tag').getByText('सफल', { exact: true }).waitFor({ timeout: 90_000 });
    const row = await table.locator('tr.ant-table-row').first().innerText();
    expect(row).toContain('कर्मचारीद्वारा');
    expect(row).toMatch(/[०-९]+(\.[०-९])? MB/);
    expect(row).toMatch(/[०-९,]+ तालिका, [०-९,]+ पङ्क्ति/);
    // The time in both calendars: B.S. first, A.D. beside it.
    expect(row).toMatch(/२०८३/);

    await page.getByTestId('backup-drill').click();
    await page.locator('.ant-message').getByText('पुनर्स्थापना अभ्यास सुरु भयो; सकिएपछि यसको नतिजा सूचीमा देखिन्छ।').waitFor();
    const drill = page.getByTestId('backup-last-drill');
    await drill.locator('.ant-tag').getByText('उत्तीर्ण', { exact: true }).waitFor({ timeout: 90_000 });
    expect(await drill.innerText()).toMatch(/[०-९]+ तालिका र [०-९]+ फाइल तुलना गरियो/);
    await settleAnimations(page);
    await saveScreenshot(page, 'staff-backups');
    await page.context().close();
  }, 240_000);
});
