import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, saveScreenshot, startProduct, type Product } from './support/harness';
import { REGISTER_LABEL, chooseDistrict, fillRegistration, settleAnimations, signInAs, waitForToast } from './portal-steps';
import { fillEveryProfileSection, temporaryDataDir } from './portal-profile-steps';

// Account and profile end to end, for ONE new person: registers in the portal, reads the temporary password
// from the mail that the sender job delivered to a real SMTP server on loopback, signs in, is made
// to change it (spec §4), then fills every profile section in Nepali with B.S. dates and romanised
// typing, uploads the documents and a transcript, reaches 8 of 8 and reads the preview in both
// languages. On the way it declares having no council registration, and edits and deletes rows.

type ReceivedMail = { to: string[]; raw: string };

const received: ReceivedMail[] = [];
const files = temporaryDataDir();
let smtp: SMTPServer;
let product: Product;
let browser: Browser;

beforeAll(async () => {
  smtp = new SMTPServer({
    // Plain SMTP on loopback: no TLS to negotiate, login optional.
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  // The sender job runs every second, so the mail arrives while the test waits for it.
  product = await startProduct({ config: { smtpUrl: `smtp://127.0.0.1:${port}`, outboxSenderIntervalSeconds: 1, dataDir: files.dataDir } });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  files.remove();
});

/** The decoded text of a single-part message (nodemailer sends UTF-8 text as quoted-printable or base64). */
function decodeMailText(raw: string): string {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  if (/content-transfer-encoding:\s*base64/i.test(head)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) {
    const joined = body.replace(/=\r?\n/g, '');
    const bytes: number[] = [];
    for (let i = 0; i < joined.length; i += 1) {
      if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(joined.slice(i + 1, i + 3))) {
        bytes.push(parseInt(joined.slice(i + 1, i + 3), 16));
        i += 2;
      } else {
        bytes.push(...Buffer.from(joined[i]!, 'utf8'));
      }
    }
    return Buffer.from(bytes).toString('utf8');
  }
  return body;
}

/** Waits for the SMTP server to receive the temporary-password mail to the address, and reads the password. */
async function readTemporaryPasswordFromSmtp(to: string): Promise<string> {
  let password: string | undefined;
  await expect
    .poll(
      () => {
        for (const mail of received.filter((item) => item.to.includes(to))) {
          password = /Temporary password: (\S+)/.exec(decodeMailText(mail.raw))?.[1] ?? password;
        }
        return password;
      },
      { timeout: 20_000, interval: 250 },
    )
    .toBeDefined();
  return password!;
}

const PERSON = {
  firstNameEn: 'Sita',
  lastNameEn: 'Sharma',
  username: 'sita_new',
  email: 'sita.new@example.com',
  mobile: '९८४१७६५४३२',
  citizenshipNumber: '27-01-75-54321',
} as const;
const NEW_PASSWORD = 'Sita@2082';

describe('candidate portal: a new candidate from registration to a complete profile', () => {
  it('registers, takes the temporary password from the mail, changes it, fills every section to 8 of 8 and previews in both languages', async () => {
    const page = await openPage(browser, `${product.url}/register`, { width: 360, height: 780 });
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.stack ?? error.message));
    try {
      // ---- Registration, with the Nepali names typed in romanised letters and B.S. dates.
      await page.getByRole('heading', { name: 'नयाँ दर्ता' }).waitFor();
      await fillRegistration(page, PERSON);
      await chooseDistrict(page, REGISTER_LABEL.issueDistrict, 'Kathmandu', 'काठमाडौँ');
      await page.getByLabel('पहिलो नाम (नेपालीमा)').pressSequentially('seetaa');
      await page.getByLabel('थर (नेपालीमा)').pressSequentially('sharma');
      expect(await page.getByLabel('पहिलो नाम (नेपालीमा)').inputValue()).toBe('सीता');
      await page.getByLabel(REGISTER_LABEL.dateOfBirth, { exact: true }).fill('२०५५-०४-१५');
      await page.getByLabel(REGISTER_LABEL.dateOfBirth, { exact: true }).press('Tab');
      await expect.poll(() => page.getByTestId('dateOfBirth-counterpart').innerText()).toBe('= ई.सं. १९९८ जुलाई ३१');
      await page.getByLabel(REGISTER_LABEL.issueDate, { exact: true }).fill('20720110');
      await page.getByLabel(REGISTER_LABEL.issueDate, { exact: true }).press('Tab');
      await expect.poll(() => page.getByTestId('citizenshipIssueDate-counterpart').innerText()).toBe('= ई.सं. २०१५ अप्रिल २३');
      await page.getByRole('radio', { name: 'महिला' }).check({ force: true });
      await page.evaluate(() => window.scrollTo(0, 0));
      await saveScreenshot(page, 'portal-new-candidate-register-filled');
      const registered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/psc/register');
      await page.getByRole('button', { name: REGISTER_LABEL.register }).click();
      expect((await registered).status()).toBe(200);
      await page.getByTestId('registered-message').getByText(PERSON.email, { exact: false }).waitFor();
      await settleAnimations(page);
      await saveScreenshot(page, 'portal-new-candidate-registered');

      // ---- The temporary password, as delivered by SMTP.
      const temporaryPassword = await readTemporaryPasswordFromSmtp(PERSON.email);

      // ---- First sign-in: the change of password comes before anything else (spec §4).
      await page.getByRole('link', { name: 'लग इन पृष्ठमा जानुहोस्' }).click();
      await page.waitForURL('**/login');
      await signInAs(page, { username: PERSON.username, password: temporaryPassword });
      await page.waitForURL('**/change/password');
      await page.getByTestId('password-change-required').waitFor();
      await saveScreenshot(page, 'portal-new-candidate-change-password');
      await page.getByLabel('अस्थायी पासवर्ड (इमेलमा आएको)').fill(temporaryPassword);
      await page.getByLabel(REGISTER_LABEL.newPassword, { exact: true }).fill(NEW_PASSWORD);
      await page.getByLabel(REGISTER_LABEL.confirmPassword, { exact: true }).fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'पासवर्ड परिवर्तन गर्नुहोस्' }).click();
      await page.waitForURL('**/home');
      await waitForToast(page, 'तपाईंको पासवर्ड परिवर्तन भयो।');
      expect(await page.getByTestId('welcome').innerText()).toContain('सीता शर्मा');
      await saveScreenshot(page, 'portal-new-candidate-home');

      // ---- Every profile section, to 8 of 8, and the preview in both languages.
      // As a fresh graduate: no council registration (declared), a training edited, a row deleted after the confirmation.
      await fillEveryProfileSection(page, product.url, 'portal-new-candidate-profile-', { exerciseLists: true });
      expect(pageErrors).toEqual([]);
    } catch (error) {
      await saveScreenshot(page, 'portal-new-candidate-failure');
      if (pageErrors.length > 0) console.error(pageErrors.join('\n\n'));
      throw error;
    } finally {
      await page.context().close();
    }
  });
});
