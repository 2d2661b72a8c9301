import { addDaysAd, todayAd, translate, type MessageKey } from '@psc/core';
import { schema } from '@psc/db';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetAdvertisements } from '../advertisements/advertisement-cache';
import { ensureMasterRows } from '../profile/profile.test-support';
import { createAdvertisementFixture, createExamCentreFixture, findAdministratorId } from '../test-support/recruitment-fixtures';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { expireUnpaidApplications } from './expire-unpaid';
import { findAdvertisementQuotaIds, seedApplicant, type Applicant } from './applications.test-support';

let t: TestApp;
const today = todayAd();
const fiscalYear = '2079/80';
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Receipt = { applicationId: number; receiptCode: string; status: string; paymentState: string; amountDue: number; dueChargeIds: number[]; quotas: { code: string }[]; examCentreId: number };
type SubmitAnswer = { created: boolean; applicationId: number; receipt: Receipt };

/** An open advertisement (published three days ago, open three weeks) with fees of its own. */
async function openAdvertisement(options: { dates?: Record<string, string | null>; extraQuotaFee?: number; quotas?: { code: string; vacancies: number }[] } = {}) {
  const advertisement = await createAdvertisementFixture(t.db, {
    status: 'published',
    fiscalYear,
    quotas: options.quotas ?? [
      { code: 'open', vacancies: 3 },
      { code: 'women', vacancies: 2 },
      { code: 'madhesi', vacancies: 1 },
    ],
    ...(options.dates ? { dates: options.dates } : {}),
  });
  await t.db
    .update(schema.advertisements)
    .set({ extraQuotaFee: options.extraQuotaFee ?? 200 })
    .where(eq(schema.advertisements.id, advertisement.advertisementId));
  return { ...advertisement, quotaIds: await findAdvertisementQuotaIds(t.db, advertisement.advertisementId) };
}
type OpenAdvertisement = Awaited<ReturnType<typeof openAdvertisement>>;

function applicationBody(advertisement: OpenAdvertisement, codes: string[] = ['open'], extra: Record<string, unknown> = {}) {
  return {
    advertisementId: advertisement.advertisementId,
    advertisementQuotaIds: codes.map((code) => advertisement.quotaIds[code]),
    examCentreId: advertisement.examCentreIds[0],
    qualificationAnswers: { hasBachelor: true },
    acceptTerms: true,
    ...extra,
  };
}

const submit = (applicant: Applicant, body: unknown, lang: 'en' | 'ne' = 'en') => t.call('POST', '/api/psc/applications', { token: applicant.token, json: body, lang });

async function countRows(applicationId: number) {
  const [quotas, charges, events] = await Promise.all([
    t.db.select().from(schema.applicationQuotas).where(eq(schema.applicationQuotas.applicationId, applicationId)),
    // In the order they were written: a table's rows come back in no set order without one.
    t.db.select().from(schema.charges).where(eq(schema.charges.applicationId, applicationId)).orderBy(schema.charges.id),
    t.db.select().from(schema.applicationEvents).where(eq(schema.applicationEvents.applicationId, applicationId)),
  ]);
  return { quotas: quotas.length, charges, events: events.length };
}

