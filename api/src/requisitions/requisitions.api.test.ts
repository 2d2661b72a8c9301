import { schema } from '@psc/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import {
  ALL_ACTIONS,
  createApprovedRequisition,
  createRecruitmentSetup,
  createStaffUser,
  requisitionBody,
  uploadedDocumentId,
  uploadRequisitionDocument,
  type RecruitmentSetup,
  type StaffUser,
} from './requisition.test-support';

let t: TestApp;
let setup: RecruitmentSetup;
let officer: StaffUser;
let approver: StaffUser;
let secondApprover: StaffUser;
beforeAll(async () => {
  t = await createTestApp();
  setup = await createRecruitmentSetup(t);
  officer = await createStaffUser(t, { RQ: ['read', 'create', 'update', 'delete'] });
  approver = await createStaffUser(t, { RQ: ['read', 'approve', 'reject'] });
  secondApprover = await createStaffUser(t, { RQ: ALL_ACTIONS });
});
afterAll(() => t.close());

async function auditRows(entity: string, entityId: string | number, action: string) {
  return t.db
    .select()
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.entity, entity), eq(schema.auditLog.entityId, String(entityId)), eq(schema.auditLog.action, action)));
}

async function createRequisition(user: StaffUser = officer, overrides: Record<string, unknown> = {}): Promise<number> {
  const documentFileId = await uploadedDocumentId(t, user.token);
  const answer = await t.call('POST', '/api/admin/requisitions', { token: user.token, json: requisitionBody(setup, documentFileId, overrides) });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body.data as { id: number }).id;
}

async function statusOf(id: number) {
  const [row] = await t.db.select({ status: schema.requisitions.status }).from(schema.requisitions).where(eq(schema.requisitions.id, id));
  return row?.status;
}

describe('requisition document (image or PDF under 500 KB, by content)', () => {
  it('stores a PDF, a JPEG and a PNG, serves the bytes back and audits the upload', async () => {
    for (const [fixture, contentType] of [
      ['document.pdf', 'application/pdf'],
      ['photo.jpg', 'image/jpeg'],
      ['photo.png', 'image/png'],
      // Judged by content: a PDF named .png is a PDF.
      ['pdf-renamed.png', 'application/pdf'],
    ] as const) {
      const answer = await uploadRequisitionDocument(t, officer.token, fixture);
      expect(answer.status, fixture).toBe(200);
      const stored = answer.body.data as { fileId: string; contentType: string; byteSize: number; originalName: string };
      expect(stored).toMatchObject({ contentType, originalName: fixture });
      const response = await t.app.request(`/api/admin/requisitions/documents/${stored.fileId}`, { headers: { authorization: `Bearer ${officer.token}` } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(contentType);
      expect((await response.arrayBuffer()).byteLength).toBe(stored.byteSize);
      expect(await auditRows('stored_files', stored.fileId, 'create')).toHaveLength(1);
    }
  });

  it('says "Please choose the requisition document" when none is chosen', async () => {
    const answer = await uploadRequisitionDocument(t, officer.token, null);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'VALIDATION_FAILED', errors: { file: ['Please choose the requisition document'] } });
  });

  it('refuses a file over 500 KB, one that is not an image or PDF whatever its name, an empty and a cut-short one', async () => {
    for (const fixture of ['large.jpg', 'page-named.jpg', 'empty.jpg', 'truncated.pdf', 'truncated.png'] as const) {
      const answer = await uploadRequisitionDocument(t, officer.token, fixture);
      expect(answer.status, fixture).toBe(400);
      expect(answer.body.code, fixture).toBe('VALIDATION_FAILED');
      expect(answer.body.errors?.file, fixture).toHaveLength(1);
    }
    expect((await uploadRequisitionDocument(t, officer.token, 'page-named.jpg')).body.errors).toEqual({ file: ['Only PDF, JPEG or PNG files are allowed.'] });
    expect((await uploadRequisitionDocument(t, officer.token, 'large.jpg')).body.errors?.file?.[0]).toMatch(/500 KB/);
  });

  it('answers 404 for a file that is not a requisition document', async () => {
    const answer = await t.call('GET', '/api/admin/requisitions/documents/0b7c3f1e-8a2d-4c55-9b1a-2f3e4d5c6b7a', { token: officer.token });
    expect(answer.status).toBe(404);
    expect((await t.call('GET', '/api/admin/requisitions/documents/not-a-uuid', { token: officer.token })).status).toBe(404);
  });
});

