import { schema } from '@psc/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../auth/passwords';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { lastMailTo, mailsTo, newRegistration, readTemporaryPassword, register } from './account.test-support';
import { undeliveredMailOutboxUrl } from './register-candidate';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://psc.example.np' });
});
afterAll(() => t.close());

describe('POST /api/psc/register', () => {
  it('creates the candidate with a temporary password, mailed in Nepali then English', async () => {
    const input = newRegistration({ citizenshipNumber: ' २७-०१ 99 ' });
    const answer = await t.call('POST', '/api/psc/register', { json: input, lang: 'en' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: 1, data: { username: input.username, email: input.email } });
    expect(answer.body.message).toContain('temporary password');
    const { masterId } = answer.body.data as { masterId: number };
    expect(masterId).toBeGreaterThan(1_000_000);

    const [user] = await t.db.select().from(schema.users).where(eq(schema.users.masterId, masterId));
    expect(user).toMatchObject({ kind: 'candidate', mustChangePassword: true, mobile: input.mobile, firstNameNp: 'सीता', middleNameEn: 'Kumari' });
    const [profile] = await t.db.select().from(schema.candidateProfiles).where(eq(schema.candidateProfiles.userId, user!.id));
    expect(profile).toMatchObject({
      citizenshipNumber: '27-0199',
      citizenshipIssueDistrictId: 27,
      dateOfBirth: '1998-05-20',
      citizenshipIssueDate: '2014-06-01',
      gender: 'female',
      nationalId: input.nationalId,
    });

    const mail = await lastMailTo(t, input.email, 'temporary-password');
    expect(mail.subject).toBe('अस्थायी पासवर्ड / Temporary password');
    // Nepali first, then English; both carry the user name, the password and the sign-in page.
    const password = readTemporaryPassword(mail.bodyText);
    expect(mail.bodyText.indexOf('अस्थायी पासवर्ड:')).toBeLessThan(mail.bodyText.indexOf('Temporary password:'));
    expect(mail.bodyText.split(password)).toHaveLength(3);
    expect(mail.bodyText).toContain('https://psc.example.np/login');
    expect(mail.bodyText).toContain('नमस्कार सीता थापा');
    expect(await verifyPassword(user!.passwordHash, password)).toBe(true);
    expect(password).toMatch(/^(?=.*[A-Z])(?=.*[a-z])(?=.*\d).{12}$/);
  });

  it('says, in development without SMTP_URL, where the unsent mail can be read; not in production or with SMTP', async () => {
    const answer = await t.call('POST', '/api/psc/register', { json: newRegistration(), lang: 'en' });
    expect((answer.body.data as { mailOutboxUrl: string | null }).mailOutboxUrl).toBe('https://psc.example.np/staff/admin/outbox');
    expect(undeliveredMailOutboxUrl({ env: 'development', smtpUrl: undefined, publicUrl: 'http://localhost:8091' })).toBe('http://localhost:8091/staff/admin/outbox');
    expect(undeliveredMailOutboxUrl({ env: 'development', smtpUrl: 'smtp://mail.example.np', publicUrl: 'http://localhost:8091' })).toBeNull();
    expect(undeliveredMailOutboxUrl({ env: 'production', smtpUrl: undefined, publicUrl: 'https://psc.example.np' })).toBeNull();
  });

  it('takes the dates in B.S.', async () => {
    const input = newRegistration({ dateOfBirthAd: undefined, dateOfBirthBs: '२०५५-०२-०६', citizenshipIssueDateAd: undefined, citizenshipIssueDateBs: '2071-02-18' });
    const answer = await t.call('POST', '/api/psc/register', { json: input });
    expect(answer.status).toBe(200);
    const [row] = await t.db
      .select({ dateOfBirth: schema.candidateProfiles.dateOfBirth, issued: schema.candidateProfiles.citizenshipIssueDate })
      .from(schema.candidateProfiles)
      .innerJoin(schema.users, eq(schema.users.id, schema.candidateProfiles.userId))
      .where(eq(schema.users.username, input.username));
    expect(row).toEqual({ dateOfBirth: '1998-05-20', issued: '2014-06-01' });
  });

  it('refuses each broken rule of spec §5 on its own field, in the caller language', async () => {
    const answer = await t.call('POST', '/api/psc/register', {
      lang: 'en',
      json: newRegistration({
        firstNameEn: 'R4m',
        lastNameEn: 'x'.repeat(31),
        firstNameNp: 'Ram',
        username: 'ram thapa',
        email: 'ram@',
        mobile: '98412',
        nationalId: '12-34',
        citizenshipNumber: 'x'.repeat(31),
        citizenshipIssueDistrictId: '',
        dateOfBirthAd: '1998-02-30',
        citizenshipIssueDateAd: undefined,
        gender: 'unknown' as 'other',
      }),
    });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('VALIDATION_FAILED');
    expect(answer.body.errors).toEqual({
      firstNameEn: ['Only English letters are allowed.'],
      lastNameEn: ['At most 30 characters are allowed.'],
      firstNameNp: ['Please type this in Nepali (Devanagari script).'],
      username: ['User name may contain only English letters, numbers, hyphen (-) and underscore (_).'],
      email: ['Please enter a valid e-mail address.'],
      mobile: ['Mobile number must be 10 digits.'],
      nationalId: ['National identity number must be in the form XXX-XXX-XXXX.'],
      citizenshipNumber: ['At most 30 characters are allowed.'],
      citizenshipIssueDistrictId: ['Please choose the issuing district.'],
      dateOfBirthAd: ['Please enter a valid date (YYYY-MM-DD).'],
      citizenshipIssueDateAd: ['This field is required.'],
      gender: ['Please choose a gender.'],
    });
    const nepali = await t.call('POST', '/api/psc/register', { json: newRegistration({ mobile: '1' }) });
    expect(nepali.body.errors).toEqual({ mobile: ['मोबाइल नम्बर १० अङ्कको हुनुपर्छ।'] });
  });

  it('refuses a citizenship issued before birth and a birth date in the future', async () => {
    const answer = await t.call('POST', '/api/psc/register', { lang: 'en', json: newRegistration({ dateOfBirthAd: '2015-01-01', citizenshipIssueDateAd: '2014-06-01' }) });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({ citizenshipIssueDateAd: ['The citizenship issue date cannot be before the date of birth.'] });
  });

  it('gives one person one account: each identity already registered is named, and nothing is written', async () => {
    const { input: first } = await register(t);
    const usersBefore = (await t.db.select({ id: schema.users.id }).from(schema.users)).length;
    const cases: [string, Record<string, unknown>, string][] = [
      ['username', { username: first.username.toUpperCase() }, 'This user name is already registered.'],
      ['email', { email: first.email.toUpperCase() }, 'This e-mail address is already registered.'],
      ['mobile', { mobile: first.mobile }, 'This mobile number is already registered.'],
      ['nationalId', { nationalId: first.nationalId }, 'This national identity number is already registered.'],
      ['citizenshipNumber', { citizenshipNumber: first.citizenshipNumber, citizenshipIssueDistrictId: 27 }, 'An account with this citizenship number and issuing district already exists.'],
    ];
    for (const [field, overrides, message] of cases) {
      const answer = await t.call('POST', '/api/psc/register', { lang: 'en', json: newRegistration(overrides) });
      expect(answer.status, field).toBe(409);
      expect(answer.body, field).toMatchObject({ status: 0, code: 'CONFLICT', errors: { [field]: [message] } });
      expect(Object.keys(answer.body.errors!), field).toEqual([field]);
    }
    // Several at once are all named.
    const all = await t.call('POST', '/api/psc/register', { json: { ...first } });
    expect(Object.keys(all.body.errors!).sort()).toEqual(['citizenshipNumber', 'email', 'mobile', 'nationalId', 'username']);
    expect((await t.db.select({ id: schema.users.id }).from(schema.users)).length).toBe(usersBefore);
    expect(await mailsTo(t, first.email.toUpperCase())).toEqual([]);
  });

  it('lets the same citizenship number from another district register', async () => {
    const { input: first } = await register(t);
    const answer = await t.call('POST', '/api/psc/register', { json: newRegistration({ citizenshipNumber: first.citizenshipNumber, citizenshipIssueDistrictId: 28 }) });
    expect(answer.status).toBe(200);
  });

  it('gives two registrations racing with one identity one account', async () => {
    const input = newRegistration();
    const answers = await Promise.all([
      t.call('POST', '/api/psc/register', { json: input }),
      t.call('POST', '/api/psc/register', { json: { ...newRegistration(), mobile: input.mobile } }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body.errors).toHaveProperty('mobile');
  });
});