describe('submitting an application', () => {
  let advertisement: OpenAdvertisement;
  let applicant: Applicant;
  let first: SubmitAnswer;
  beforeAll(async () => {
    advertisement = await openAdvertisement();
    applicant = await seedApplicant(t);
  });

  it('makes the application, its quotas, one charge by the fee rule and the submitted event, with a receipt', async () => {
    const answer = await submit(applicant, applicationBody(advertisement, ['open', 'madhesi']));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.message).toBe('Your application has been submitted.');
    first = answer.body.data as SubmitAnswer;
    expect(first.created).toBe(true);
    expect(first.receipt.receiptCode).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect(first.receipt).toMatchObject({ status: 'pending', paymentState: 'unpaid', amountDue: 1200 });
    expect(first.receipt.quotas.map((quota) => quota.code)).toEqual(['open', 'madhesi']);
    const rows = await countRows(first.applicationId);
    expect(rows.quotas).toBe(2);
    expect(rows.events).toBe(1);
    expect(rows.charges).toHaveLength(1);
    expect(rows.charges[0]).toMatchObject({ purpose: 'application', amount: 1200, status: 'due' });
    const [application] = await t.db.select().from(schema.applications).where(eq(schema.applications.id, first.applicationId));
    expect(application).toMatchObject({ ageYears: expect.any(Number), attempt: 1, qualificationAnswers: { hasBachelor: true } });
  });

  it('answers a second tab with other quotas with the application already made, not a second one', async () => {
    const answer = await submit(applicant, applicationBody(advertisement, ['women']));
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('You have already applied for this advertisement; here is that application.');
    const again = answer.body.data as SubmitAnswer;
    expect(again).toMatchObject({ created: false, applicationId: first.applicationId, receipt: { receiptCode: first.receipt.receiptCode } });
    // The first receipt was composed from the insert and the advertisement in hand; this one is
    // read from the database: they are the same, field by field.
    expect(again.receipt).toEqual(first.receipt);
    const all = await t.db
      .select()
      .from(schema.applications)
      .where(and(eq(schema.applications.userId, applicant.userId), eq(schema.applications.advertisementId, advertisement.advertisementId)));
    expect(all).toHaveLength(1);
    expect((await countRows(first.applicationId)).charges).toHaveLength(1);
  });

  it('lists it in My Applications with the amount due, and shows the timeline in the reader language', async () => {
    const list = await t.call('GET', '/api/psc/applications?status=pending', { token: applicant.token });
    expect(list.status).toBe(200);
    const page = list.body.data as { items: (Receipt & { advertisementCode: string })[]; total: number };
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({ applicationId: first.applicationId, advertisementCode: advertisement.code, amountDue: 1200 });
    expect((await t.call('GET', '/api/psc/applications?paymentState=paid', { token: applicant.token })).body.data).toMatchObject({ total: 0 });
    const detail = await t.call('GET', `/api/psc/applications/${first.applicationId}`, { token: applicant.token, lang: 'ne' });
    expect(detail.status).toBe(200);
    const data = detail.body.data as { timeline: { kind: string; text: string }[]; charges: { purpose: string; amount: number }[]; payments: unknown[] };
    expect(data.timeline).toEqual([expect.objectContaining({ kind: 'submitted', text: expect.stringContaining('दस्तुर Rs. १,२००') })]);
    expect(data.charges).toEqual([expect.objectContaining({ purpose: 'application', amount: 1200 })]);
    expect(data.payments).toEqual([]);
  });

  it('shows the vacancy as applied, with the fee quote the submit charged', async () => {
    const list = await t.call('GET', `/api/psc/vacancies?search=${encodeURIComponent(advertisement.code)}`, { token: applicant.token });
    expect(list.status).toBe(200);
    expect((list.body.data as { items: { code: string; hasApplied: boolean; feePeriod: string }[] }).items).toEqual([
      expect.objectContaining({ code: advertisement.code, hasApplied: true, feePeriod: 'normal' }),
    ]);
    const detail = await t.call('GET', `/api/psc/vacancies/${advertisement.advertisementId}`, { token: applicant.token });
    expect(detail.status).toBe(200);
    const vacancy = detail.body.data as { quotas: { quotaCode: string; advertisementQuotaId: number }[]; examCentres: { id: number }[]; eligibility: { eligible: boolean }; myApplication: { receiptCode: string } };
    expect(vacancy.quotas.map((quota) => [quota.quotaCode, quota.advertisementQuotaId])).toEqual(Object.entries(advertisement.quotaIds));
    expect(vacancy.examCentres.map((centre) => centre.id)).toEqual(advertisement.examCentreIds);
    expect(vacancy.eligibility.eligible).toBe(true);
    expect(vacancy.myApplication.receiptCode).toBe(first.receipt.receiptCode);
    const quote = await t.call('POST', `/api/psc/vacancies/${advertisement.advertisementId}/fee-quote`, {
      token: applicant.token,
      json: { quotaIds: [advertisement.quotaIds.open, advertisement.quotaIds.madhesi] },
    });
    expect(quote.body.data).toMatchObject({ period: 'normal', multiplier: 1, amount: 1200 });
  });

  it('lets anyone verify the receipt, showing nothing personal beyond a masked name', async () => {
    const code = first.receipt.receiptCode;
    const answer = await t.call('GET', `/api/public/receipts/${code.toLowerCase().replaceAll('-', '')}`);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      receiptCode: code,
      advertisementCode: advertisement.code,
      postNameEn: expect.any(String),
      postNameNp: expect.any(String),
      maskedName: 'G*** A*******',
      submittedOn: today,
      status: 'pending',
      paymentState: 'unpaid',
    });
    expect(JSON.stringify(answer.body.data)).not.toMatch(/Gita|Adhikari|1998|applicant_/);
    expect((await t.call('GET', '/api/public/receipts/AAAA-BBBB-CCCC')).status).toBe(404);
  });

  it('keeps the application out of reach of another candidate (404 on every route)', async () => {
    const other = await seedApplicant(t);
    const id = first.applicationId;
    expect((await t.call('GET', `/api/psc/applications/${id}`, { token: other.token })).status).toBe(404);
    expect((await t.call('PUT', `/api/psc/applications/${id}/exam-centre`, { token: other.token, json: { examCentreId: advertisement.examCentreIds[0] } })).status).toBe(404);
    expect((await t.call('POST', `/api/psc/applications/${id}/quotas`, { token: other.token, json: { advertisementQuotaIds: [advertisement.quotaIds.women] } })).status).toBe(404);
    expect((await t.call('POST', `/api/psc/applications/${id}/reapply`, { token: other.token })).status).toBe(404);
    expect((await t.call('POST', `/api/psc/applications/${id}/convert-double-fee`, { token: other.token })).status).toBe(404);
    expect((await t.call('GET', '/api/psc/applications', { token: other.token })).body.data).toMatchObject({ total: 0 });
  });

  it('refuses choices the advertisement does not offer, naming the field', async () => {
    const other = await openAdvertisement();
    const newcomer = await seedApplicant(t);
    const foreignCentre = await submit(newcomer, applicationBody(advertisement, ['open'], { examCentreId: other.examCentreIds[0] }));
    expect(foreignCentre.status).toBe(400);
    expect(foreignCentre.body.errors).toEqual({ examCentreId: ['Choose one of the exam centres of this advertisement.'] });
    const foreignQuota = await submit(newcomer, applicationBody(advertisement, ['open'], { advertisementQuotaIds: [other.quotaIds.open] }));
    expect(foreignQuota.status).toBe(400);
    expect(foreignQuota.body.errors).toEqual({ advertisementQuotaIds: ['This quota is not offered by this advertisement.'] });
    const noTerms = await submit(newcomer, applicationBody(advertisement, ['open'], { acceptTerms: false }));
    expect(noTerms.status).toBe(400);
    expect(noTerms.body.errors?.acceptTerms).toEqual(['Please accept the terms and conditions.']);
    const unknownFaculty = await submit(newcomer, applicationBody(advertisement, ['open'], { facultyId: 2_000_000 }));
    expect(unknownFaculty.body.errors).toEqual({ facultyId: ['Choose a faculty this post accepts.'] });
    const noQuota = await submit(newcomer, applicationBody(advertisement, []));
    expect(noQuota.body.errors?.advertisementQuotaIds).toEqual(['Choose at least one quota.']);
  });
});