describe('entering a requisition (spec §3 Requisition)', () => {
  it('stores every field, submitted, with names in both languages, and audits it', async () => {
    const id = await createRequisition();
    const detail = await t.call('GET', `/api/admin/requisitions/${id}`, { token: officer.token });
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({
      id,
      kind: 'post',
      status: 'submitted',
      fiscalYear: setup.fiscalYear,
      totalVacancy: 10,
      proposedOpen: 5,
      proposedFemale: 2,
      proposedInternal: 1,
      proposedMadhesi: 1,
      applicationFee: 1000,
      internalCompetitionFee: 500,
      extraQuotaFee: 200,
      extraServiceFee: 100,
      extraClusterFee: 50,
      postId: setup.postId,
      demandOrganizationNameEn: expect.stringContaining('Demanding office'),
      requestOrganizationNameNp: expect.stringContaining('आयोग'),
      createdBy: officer.userId,
      createdByName: 'Recruitment Officer',
      createdByNameNp: 'भर्ना अधिकृत',
      document: { contentType: 'application/pdf', originalName: 'document.pdf' },
      approvalRemarks: null,
    });
    const data = detail.body.data as Record<string, unknown>;
    for (const name of ['serviceNameEn', 'serviceNameNp', 'groupNameEn', 'classNameEn', 'classNameNp', 'postNameEn', 'postNameNp']) expect(data[name], name).toBeTruthy();
    expect(await auditRows('requisitions', id, 'create')).toHaveLength(1);
  });

  it('takes the fiscal year of today when none is given, and leaves the post open for a requisition by service', async () => {
    const id = await createRequisition(officer, { kind: 'service', postId: setup.postId, fiscalYear: undefined });
    const [row] = await t.db.select().from(schema.requisitions).where(eq(schema.requisitions.id, id));
    expect(row).toMatchObject({ kind: 'service', postId: null, fiscalYear: setup.fiscalYear });
  });

  it('refuses a requisition without a document: "Please choose the requisition document"', async () => {
    const answer = await t.call('POST', '/api/admin/requisitions', { token: officer.token, lang: 'en', json: requisitionBody(setup, '', {}) });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({ documentFileId: ['Please choose the requisition document'] });
    const unknown = await t.call('POST', '/api/admin/requisitions', { token: officer.token, json: requisitionBody(setup, '0b7c3f1e-8a2d-4c55-9b1a-2f3e4d5c6b7a') });
    expect(unknown.status).toBe(400);
    expect(Object.keys(unknown.body.errors ?? {})).toEqual(['documentFileId']);
  });

  it('checks on the server that the group is of the service and the post of the class', async () => {
    const documentFileId = await uploadedDocumentId(t, officer.token);
    // The seeded classification has services with several groups and classes with several posts.
    expect(setup.otherGroupId).not.toBeNull();
    expect(setup.otherClassPostId).not.toBeNull();
    const answer = await t.call('POST', '/api/admin/requisitions', {
      token: officer.token,
      lang: 'en',
      json: requisitionBody(setup, documentFileId, { groupId: setup.otherGroupId, postId: setup.otherClassPostId }),
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({ groupId: ['The group does not belong to the chosen service.'], postId: ['The post does not belong to the chosen class.'] });
    const missing = await t.call('POST', '/api/admin/requisitions', { token: officer.token, json: requisitionBody(setup, documentFileId, { demandOrganizationId: 99_999 }) });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.errors ?? {})).toEqual(['demandOrganizationId']);
  });

  it('refuses proposals over the total and a requisition by post without a post', async () => {
    const documentFileId = await uploadedDocumentId(t, officer.token);
    const answer = await t.call('POST', '/api/admin/requisitions', {
      token: officer.token,
      json: requisitionBody(setup, documentFileId, { totalVacancy: 3, postId: null }),
    });
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.errors ?? {}).sort()).toEqual(['postId', 'totalVacancy']);
  });

  it('lists by status, kind, fiscal year and search, newest first', async () => {
    const id = await createRequisition(officer, { requisitionNo: 'LIST-४२' });
    const found = await t.call('GET', `/api/admin/requisitions?search=LIST-42&status=submitted&kind=post&fiscalYear=${encodeURIComponent(setup.fiscalYear)}`, { token: officer.token });
    expect(found.status).toBe(200);
    const page = found.body.data as { items: { id: number; createdByName: string; postNameEn: string }[]; total: number };
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({ id, createdByName: 'Recruitment Officer', createdByNameNp: 'भर्ना अधिकृत' });
    const approvedOnly = await t.call('GET', '/api/admin/requisitions?status=approved&search=LIST-42', { token: officer.token });
    expect((approvedOnly.body.data as { total: number }).total).toBe(0);
    const all = await t.call('GET', '/api/admin/requisitions?pageSize=1', { token: officer.token });
    const allPage = all.body.data as { items: unknown[]; total: number };
    expect(allPage.items).toHaveLength(1);
    expect(allPage.total).toBeGreaterThan(1);
    expect((await t.call('GET', '/api/admin/requisitions?pageSize=101', { token: officer.token })).status).toBe(400);
  });
});

