import { toDevanagariDigits } from '@psc/core';
import { describe, expect, it } from 'vitest';
import { seatSitting } from '../../api/src/invigilator-sms/invigilator-sms.test-support';
import { settleAnimations } from './portal-steps';
import { openPage, saveScreenshot, startsProductAndBrowser } from './support/harness';
import { signInToWorkstation, STAFF_ADMIN } from './staff-steps';

// Bulk invigilator SMS (spec §2 bulk-invigilator-sms [BIS]): staff choose an advertisement's
// paper, preview each invigilator's duty message, send after a confirmation, and follow the
// progress; a centre whose invigilators are not final is shown but not sent. The product speaks Sparrow SMS v2 to its own sandbox gateway over loopback, which is
// told to refuse one number (1007 Invalid Receiver): the failure shows with the gateway's answer,
// and "Resend failed" delivers it once the number is accepted.

const running = startsProductAndBrowser({ workstationDataDir: 'psc-workstation-invigilator-sms-e2e-', config: { smsProvider: 'sparrow', outboxSenderIntervalSeconds: 1 } });
const nepali = (value: number | string) => toDevanagariDigits(String(value));

type SandboxMessage = { to: string; from: string; text: string };
async function sandbox<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(`${running.product.url}/sms-sandbox${path}`, init);
  return (response.status === 204 ? null : await response.json()) as T;
}

describe('bulk invigilator SMS', () => {
  it('previews and sends the duty SMS of a sitting; the loopback gateway receives them and a refused number is resent', async () => {
    const url = running.product.url;
    const sitting = await seatSitting(running.product.db, [
      { nameNp: 'पद्मोदय माध्यमिक विद्यालय', rooms: ['101', '102'], mobiles: ['9841000101', '9841000102', '9841000103'] },
      { nameNp: 'कन्या माध्यमिक विद्यालय', rooms: ['1'], mobiles: ['9851000201', null] },
      { nameNp: 'जनता माध्यमिक विद्यालय', rooms: ['5'], invigilatorStatus: 'forwarded' },
    ]);
    await sandbox('/inspect/fail', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ number: '9841000103', code: 1007 }) });

    const page = await openPage(running.browser, `${url}/staff/login`, { width: 1400, height: 1000 });
    await signInToWorkstation(page, STAFF_ADMIN);
    await page.goto(`${url}/staff/admin/bulk-invigilator-sms`);
    await page.getByTestId('bis-sitting').click();
    await page.keyboard.type(nepali(sitting.advertisementCode));
    await page.locator('.ant-select-item-option').filter({ hasText: nepali(sitting.advertisementCode), visible: true }).first().click();
    await page.getByTestId('bis-summary').filter({ hasText: `${nepali(7)} निरीक्षक ड्युटीमा; अन्तिम ड्युटी र मान्य मोबाइल भएका ${nepali(4)} जनाले एसएमएस पाउनेछन्।` }).waitFor();
    await page.locator('.ant-select-dropdown').filter({ visible: true }).waitFor({ state: 'hidden' });
    const rows = page.getByTestId('bis-preview').locator('tbody tr');
    expect(await rows.count()).toBe(7);
    await expect.poll(() => rows.first().innerText()).toContain('केन्द्राध्यक्ष');
    expect(await rows.nth(1).innerText()).toContain('कोठा १०१, निरीक्षक।');
    expect(await rows.nth(4).innerText()).toContain('मान्य मोबाइल छैन');
    // A centre whose invigilators are only forwarded, not final: shown, not sent.
    expect(await rows.nth(5).innerText()).toContain('ड्युटी अन्तिम भएको छैन: पठाइँदैन');
    await settleAnimations(page);
    await saveScreenshot(page, 'staff-invigilator-sms-1-preview');

    await page.getByTestId('bis-send').click();
    await page.getByTestId('bis-send-confirm').click();
    await page.locator('.ant-message').getByText('सन्देशहरू पठाउन लाममा राखियो।').waitFor();
    // The sender job drains the outbox to the sandbox; the screen polls the progress.
    await page.getByTestId('bis-sent').filter({ hasText: nepali(3) }).waitFor({ timeout: 30_000 });
    await page.getByTestId('bis-failed').filter({ hasText: nepali(1) }).waitFor();
    await page.getByTestId('bis-failures').getByText('1007 Invalid Receiver').waitFor();
    const received = (await sandbox<{ messages: SandboxMessage[] }>('/inspect/messages')).messages.filter((message) => message.text.includes(nepali(sitting.advertisementCode)));
    expect(received.map((message) => message.to).sort()).toEqual(['9841000101', '9841000102', '9851000201']);
    expect(received.find((message) => message.to === '9841000101')!.text).toContain('पद्मोदय माध्यमिक विद्यालय, केन्द्राध्यक्ष।');
    await settleAnimations(page);
    await saveScreenshot(page, 'staff-invigilator-sms-2-sent-with-failure');

    // The number is accepted again: resend the failed one.
    await sandbox('/inspect/fail', { method: 'DELETE' });
    await page.getByTestId('bis-resend').click();
    await page.getByTestId('bis-resend-confirm').click();
    await page.getByTestId('bis-sent').filter({ hasText: nepali(4) }).waitFor({ timeout: 30_000 });
    await page.getByTestId('bis-failed').filter({ hasText: nepali(0) }).waitFor();
    const after = (await sandbox<{ messages: SandboxMessage[] }>('/inspect/messages')).messages.filter((message) => message.text.includes(nepali(sitting.advertisementCode)));
    expect(after.map((message) => message.to).sort()).toEqual(['9841000101', '9841000102', '9841000103', '9851000201']);

    // Sending again queues nothing: every invigilator already has this message.
    await page.getByTestId('bis-send').click();
    await page.getByTestId('bis-send-confirm').click();
    await page.locator('.ant-message').getByText(`${nepali(0)} नयाँ, ${nepali(0)} बदलिएर फेरि पठाइने, ${nepali(4)} जनाले यो सन्देश पाइसकेका।`, { exact: false }).waitFor();
    await settleAnimations(page);
    await saveScreenshot(page, 'staff-invigilator-sms-3-all-sent');
    expect((await sandbox<{ messages: SandboxMessage[] }>('/inspect/messages')).messages.filter((message) => message.text.includes(nepali(sitting.advertisementCode)))).toHaveLength(4);

    // The screen in English; the message itself stays Nepali.
    await page.getByText('English', { exact: true }).click();
    await page.getByTestId('bis-summary').filter({ hasText: '7 invigilators on duty; 4 with a final duty and a valid mobile get the SMS.' }).waitFor();
    await page.getByTestId('bis-preview').getByText('Duty not final: not sent').first().waitFor();
    await settleAnimations(page);
    await saveScreenshot(page, 'staff-invigilator-sms-4-english');
  });
});