describe('eligibility on the server', () => {
  let advertisement: OpenAdvertisement;
  beforeAll(async () => {
    advertisement = await openAdvertisement();
  });
  const cutOff = () => addDaysAd(today, 21);
  /** A birth date `years` years (and `days` days) before the cut-off date. */
  const bornYearsBefore = (years: number, days = 0) => {
    const [y, m, d] = cutOff().split('-');
    return addDaysAd(`${Number(y) - years}-${m}-${d === '29' && m === '02' ? '28' : d}`, -days);
  };

  it.each([
    ['too young on the cut-off date', { dateOfBirth: bornYearsBefore(17, 300) }, 'You do not meet the minimum age of this advertisement on its age cut-off date.'],
    ['a man above 35', { dateOfBirth: bornYearsBefore(38), gender: 'male' as const }, 'You are above the maximum age of this advertisement on its age cut-off date.'],
    ['a woman above the relaxed 40', { dateOfBirth: bornYearsBefore(40, 1), gender: 'female' as const }, 'You are above the maximum age of this advertisement on its age cut-off date.'],
  ])('refuses %s with a clear message', async (_label, options, message) => {
    const applicant = await seedApplicant(t, options);
    const answer = await submit(applicant, applicationBody(advertisement));
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ code: 'UNPROCESSABLE', message });
    expect(answer.body.errors?.eligibility).toEqual([message]);
  });

  it('admits a woman and a person with a disability of 38 (the relaxed maximum age)', async () => {
    for (const options of [{ gender: 'female' as const }, { gender: 'male' as const, physicallyDisabled: true }]) {
      const applicant = await seedApplicant(t, { dateOfBirth: bornYearsBefore(38), ...options });
      const preview = await t.call('GET', `/api/psc/vacancies/${advertisement.advertisementId}/eligibility`, { token: applicant.token });
      expect(preview.body.data).toMatchObject({ eligible: true, ageLimit: { maxYears: 40, isRelaxed: true }, age: { years: 38, months: 0, days: 0 } });
      expect((await submit(applicant, applicationBody(advertisement))).status).toBe(200);
    }
  });

  it('keeps each reserved quota for the group it is reserved for (Civil Service Act 7(7))', async () => {
    const man = await seedApplicant(t, { gender: 'male', inclusiveGroups: [] });
    const refusal = await submit(man, applicationBody(advertisement, ['open', 'women', 'madhesi']), 'en');
    expect(refusal.status).toBe(400);
    expect(refusal.body.errors).toEqual({
      advertisementQuotaIds: ['The women quota is for women candidates only.', 'To apply in this quota, first claim the inclusive group with its document in your profile.'],
    });
    // Nothing was made by the refused submit, and the open quota alone is his to apply for.
    expect((await submit(man, applicationBody(advertisement, ['open']))).status).toBe(200);
    const madhesiWoman = await seedApplicant(t, { gender: 'female', inclusiveGroups: ['madhesi'] });
    expect((await submit(madhesiWoman, applicationBody(advertisement, ['open', 'women', 'madhesi']))).status).toBe(200);
  });

  it('refuses an added quota the candidate may not compete in', async () => {
    const man = await seedApplicant(t, { gender: 'male', inclusiveGroups: [] });
    const answer = await submit(man, applicationBody(advertisement, ['open']));
    const applicationId = (answer.body.data as SubmitAnswer).applicationId;
    const added = await t.call('POST', `/api/psc/applications/${applicationId}/quotas`, { token: man.token, json: { advertisementQuotaIds: [advertisement.quotaIds.women] }, lang: 'en' });
    expect(added.status).toBe(400);
    expect(added.body.errors).toEqual({ advertisementQuotaIds: ['The women quota is for women candidates only.'] });
  });

  it('offers each quota with whether the candidate may claim it, the same rule the additional-quota application refuses by', async () => {
    const woman = await seedApplicant(t, { gender: 'female', inclusiveGroups: [] });
    const offer = async () => {
      const detail = await t.call('GET', `/api/psc/vacancies/${advertisement.advertisementId}`, { token: woman.token });
      const quotas = (detail.body.data as { quotas: { quotaCode: string; claimable: boolean; refusal: MessageKey | null }[] }).quotas;
      return Object.fromEntries(quotas.map((quota) => [quota.quotaCode, { claimable: quota.claimable, refusal: quota.refusal }]));
    };
    expect(await offer()).toEqual({
      open: { claimable: true, refusal: null },
      women: { claimable: true, refusal: null },
      madhesi: { claimable: false, refusal: 'application.quotaGroupNotClaimed' },
    });
    const applicationId = ((await submit(woman, applicationBody(advertisement, ['open']))).body.data as SubmitAnswer).applicationId;
    const addQuota = (code: string, lang: 'en' | 'ne') =>
      t.call('POST', `/api/psc/applications/${applicationId}/quotas`, { token: woman.token, json: { advertisementQuotaIds: [advertisement.quotaIds[code]] }, lang });
    // What is not offered is refused with the offer's own reason, in the caller's language.
    const refused = await addQuota('madhesi', 'ne');
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ advertisementQuotaIds: [translate('ne', 'application.quotaGroupNotClaimed')] });
    expect(refused.body.errors?.advertisementQuotaIds?.[0]).toBe('यो कोटामा दरखास्त दिन पहिले प्रोफाइलमा कागजातसहित समावेशी समूह दाबी गर्नुहोस्।');
    // What is offered is taken; once the group is claimed with its document, the quota is offered and taken too.
    expect((await addQuota('women', 'en')).status).toBe(200);
    await t.db.insert(schema.candidateInclusiveGroups).values({ userId: woman.userId, groupCode: 'madhesi' });
    expect((await offer()).madhesi).toEqual({ claimable: true, refusal: null });
    expect((await addQuota('madhesi', 'en')).status).toBe(200);
  });

  it('blocks with the missing-documents modal reasons, in Nepali too', async () => {
    const applicant = await seedApplicant(t, { documents: ['photograph'], withExtraDetails: false, educations: [] });
    const answer = await submit(applicant, applicationBody(advertisement));
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe(
      'Before applying, complete the Personal, Extra and Contact tabs and upload at least one education document, your citizenship, photograph and signature.',
    );
    expect(answer.body.errors?.missingDocuments).toEqual(['Extra details', 'At least one education', 'Citizenship (front)', 'Citizenship (back)', 'Signature']);
    const nepali = await submit(applicant, applicationBody(advertisement), 'ne');
    expect(nepali.body.errors?.missingDocuments?.[0]).toBe('अतिरिक्त विवरण');
    const preview = await t.call('GET', `/api/psc/vacancies/${advertisement.advertisementId}/eligibility`, { token: applicant.token });
    expect(preview.body.data).toMatchObject({ eligible: false, missingDocuments: ['extra', 'education', 'citizenship-front', 'citizenship-back', 'signature'] });
  });

  it('refuses when the post minimum qualification is not met (level or faculty)', async () => {
    const master = await ensureMasterRows(t.db);
    const [advertisementRow] = await t.db.select({ postId: schema.advertisements.postId }).from(schema.advertisements).where(eq(schema.advertisements.id, advertisement.advertisementId));
    const [qualification] = await t.db.insert(schema.postQualifications).values({ postId: advertisementRow!.postId!, educationLevelId: master.levelIds[1] }).returning();
    // Written straight into the database, not through a staff route that would empty the cache.
    forgetAdvertisements(t.db);
    try {
      const bachelor = await seedApplicant(t, { educations: [{ levelId: master.levelIds[0], facultyId: master.facultyId }] });
      const answer = await submit(bachelor, applicationBody(advertisement));
      expect(answer.status).toBe(422);
      expect(answer.body.message).toBe('Your education does not meet the minimum qualification of this post.');
      const master2 = await seedApplicant(t, { educations: [{ levelId: master.levelIds[1], facultyId: master.facultyId }] });
      expect((await submit(master2, applicationBody(advertisement))).status).toBe(200);
      // The post accepts one faculty only: another faculty's degree does not qualify, and the form must name the faculty.
      const [otherFaculty] = await t.db.insert(schema.faculties).values({ nameEn: 'Engineering', nameNp: 'इन्जिनियरिङ' }).returning();
      await t.db.insert(schema.postQualificationFaculties).values({ qualificationId: qualification!.id, facultyId: otherFaculty!.id });
      forgetAdvertisements(t.db);
      const wrongFaculty = await seedApplicant(t, { educations: [{ levelId: master.levelIds[1], facultyId: master.facultyId }] });
      expect((await submit(wrongFaculty, applicationBody(advertisement))).body.message).toBe('Your education does not meet the minimum qualification of this post.');
      const engineer = await seedApplicant(t, { educations: [{ levelId: master.levelIds[1], facultyId: otherFaculty!.id }] });
      const noFaculty = await submit(engineer, applicationBody(advertisement));
      expect(noFaculty.status).toBe(400);
      expect(noFaculty.body.errors).toEqual({ facultyId: ['Choose a faculty this post accepts.'] });
      expect((await submit(engineer, applicationBody(advertisement, ['open'], { facultyId: otherFaculty!.id }))).status).toBe(200);
    } finally {
      await t.db.delete(schema.postQualifications).where(eq(schema.postQualifications.id, qualification!.id));
      forgetAdvertisements(t.db);
    }
  });

  it('refuses while staff hold a lock on the profile', async () => {
    const applicant = await seedApplicant(t);
    await t.db
      .update(schema.candidateProfiles)
      .set({ lockedFrom: new Date(Date.now() - 60_000), lockedUntil: new Date(Date.now() + 86_400_000), lockReason: 'Scrutiny' })
      .where(eq(schema.candidateProfiles.userId, applicant.userId));
    const answer = await submit(applicant, applicationBody(advertisement));
    expect(answer.status).toBe(423);
    expect(answer.body.code).toBe('PROFILE_LOCKED');
  });
});

