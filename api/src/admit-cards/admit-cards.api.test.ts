import { addDaysAd, parseAdmitCardStatement, todayAd } from '@psc/core';
import { sql } from 'drizzle-orm';
import { createPublicKey, verify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedApplicant, type Applicant } from '../applications/applications.test-support';
import { rowsOf } from '../applications/rows-of';
import { createNumberedSitting, type Sitting } from '../room-allocation/room-allocation.test-support';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { allocateCentres, applicationsOf, finaliseRooms, giveApplication } from './admit-cards.test-support';
import { closePdfPrinter } from './pdf-printer';

// spec §7 "Admit card: generate, confirm, download as base64, old admit card"; spec §2
// /vacancy-applied/download/old-admit-card; DESIGN "Signed documents".

let t: TestApp;
let owner: Applicant;
let stranger: Applicant;
let current: Sitting;
let old: Sitting;
let ownApplication: number;
let oldApplication: number;

type CardRef = { id: string; confirmedAt: string | null } | null;

const myApplications = async (who: Applicant) => (await t.call('GET', '/api/psc/applications?pageSize=50', { token: who.token })).body.data as { items: { applicationId: number; admitCard: CardRef; examScheduled: boolean }[] };
const rowOf = async (who: Applicant, applicationId: number) => (await myApplications(who)).items.find((item) => item.applicationId === applicationId);
const cardOf = async (who: Applicant, applicationId: number) => (await rowOf(who, applicationId))?.admitCard;

beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://psc.example' });
  owner = await seedApplicant(t);
  stranger = await seedApplicant(t);
  current = await createNumberedSitting(t, { cities: [3], rollFrom: 820001, examDate: addDaysAd(todayAd(), 7), startTime: '10:00', durationMinutes: 180 });
  [{ id: ownApplication }] = await applicationsOf(t, current);
  await giveApplication(t, ownApplication, owner.userId);
  const [, strangers] = await applicationsOf(t, current);
  // The series the roll-number generation leaves, which the first card marks issued.
  const { advertisementId, organizationId, fiscalYear } = current.advertisement;
  await t.db.execute(sql`
    insert into roll_number_series (advertisement_id, organization_id, fiscal_year, roll_from, roll_to, generated_by)
    values (${advertisementId}, ${organizationId}, ${fiscalYear}, 820001, 820100, (select id from users where username = 'admin'))`);
  await giveApplication(t, strangers!.id, stranger.userId);

  old = await createNumberedSitting(t, { cities: [2], rollFrom: 830001, examDate: addDaysAd(todayAd(), -20), startTime: '10:00', durationMinutes: 120 });
  [{ id: oldApplication }] = await applicationsOf(t, old);
  await giveApplication(t, oldApplication, owner.userId);
  await finaliseRooms(t, await allocateCentres(t, old));
}, 180_000);

afterAll(async () => {
  await closePdfPrinter();
  await t?.close();
});

describe('generating the admit card', () => {
  it('is absent while the schedule waits for approval, before the centre is final and before the rooms are final', async () => {
    const advertisementId = current.advertisement.advertisementId;
    await t.db.execute(sql`update exam_schedules set status = 'review' where advertisement_id = ${advertisementId}`);
    expect(await rowOf(owner, ownApplication)).toMatchObject({ admitCard: null, examScheduled: false });
    await t.db.execute(sql`update exam_schedules set status = 'approved' where advertisement_id = ${advertisementId}`);
    // The list says the schedule is approved, so the phone says the card is coming.
    expect(await rowOf(owner, ownApplication)).toMatchObject({ admitCard: null, examScheduled: true });

    const allocation = await allocateCentres(t, current);
    await t.db.execute(sql`update centre_allocations set status = 'temporary' where id = ${allocation.allocationId}`);
    expect(await cardOf(owner, ownApplication)).toBeNull();
    await t.db.execute(sql`update centre_allocations set status = 'final' where id = ${allocation.allocationId}`);
    // The centre is final, its rooms are not.
    expect(await cardOf(owner, ownApplication)).toBeNull();
    expect((await t.call('GET', '/api/psc/admit-cards', { token: owner.token })).body.data).toEqual({ items: [] });

    const [series] = rowsOf<{ issued: string | null }>(await t.db.execute(sql`select admit_cards_issued_at as issued from roll_number_series where advertisement_id = ${advertisementId}`));
    expect(series?.issued).toBeNull();
    await finaliseRooms(t, allocation);
  });

  it('is generated once every paper is seated: an unguessable id, the same at every read, the advertisement marked issued', async () => {
    const card = await cardOf(owner, ownApplication);
    expect(card).toEqual({ id: expect.any(String), confirmedAt: null });
    expect(card!.id).not.toMatch(/^\d+$/);
    expect(card!.id.length).toBeGreaterThanOrEqual(20);
    expect(await cardOf(owner, ownApplication)).toEqual(card);
    const [series] = rowsOf<{ issued: string | null }>(await t.db.execute(sql`select admit_cards_issued_at as issued from roll_number_series where advertisement_id = ${current.advertisement.advertisementId}`));
    expect(series?.issued).not.toBeNull();

    const list = await t.call('GET', '/api/psc/admit-cards', { token: owner.token });
    expect(list.status).toBe(200);
    const items = (list.body.data as { items: Record<string, unknown>[] }).items;
    expect(items).toEqual([
      {
        id: card!.id,
        applicationId: ownApplication,
        advertisementCode: current.advertisement.code,
        postNameEn: expect.any(String),
        postNameNp: expect.any(String),
        rollNumber: '820001',
        firstPaperDateAd: addDaysAd(todayAd(), 7),
        firstPaperDateBs: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        confirmedAt: null,
      },
    ]);
  });
});

