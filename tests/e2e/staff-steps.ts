import type { Locator, Page } from 'playwright-core';

// Steps shared by the workstation end-to-end tests (staff-*.e2e.test.ts), in the workstation's
// default language, Nepali.

export const STAFF_ADMIN = { username: 'admin', password: 'Admin@1234' } as const;

/** Fills and sends the workstation's sign-in form on the page, which shows it. */
export async function submitStaffSignIn(page: Page, account: { username: string; password: string }): Promise<void> {
  await page.getByLabel('प्रयोगकर्ता नाम वा इमेल').fill(account.username);
  await page.getByLabel('पासवर्ड').fill(account.password);
  await page.getByRole('button', { name: 'लगइन' }).click();
}

/** Signs in on the workstation's sign-in page and waits for the dashboard. */
export async function signInToWorkstation(page: Page, account: { username: string; password: string }): Promise<void> {
  await submitStaffSignIn(page, account);
  await page.getByTestId('dashboard').waitFor();
}

/** Finds the demo candidate on the user-management screen and opens her row, which it answers. */
export async function openDemoCandidateInUserManagement(page: Page, baseUrl: string): Promise<Locator> {
  await page.goto(`${baseUrl}/staff/admin/usermanagement`);
  await page.getByTestId('candidate-search').locator('input').fill('candidate');
  await page.keyboard.press('Enter');
  const candidateRow = page.getByRole('row').filter({ hasText: 'candidate@example.com' });
  await candidateRow.waitFor();
  await candidateRow.click();
  return candidateRow;
}

type Envelope<T> = { status: 0 | 1; message: string; data: T };

/** Waits until the workstation's local copy (read through the loopback bridge) holds a row. */
export async function waitForCachedRow(url: string, type: string, search: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const response = await fetch(`${url}/staff/bridge/master.list`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ type, search, page: 1, pageSize: 5 }),
    });
    const body = (await response.json()) as Envelope<{ total: number }>;
    if (body.status === 1 && body.data.total > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the workstation copy never received ${type} ${search}`);
}

/** Picks an option of an antd select by typing part of its label. */
export async function chooseOption(page: Page, testId: string, text: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.keyboard.type(text);
  // Exactly this option, in the list now open (closed lists stay in the page, hidden).
  await page.locator(`.ant-select-item-option[title="${text}"]`).filter({ visible: true }).first().click();
}