describe('deadlines', () => {
  it('refuses before the publish date and after the double-fee date', async () => {
    const applicant = await seedApplicant(t);
    const notYet = await openAdvertisement({ dates: { publishDate: addDaysAd(today, 2) } });
    const early = await submit(applicant, applicationBody(notYet));
    expect(early.status).toBe(422);
    expect(early.body.message).toBe('Applications for this advertisement have not opened yet.');
    const over = await openAdvertisement({
      dates: { publishDate: addDaysAd(today, -30), paymentLastDate: addDaysAd(today, -9), lastDateForSubmission: addDaysAd(today, -9), doubleFeeLastDate: addDaysAd(today, -1), ageCutOffDate: addDaysAd(today, -9) },
    });
    const late = await submit(applicant, applicationBody(over));
    expect(late.status).toBe(422);
    expect(late.body).toMatchObject({ code: 'APPLICATION_EXPIRED', message: 'The application deadline for this advertisement has passed.' });
    const list = await t.call('GET', `/api/psc/vacancies?search=${encodeURIComponent(over.code)}`, { token: applicant.token });
    expect(list.body.data).toMatchObject({ total: 0 });
  });

  it('charges the double fee after the last date for submission, until the double-fee date', async () => {
    const applicant = await seedApplicant(t);
    const window = await openAdvertisement({
      dates: { publishDate: addDaysAd(today, -30), paymentLastDate: addDaysAd(today, -1), lastDateForSubmission: addDaysAd(today, -1), doubleFeeLastDate: addDaysAd(today, 5), ageCutOffDate: addDaysAd(today, -1) },
    });
    const answer = await submit(applicant, applicationBody(window, ['open', 'women']));
    expect(answer.status).toBe(200);
    const { applicationId } = answer.body.data as SubmitAnswer;
    expect((await countRows(applicationId)).charges).toEqual([expect.objectContaining({ purpose: 'double-fee', amount: 2400, status: 'due' })]);
    // The exam centre can no longer change after the last date for submission.
    const change = await t.call('PUT', `/api/psc/applications/${applicationId}/exam-centre`, { token: applicant.token, json: { examCentreId: window.examCentreIds[0] }, lang: 'en' });
    expect(change.status).toBe(409);
    expect(change.body.message).toBe('The exam centre can no longer be changed for this application.');
  });
});