describe('requisition transitions (spec §4)', () => {
  it('is approved by another officer with a remark, never by the one who entered it', async () => {
    const id = await createRequisition(secondApprover);
    const own = await t.call('POST', `/api/admin/requisitions/${id}/approve`, { token: secondApprover.token, lang: 'en', json: { remarks: 'Mine.' } });
    expect(own.status).toBe(409);
    expect(own.body.message).toBe('You entered this requisition; another officer must approve or reject it.');
    const ownReject = await t.call('POST', `/api/admin/requisitions/${id}/reject`, { token: secondApprover.token, json: { remarks: 'Mine.' } });
    expect(ownReject.status).toBe(409);
    const noRemark = await t.call('POST', `/api/admin/requisitions/${id}/approve`, { token: approver.token, json: { remarks: ' ' } });
    expect(noRemark.status).toBe(400);
    expect(Object.keys(noRemark.body.errors ?? {})).toEqual(['remarks']);
    expect(await statusOf(id)).toBe('submitted');

    const approved = await t.call('POST', `/api/admin/requisitions/${id}/approve`, { token: approver.token, json: { remarks: 'All in order.' } });
    expect(approved.status).toBe(200);
    expect(approved.body.data).toEqual({ id, status: 'approved' });
    const detail = (await t.call('GET', `/api/admin/requisitions/${id}`, { token: approver.token })).body.data;
    expect(detail).toMatchObject({ status: 'approved', approvalRemarks: 'All in order.', decidedBy: approver.userId, decidedByName: 'Recruitment Officer', decidedByNameNp: 'भर्ना अधिकृत' });
    expect(await auditRows('requisitions', id, 'approve')).toHaveLength(1);
  });

  it('refuses to decide, edit or delete an approved requisition, and changes nothing', async () => {
    const id = await createApprovedRequisition(t, setup, officer, approver);
    const [before] = await t.db.select().from(schema.requisitions).where(eq(schema.requisitions.id, id));
    for (const action of ['approve', 'reject']) {
      const again = await t.call('POST', `/api/admin/requisitions/${id}/${action}`, { token: secondApprover.token, lang: 'en', json: { remarks: 'Again.' } });
      expect(again.status, action).toBe(409);
      expect(again.body.message).toBe('Only a submitted requisition can be approved or rejected; this one has already been decided.');
    }
    const documentFileId = await uploadedDocumentId(t, officer.token);
    const edit = await t.call('PUT', `/api/admin/requisitions/${id}`, { token: officer.token, lang: 'en', json: requisitionBody(setup, documentFileId, { totalVacancy: 12 }) });
    expect(edit.status).toBe(409);
    expect(edit.body.message).toBe('Only a submitted or rejected requisition can be changed.');
    const remove = await t.call('DELETE', `/api/admin/requisitions/${id}?remarks=${encodeURIComponent('Not needed')}`, { token: officer.token, lang: 'en' });
    expect(remove.status).toBe(409);
    expect(remove.body.message).toBe('An approved requisition cannot be deleted.');
    const [after] = await t.db.select().from(schema.requisitions).where(eq(schema.requisitions.id, id));
    expect(after).toEqual(before);
  });

  it('is edited while submitted; a rejected one is edited and submitted again, then approved', async () => {
    const id = await createRequisition();
    const documentFileId = await uploadedDocumentId(t, officer.token);
    const edited = await t.call('PUT', `/api/admin/requisitions/${id}`, { token: officer.token, json: requisitionBody(setup, documentFileId, { totalVacancy: 11, requisitionNo: 'EDITED-1' }) });
    expect(edited.status).toBe(200);
    expect(await auditRows('requisitions', id, 'update')).toHaveLength(1);

    const rejected = await t.call('POST', `/api/admin/requisitions/${id}/reject`, { token: approver.token, json: { remarks: 'Fees are missing.' } });
    expect(rejected.status).toBe(200);
    expect(rejected.body.data).toEqual({ id, status: 'rejected' });
    expect(await auditRows('requisitions', id, 'reject')).toHaveLength(1);
    const rejectAgain = await t.call('POST', `/api/admin/requisitions/${id}/reject`, { token: approver.token, json: { remarks: 'Again.' } });
    expect(rejectAgain.status).toBe(409);

    const corrected = await t.call('PUT', `/api/admin/requisitions/${id}`, { token: officer.token, json: requisitionBody(setup, documentFileId, { totalVacancy: 11, applicationFee: 1200 }) });
    expect(corrected.status).toBe(200);
    const [row] = await t.db.select().from(schema.requisitions).where(eq(schema.requisitions.id, id));
    expect(row).toMatchObject({ status: 'submitted', totalVacancy: 11, applicationFee: 1200, approvalRemarks: null, decidedBy: null });
    expect((await t.call('POST', `/api/admin/requisitions/${id}/approve`, { token: approver.token, json: { remarks: 'Now complete.' } })).status).toBe(200);
  });

  it('is deleted with a remark while submitted or rejected; the remark stays in the audit', async () => {
    const id = await createRequisition();
    const noRemark = await t.call('DELETE', `/api/admin/requisitions/${id}`, { token: officer.token });
    expect(noRemark.status).toBe(400);
    expect(Object.keys(noRemark.body.errors ?? {})).toEqual(['remarks']);
    const removed = await t.call('DELETE', `/api/admin/requisitions/${id}?remarks=${encodeURIComponent('Entered twice')}`, { token: officer.token });
    expect(removed.status).toBe(200);
    expect(await statusOf(id)).toBeUndefined();
    const [audit] = await auditRows('requisitions', id, 'delete');
    expect(audit?.after).toEqual({ deleted: true, remarks: 'Entered twice' });
    expect((await t.call('GET', `/api/admin/requisitions/${id}`, { token: officer.token })).status).toBe(404);

    const rejected = await createRequisition();
    await t.call('POST', `/api/admin/requisitions/${rejected}/reject`, { token: approver.token, json: { remarks: 'Wrong office.' } });
    expect((await t.call('DELETE', `/api/admin/requisitions/${rejected}?remarks=x`, { token: officer.token })).status).toBe(200);
    expect((await t.call('DELETE', '/api/admin/requisitions/999999?remarks=x', { token: officer.token })).status).toBe(404);
  });

  it('lets only one of two simultaneous decisions pass', async () => {
    const id = await createRequisition();
    const answers = await Promise.all([
      t.call('POST', `/api/admin/requisitions/${id}/approve`, { token: approver.token, json: { remarks: 'Yes.' } }),
      t.call('POST', `/api/admin/requisitions/${id}/reject`, { token: secondApprover.token, json: { remarks: 'No.' } }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.status === 200)!.body.data as { status: string };
    expect(await statusOf(id)).toBe(winner.status);
  });
});
