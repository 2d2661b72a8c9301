import { addDaysAd, todayAd } from '@psc/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationsOf, giveApplication } from '../admit-cards/admit-cards.test-support';
import { closePdfPrinter } from '../admit-cards/pdf-printer';
import { seedApplicant, type Applicant } from '../applications/applications.test-support';
import { rowsOf } from '../applications/rows-of';
import { configureCertificate, publishSelection, withholdResult } from '../candidate-results/results.test-support';
import { createStaffUser } from '../requisitions/requisition.test-support';
import { createNumberedSitting, type Sitting } from '../room-allocation/room-allocation.test-support';
import { plainPng } from '../test-support/image-fixtures';
import { createTestApp, type TestApp } from '../test-support/test-app';
import type { CertificateSummary } from './candidate-certificates';

// spec §2 certificate-configuration [FS] and /vacancy-applied/download/certificate; spec §7
// "Certificate generate, list, download".

let t: TestApp;
let owner: Applicant;
let alternate: Applicant;
let held: Applicant;
let sitting: Sitting;
let applications: { id: number; rollNumber: number }[];

const myCertificates = async (who: Applicant) => {
  const answer = await t.call('GET', '/api/psc/certificates', { token: who.token });
  expect(answer.status).toBe(200);
  return (answer.body.data as { items: CertificateSummary[] }).items;
};
const download = (token: string | undefined, id: string, lang = 'ne') =>
  t.app.request(`/api/psc/certificates/${id}/pdf?lang=${lang}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

const VALID_FORM = {
  bodyNp: '{name} (रोल नं. {rollNumber}) लाई {post} पदमा सिफारिस गरिएको छ।',
  bodyEn: '{name} (roll number {rollNumber}) is recommended for the post of {post}.',
  signatoryNameNp: 'रामचन्द्र पौडेल',
  signatoryNameEn: 'Ramchandra Poudel',
  signatoryTitleNp: 'सचिव',
  signatoryTitleEn: 'Secretary',
};

function formOf(fields: Record<string, string>, seal?: { bytes: Uint8Array; type: string; name: string }) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (seal) form.append('seal', new File([seal.bytes as Uint8Array<ArrayBuffer>], seal.name, { type: seal.type }));
  return form;
}
async function saveConfiguration(token: string | undefined, advertisementId: number, form: FormData) {
  const response = await t.app.request(`/api/admin/certificate-configurations/${advertisementId}`, { method: 'POST', body: form, headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: response.status, body: (await response.json()) as { data?: { configuration: Record<string, unknown> | null; seal: string | null }; errors?: Record<string, string[]> } };
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await seedApplicant(t);
  alternate = await seedApplicant(t);
  held = await seedApplicant(t);
  sitting = await createNumberedSitting(t, { cities: [3], rollFrom: 920001, examDate: addDaysAd(todayAd(), -40), startTime: '10:00', durationMinutes: 180 });
  applications = await applicationsOf(t, sitting);
  await giveApplication(t, applications[0]!.id, owner.userId);
  await giveApplication(t, applications[1]!.id, alternate.userId);
  await giveApplication(t, applications[2]!.id, held.userId);
}, 180_000);

afterAll(async () => {
  await closePdfPrinter();
  await t?.close();
});

describe('the certificate configuration [FS]', () => {
  it('is refused without FS: anonymous 401, a candidate 403, another privilege 403, FS read-only cannot save', async () => {
    const id = sitting.advertisement.advertisementId;
    expect((await t.call('GET', `/api/admin/certificate-configurations/${id}`)).status).toBe(401);
    expect((await t.call('GET', `/api/admin/certificate-configurations/${id}`, { token: owner.token })).status).toBe(403);
    const other = await createStaffUser(t, { WS: ['read', 'update'] });
    expect((await t.call('GET', `/api/admin/certificate-configurations/${id}`, { token: other.token })).status).toBe(403);
    const reader = await createStaffUser(t, { FS: ['read'] });
    expect((await t.call('GET', `/api/admin/certificate-configurations/${id}`, { token: reader.token })).status).toBe(200);
    expect((await saveConfiguration(reader.token, id, formOf(VALID_FORM))).status).toBe(403);
  });

  it('starts empty, refuses an unknown placeholder or a missing field, and a seal that is not an image', async () => {
    const editor = await createStaffUser(t, { FS: ['read', 'update'] });
    const id = sitting.advertisement.advertisementId;
    const list = await t.call('GET', '/api/admin/certificate-configurations', { token: editor.token });
    expect(list.body.data).toContainEqual(expect.objectContaining({ id, isConfigured: false }));
    const empty = await t.call('GET', `/api/admin/certificate-configurations/${id}`, { token: editor.token });
    expect(empty.body.data).toMatchObject({ advertisement: { id }, configuration: null, seal: null });
    const bad = await saveConfiguration(editor.token, id, formOf({ ...VALID_FORM, bodyEn: 'Dear {nmae}', signatoryTitleNp: '' }));
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors ?? {}).sort()).toEqual(['bodyEn', 'signatoryTitleNp']);
    const notImage = await saveConfiguration(editor.token, id, formOf(VALID_FORM, { bytes: new TextEncoder().encode('<svg onload=alert(1)>'), type: 'image/png', name: 'seal.png' }));
    expect(notImage.status).toBe(400);
    expect(Object.keys(notImage.body.errors ?? {})).toEqual(['seal']);
    expect((await saveConfiguration(editor.token, 999_999, formOf(VALID_FORM))).status).toBe(404);
  });

  it('saves the text, signatory and seal with an audit row, and takes the seal off again', async () => {
    const editor = await createStaffUser(t, { FS: ['read', 'update'] });
    const id = sitting.advertisement.advertisementId;
    const saved = await saveConfiguration(editor.token, id, formOf(VALID_FORM, { bytes: await plainPng(), type: 'image/png', name: 'seal.png' }));
    expect(saved.status).toBe(200);
    expect(saved.body.data!.configuration).toMatchObject({ signatoryNameEn: 'Ramchandra Poudel' });
    expect(saved.body.data!.seal).toMatch(/^data:image\/png;base64,/);
    const audits = rowsOf<{ action: string }>(await t.db.execute(sql`select action from audit_log where entity = 'certificate_configurations' and entity_id = ${String(id)} order by id`));
    expect(audits.map((row) => row.action)).toEqual(['create']);
    const kept = await saveConfiguration(editor.token, id, formOf({ ...VALID_FORM, signatoryTitleEn: 'Chief Secretary' }));
    expect(kept.body.data!.seal).toMatch(/^data:image\/png;base64,/);
    const removed = await saveConfiguration(editor.token, id, formOf({ ...VALID_FORM, removeSeal: 'true' }));
    expect(removed.body.data!.seal).toBeNull();
  });
});

describe("the candidate's certificate", () => {
  it('is not there before the final selection is published', async () => {
    await configureCertificate(t.db, sitting.advertisement.advertisementId);
    await publishSelection(t.db, { advertisementId: sitting.advertisement.advertisementId, kind: 'final', status: 'draft', entries: [{ applicationId: applications[0]!.id, marks: 80, outcome: 'selected' }] });
    expect(await myCertificates(owner)).toEqual([]);
  });

  it('is listed and downloaded as a PDF by the selected candidate only; an alternate, a withheld result and another candidate get none', async () => {
    await publishSelection(t.db, {
      advertisementId: sitting.advertisement.advertisementId,
      kind: 'final',
      entries: [
        { applicationId: applications[0]!.id, marks: 80, outcome: 'selected' },
        { applicationId: applications[2]!.id, marks: 75, outcome: 'selected' },
        { applicationId: applications[1]!.id, marks: 70, outcome: 'alternate' },
      ],
    });
    await withholdResult(t.db, { advertisementId: sitting.advertisement.advertisementId, applicationId: applications[2]!.id });
    const [certificate, ...more] = await myCertificates(owner);
    expect(more).toEqual([]);
    expect(certificate).toMatchObject({ rollNumber: String(applications[0]!.rollNumber), advertisementCode: sitting.advertisement.code });
    expect(certificate!.id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await myCertificates(alternate)).toEqual([]);
    expect(await myCertificates(held)).toEqual([]);

    const pdf = await download(owner.token, certificate!.id);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    // A second download is the kept file, the same bytes.
    const again = await download(owner.token, certificate!.id);
    expect(again.status).toBe(200);

    expect((await download(alternate.token, certificate!.id)).status).toBe(404);
    expect((await download(undefined, certificate!.id)).status).toBe(401);
    expect((await download(owner.token, 'A'.repeat(43))).status).toBe(404);
    expect((await download(owner.token, String(applications[0]!.id))).status).toBe(404);
  });
});