describe('expiry of unpaid applications (spec §8)', () => {
  it('expires what is still unpaid after the double-fee date, with a timeline entry, once', async () => {
    const window = await openAdvertisement();
    const unpaid = await seedApplicant(t);
    const paid = await seedApplicant(t);
    const unpaidId = ((await submit(unpaid, applicationBody(window))).body.data as SubmitAnswer).applicationId;
    const paidId = ((await submit(paid, applicationBody(window))).body.data as SubmitAnswer).applicationId;
    await t.db.update(schema.applications).set({ paymentState: 'paid' }).where(eq(schema.applications.id, paidId));
    // The advertisement's double-fee date is today: nothing expires yet.
    await t.db.update(schema.advertisements).set({ doubleFeeLastDate: today }).where(eq(schema.advertisements.id, window.advertisementId));
    expect(await expireUnpaidApplications(t.db, today)).toBe(0);
    // The next day the unpaid one has expired, and the paid one stands.
    const tomorrow = addDaysAd(today, 1);
    expect(await expireUnpaidApplications(t.db, tomorrow)).toBe(1);
    expect(await expireUnpaidApplications(t.db, tomorrow)).toBe(0);
    const statuses = await t.db.select({ id: schema.applications.id, status: schema.applications.status }).from(schema.applications).where(eq(schema.applications.advertisementId, window.advertisementId));
    expect(Object.fromEntries(statuses.map((row) => [row.id, row.status]))).toEqual({ [unpaidId]: 'expired', [paidId]: 'pending' });
    const detail = await t.call('GET', `/api/psc/applications/${unpaidId}`, { token: unpaid.token, lang: 'en' });
    expect(JSON.stringify(detail.body.data)).toContain('The application expired unpaid.');
  });
});

