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