describe('confirming, viewing and downloading', () => {
  let cardId: string;
  beforeAll(async () => {
    cardId = (await cardOf(owner, ownApplication))!.id;
  });

  it('refuses the card and its PDF before the candidate confirms, in both languages', async () => {
    const en = await t.call('GET', `/api/psc/admit-cards/${cardId}`, { token: owner.token, lang: 'en' });
    const ne = await t.call('GET', `/api/psc/admit-cards/${cardId}`, { token: owner.token, lang: 'ne' });
    expect([en.status, en.body.code, ne.status, ne.body.code]).toEqual([409, 'ADMIT_CARD_NOT_CONFIRMED', 409, 'ADMIT_CARD_NOT_CONFIRMED']);
    expect(en.body.message).not.toBe(ne.body.message);
    const pdf = await t.app.request(`/api/psc/admit-cards/${cardId}/pdf?lang=en`, { headers: { authorization: `Bearer ${owner.token}` } });
    expect(pdf.status).toBe(409);
  });

  it("answers another candidate 404 for the card, its confirmation and its PDF, like an id that does not exist", async () => {
    for (const [method, path] of [
      ['GET', `/api/psc/admit-cards/${cardId}`],
      ['POST', `/api/psc/admit-cards/${cardId}/confirm`],
      ['GET', `/api/psc/admit-cards/${cardId}/pdf`],
      ['GET', '/api/psc/admit-cards/AAAAAAAAAAAAAAAAAAAAAA'],
      ['GET', '/api/psc/admit-cards/1'],
    ] as const) {
      const answer = await t.app.request(path, { method, headers: { authorization: `Bearer ${stranger.token}` } });
      expect(answer.status, `${method} ${path}`).toBe(404);
    }
    expect((await t.call('GET', `/api/psc/admit-cards/${cardId}`)).status).toBe(401);
  });

  it('confirms once (a repeat keeps the first time) and then shows the card', async () => {
    const first = await t.call('POST', `/api/psc/admit-cards/${cardId}/confirm`, { token: owner.token });
    expect(first.status).toBe(200);
    const { confirmedAt } = first.body.data as { id: string; confirmedAt: string };
    expect(first.body.data).toEqual({ id: cardId, confirmedAt: expect.any(String) });
    const again = await t.call('POST', `/api/psc/admit-cards/${cardId}/confirm`, { token: owner.token });
    expect((again.body.data as { confirmedAt: string }).confirmedAt).toBe(confirmedAt);
    expect((await cardOf(owner, ownApplication))?.confirmedAt).toBe(confirmedAt);

    const view = await t.call('GET', `/api/psc/admit-cards/${cardId}`, { token: owner.token });
    expect(view.status).toBe(200);
    expect(view.headers.get('cache-control')).toBe('private, no-store');
    const data = view.body.data as { id: string; photoUrl: string; signatureUrl: string; card: Record<string, unknown> & { candidate: Record<string, unknown>; papers: Record<string, unknown>[]; verificationUrl: string } };
    expect(data.id).toBe(cardId);
    expect(data.photoUrl).toMatch(/^\/api\/psc\/files\/[0-9a-f-]{36}$/);
    expect(data.signatureUrl).toMatch(/^\/api\/psc\/files\/[0-9a-f-]{36}$/);
    expect(data.card.candidate).toEqual({ name: { en: 'Gita Adhikari', np: 'गीता अधिकारी' }, photo: null, signature: null });
    expect(data.card.rollNumber).toBe('820001');
    expect(data.card.papers).toEqual([
      expect.objectContaining({ dateAd: addDaysAd(todayAd(), 7), startTime: '10:00', durationMinutes: 180, roomNumber: '1', seatNumber: 1 }),
    ]);
    expect(data.card.verificationUrl).toMatch(/^https:\/\/psc\.example\/verify#v1\.[\w-]+\.[\w-]+$/);
    // The picture the card names is the candidate's own, served by the file route.
    const photo = await t.app.request(data.photoUrl, { headers: { authorization: `Bearer ${owner.token}` } });
    expect(photo.status).toBe(200);
  });
});

describe('the admit card PDF', () => {
  it('prints the confirmed card through the real component, and serves a second download from the file store', async () => {
    const cardId = (await cardOf(owner, ownApplication))!.id;
    const download = () => t.app.request(`/api/psc/admit-cards/${cardId}/pdf?lang=en`, { headers: { authorization: `Bearer ${owner.token}` } });
    const first = await download();
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/pdf');
    expect(first.headers.get('content-disposition')).toBe('attachment; filename="admit-card-820001.pdf"');
    expect(first.headers.get('cache-control')).toBe('private, no-store');
    const bytes = Buffer.from(await first.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const started = performance.now();
    const second = Buffer.from(await (await download()).arrayBuffer());
    expect(second.equals(bytes)).toBe(true);
    expect(performance.now() - started).toBeLessThan(2000);
  }, 120_000);
});

describe('old admit cards', () => {
  it('lists the card whose last paper has passed, and not among the current ones', async () => {
    const oldList = (await t.call('GET', '/api/psc/admit-cards/old', { token: owner.token })).body.data as { items: { applicationId: number; firstPaperDateAd: string }[] };
    expect(oldList.items.map((item) => item.applicationId)).toEqual([oldApplication]);
    expect(oldList.items[0]!.firstPaperDateAd).toBe(addDaysAd(todayAd(), -20));
    const currentList = (await t.call('GET', '/api/psc/admit-cards', { token: owner.token })).body.data as { items: { applicationId: number }[] };
    expect(currentList.items.map((item) => item.applicationId)).toEqual([ownApplication]);
    expect(((await t.call('GET', '/api/psc/admit-cards/old', { token: stranger.token })).body.data as { items: unknown[] }).items).toEqual([]);
  });
});

describe('verifying a card', () => {
  let statement: string;
  beforeAll(async () => {
    const cardId = (await cardOf(owner, ownApplication))!.id;
    const view = await t.call('GET', `/api/psc/admit-cards/${cardId}`, { token: owner.token });
    statement = (view.body.data as { card: { verificationUrl: string } }).card.verificationUrl.split('#')[1]!;
  });
  const verifyStatement = (body: unknown) => t.call('POST', '/api/public/admit-cards/verify', { json: body });

  it('accepts the genuine statement and states only what the card shows', async () => {
    const answer = await verifyStatement({ statement });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      valid: true,
      rollNumber: '820001',
      nameEn: 'Gita Adhikari',
      nameNp: 'गीता अधिकारी',
      advertisementCode: current.advertisement.code,
      fiscalYear: current.advertisement.fiscalYear,
      photoDigest: expect.stringMatching(/^[\w-]{43}$/),
      issuedOnAd: todayAd(),
    });
  });

  it('refuses a changed roll number, a bad signature and a malformed statement; 400 on a bad body', async () => {
    const parsed = parseAdmitCardStatement(statement)!;
    const [, , signature] = statement.split('.');
    const forgedBody = Buffer.from(JSON.stringify({ r: '820002', ne: parsed.statement.nameEn, nn: parsed.statement.nameNp, a: parsed.statement.advertisementCode, fy: parsed.statement.fiscalYear, p: parsed.statement.photoDigest, i: parsed.statement.issuedOnAd })).toString('base64url');
    const badSignature = `${statement.slice(0, statement.lastIndexOf('.'))}.${Buffer.alloc(64, 7).toString('base64url')}`;
    for (const text of [`v1.${forgedBody}.${signature}`, badSignature, 'v1.nonsense', 'x'.repeat(999)]) {
      const answer = await verifyStatement({ statement: text });
      expect(answer.status).toBe(200);
      expect(answer.body.data).toEqual({ valid: false });
    }
    expect((await verifyStatement({})).status).toBe(400);
    expect((await verifyStatement({ statement: 'x'.repeat(1001) })).status).toBe(400);
  });

  it('publishes the public key, with which node:crypto verifies the statement', async () => {
    const answer = await t.app.request('/.well-known/psc-admit-card-key');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toMatch(/^public/);
    const key = (await answer.json()) as { alg: string; publicKeyPem: string; jwk: { kty: string; crv: string; x: string } };
    expect(key.alg).toBe('Ed25519');
    expect(key.jwk).toEqual({ kty: 'OKP', crv: 'Ed25519', x: expect.any(String) });
    const parsed = parseAdmitCardStatement(statement)!;
    for (const publicKey of [createPublicKey(key.publicKeyPem), createPublicKey({ key: key.jwk, format: 'jwk' })]) {
      expect(verify(null, Buffer.from(parsed.signedPart, 'ascii'), publicKey, parsed.signature)).toBe(true);
    }
  });
});