describe('after submitting', () => {
  let advertisement: OpenAdvertisement;
  beforeAll(async () => {
    advertisement = await openAdvertisement();
  });
  const submitted = async () => {
    const applicant = await seedApplicant(t);
    const answer = await submit(applicant, applicationBody(advertisement));
    expect(answer.status).toBe(200);
    return { applicant, applicationId: (answer.body.data as SubmitAnswer).applicationId };
  };
  const moveVoucherDeadline = async (date: string) => {
    await t.db.update(schema.advertisements).set({ paymentLastDate: date }).where(eq(schema.advertisements.id, advertisement.advertisementId));
    // Written straight into the database, not through a staff route that would empty the cache.
    forgetAdvertisements(t.db);
  };

  it('changes the exam centre to another of the advertisement, with a timeline entry', async () => {
    const centreId = await createExamCentreFixture(t.db, 'Second exam centre');
    await t.db.insert(schema.advertisementExamCentres).values({ advertisementId: advertisement.advertisementId, examCentreId: centreId });
    const { applicant, applicationId } = await submitted();
    const answer = await t.call('PUT', `/api/psc/applications/${applicationId}/exam-centre`, { token: applicant.token, json: { examCentreId: centreId } });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ applicationId, examCentreId: centreId, changed: true });
    const detail = await t.call('GET', `/api/psc/applications/${applicationId}`, { token: applicant.token, lang: 'en' });
    const data = detail.body.data as { examCentreId: number; timeline: { kind: string; text: string }[] };
    expect(data.examCentreId).toBe(centreId);
    expect(data.timeline.map((event) => event.kind)).toEqual(['submitted', 'exam-centre-changed']);
    expect(data.timeline[1]!.text).toContain('to Second exam centre');
    const nepali = await t.call('GET', `/api/psc/applications/${applicationId}`, { token: applicant.token, lang: 'ne' });
    expect((nepali.body.data as typeof data).timeline[1]!.text).toMatch(/परीक्षण परीक्षा केन्द्र मा परिवर्तन भयो।$/);
    const foreign = await t.call('PUT', `/api/psc/applications/${applicationId}/exam-centre`, { token: applicant.token, json: { examCentreId: await createExamCentreFixture(t.db) } });
    expect(foreign.status).toBe(400);
  });

  it('adds quotas with a charge of the extra-quota fee, once', async () => {
    const { applicant, applicationId } = await submitted();
    const answer = await t.call('POST', `/api/psc/applications/${applicationId}/quotas`, { token: applicant.token, json: { advertisementQuotaIds: [advertisement.quotaIds.women] } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toMatchObject({ charge: { amount: 200, status: 'due' } });
    const rows = await countRows(applicationId);
    expect(rows.quotas).toBe(2);
    expect(rows.charges.map((charge) => [charge.purpose, charge.amount])).toEqual([
      ['application', 1000],
      ['additional-quota', 200],
    ]);
    const again = await t.call('POST', `/api/psc/applications/${applicationId}/quotas`, { token: applicant.token, json: { advertisementQuotaIds: [advertisement.quotaIds.women] }, lang: 'en' });
    expect(again.status).toBe(400);
    expect(again.body.errors).toEqual({ advertisementQuotaIds: ['This application already has this quota.'] });
  });

  it('converts to the double fee once the voucher deadline has passed, once', async () => {
    const { applicant, applicationId } = await submitted();
    const early = await t.call('POST', `/api/psc/applications/${applicationId}/convert-double-fee`, { token: applicant.token });
    expect(early.status).toBe(409);
    await moveVoucherDeadline(addDaysAd(today, -1));
    try {
      const answer = await t.call('POST', `/api/psc/applications/${applicationId}/convert-double-fee`, { token: applicant.token });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const rows = await countRows(applicationId);
      expect(rows.charges.map((charge) => [charge.purpose, charge.amount, charge.status])).toEqual([
        ['application', 1000, 'cancelled'],
        ['double-fee', 2000, 'due'],
      ]);
      expect((await t.call('POST', `/api/psc/applications/${applicationId}/convert-double-fee`, { token: applicant.token })).status).toBe(409);
    } finally {
      await moveVoucherDeadline(addDaysAd(today, 21));
    }
  });

  it('re-applies with the double fee after the voucher deadline: the old attempt expires, a repeat answers the new one', async () => {
    const { applicant, applicationId } = await submitted();
    expect((await t.call('POST', `/api/psc/applications/${applicationId}/reapply`, { token: applicant.token })).status).toBe(409);
    await moveVoucherDeadline(addDaysAd(today, -1));
    try {
      const answer = await t.call('POST', `/api/psc/applications/${applicationId}/reapply`, { token: applicant.token });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const data = answer.body.data as { applicationId: number; previousApplicationId: number; receipt: Receipt };
      expect(data.applicationId).not.toBe(applicationId);
      expect(data.receipt).toMatchObject({ status: 'pending', amountDue: 2000 });
      const attempts = await t.db
        .select({ id: schema.applications.id, attempt: schema.applications.attempt, status: schema.applications.status })
        .from(schema.applications)
        .where(eq(schema.applications.userId, applicant.userId))
        .orderBy(asc(schema.applications.id));
      expect(attempts).toEqual([
        { id: applicationId, attempt: 1, status: 'expired' },
        { id: data.applicationId, attempt: 2, status: 'pending' },
      ]);
      expect((await countRows(applicationId)).charges.map((charge) => charge.status)).toEqual(['cancelled']);
      expect((await countRows(data.applicationId)).charges).toEqual([expect.objectContaining({ purpose: 're-apply', amount: 2000 })]);
      const repeat = await t.call('POST', `/api/psc/applications/${applicationId}/reapply`, { token: applicant.token });
      expect(repeat.status).toBe(200);
      expect((repeat.body.data as { applicationId: number }).applicationId).toBe(data.applicationId);
    } finally {
      await moveVoucherDeadline(addDaysAd(today, 21));
    }
  });
});

describe('promotion applications', () => {
  it('lists live promotions and applies once, with a charge of the promotion fee', async () => {
    const [type] = await t.db.insert(schema.promotionTypes).values({ nameEn: 'Seniority', nameNp: 'जेष्ठता' }).returning();
    const [service] = await t.db.select().from(schema.services).limit(1);
    const [serviceClass] = await t.db.select().from(schema.serviceClasses).limit(1);
    const base = { fiscalYear: '2082/83', promotionTypeId: type!.id, serviceId: service!.id, classId: serviceClass!.id, vacancies: 3, fee: 500, createdBy: await findAdministratorId(t.db) };
    const [live] = await t.db.insert(schema.promotions).values({ ...base, status: 'live' }).returning();
    const [draft] = await t.db.insert(schema.promotions).values({ ...base, status: 'draft' }).returning();
    const applicant = await seedApplicant(t);
    const list = await t.call('GET', '/api/psc/promotions', { token: applicant.token });
    const ids = (list.body.data as { items: { id: number }[] }).items.map((item) => item.id);
    expect(ids).toContain(live!.id);
    expect(ids).not.toContain(draft!.id);
    const answers = await Promise.all([1, 2, 3].map(() => t.call('POST', `/api/psc/promotions/${live!.id}/apply`, { token: applicant.token })));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(answers.filter((answer) => (answer.body.data as { created: boolean }).created)).toHaveLength(1);
    const rows = await t.db.select().from(schema.promotionApplications).where(eq(schema.promotionApplications.userId, applicant.userId));
    expect(rows).toHaveLength(1);
    expect(await t.db.select({ amount: schema.charges.amount, purpose: schema.charges.purpose }).from(schema.charges).where(eq(schema.charges.promotionApplicationId, rows[0]!.id))).toEqual([
      { amount: 500, purpose: 'promotion' },
    ]);
    expect((await t.call('POST', `/api/psc/promotions/${draft!.id}/apply`, { token: applicant.token })).status).toBe(409);
  });
});
