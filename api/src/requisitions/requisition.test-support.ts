// Test support for the requisition and distribution API tests: staff users holding exactly the
// privileges a step needs, the offices and advertisement range a requisition points at, the
// classification rows it names, and the requisition document uploaded from a real fixture file.
import { fiscalYearOf, PERMISSION_ACTIONS, todayAd, type PermissionAction, type PrivilegeCode } from '@psc/core';
import { schema, seedUser } from '@psc/db';
import { asc, eq, isNotNull } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords';
import { fixtureFile, sendMultipart, type Fixture } from '../profile/profile.test-support';
import { desktopClient, type TestApp } from '../test-support/test-app';

export type StaffUser = { token: string; userId: number };

let userCounter = 0;

/** A staff user whose one role grants exactly the given privileges and actions. */
export async function createStaffUser(t: TestApp, grants: Partial<Record<PrivilegeCode, readonly PermissionAction[]>>): Promise<StaffUser> {
  userCounter += 1;
  const suffix = `${userCounter}-${Math.random().toString(36).slice(2, 8)}`;
  const [role] = await t.db.insert(schema.roles).values({ name: `recruitment-role-${suffix}` }).returning({ id: schema.roles.id });
  for (const [code, actions] of Object.entries(grants)) {
    const [module] = await t.db.select({ id: schema.modules.id }).from(schema.modules).where(eq(schema.modules.code, code));
    const flags = Object.fromEntries(PERMISSION_ACTIONS.map((a) => [`can${a[0]!.toUpperCase()}${a.slice(1)}`, actions.includes(a)]));
    await t.db.insert(schema.rolePermissions).values({ roleId: role!.id, moduleId: module!.id, ...flags });
  }
  const username = `rq.user.${suffix}`.replace(/[^A-Za-z0-9_.-]/g, '');
  const userId = await seedUser(t.db, hashPassword, {
    kind: 'staff',
    username,
    email: `${username}@example.com`,
    password: 'Officer@12345',
    firstNameEn: 'Recruitment',
    lastNameEn: `Officer`,
    firstNameNp: 'भर्ना',
    lastNameNp: 'अधिकृत',
    roleIds: [role!.id],
  });
  return { token: (await t.signIn(username, 'Officer@12345', desktopClient)).accessToken, userId };
}

export const ALL_ACTIONS = PERMISSION_ACTIONS;

export type RecruitmentSetup = {
  fiscalYear: string;
  serviceId: number;
  groupId: number;
  otherGroupId: number | null;
  classId: number;
  postId: number;
  otherClassPostId: number | null;
  demandOrganizationId: number;
  requestOrganizationId: number;
  rangeId: number;
};

let officeCounter = 0;

/**
 * The rows a requisition names: a seeded service with one of its groups, a post with its class, a
 * demanding office and a commission office with an advertisement range for this fiscal year.
 */
export async function createRecruitmentSetup(t: TestApp, range: { numberFrom: number; numberTo: number } = { numberFrom: 1, numberTo: 999 }): Promise<RecruitmentSetup> {
  const fiscalYear = fiscalYearOf(todayAd());
  const [group] = await t.db.select({ id: schema.serviceGroups.id, serviceId: schema.serviceGroups.serviceId }).from(schema.serviceGroups).orderBy(asc(schema.serviceGroups.id)).limit(1);
  const groups = await t.db.select({ id: schema.serviceGroups.id, serviceId: schema.serviceGroups.serviceId }).from(schema.serviceGroups);
  const otherGroup = groups.find((row) => row.serviceId !== group!.serviceId);
  const postRows = await t.db.select({ id: schema.posts.id, classId: schema.posts.classId }).from(schema.posts).where(isNotNull(schema.posts.classId)).orderBy(asc(schema.posts.id));
  const post = postRows[0]!;
  const otherClassPost = postRows.find((row) => row.classId !== post.classId);
  officeCounter += 1;
  const [demand] = await t.db
    .insert(schema.organizations)
    .values({ nameEn: `Demanding office ${officeCounter}`, nameNp: `माग गर्ने कार्यालय ${officeCounter}` })
    .returning({ id: schema.organizations.id });
  const [request] = await t.db
    .insert(schema.organizations)
    .values({ nameEn: `Commission office ${officeCounter}`, nameNp: `आयोग कार्यालय ${officeCounter}`, isCommissionOffice: true })
    .returning({ id: schema.organizations.id });
  const [rangeRow] = await t.db
    .insert(schema.advertisementRanges)
    .values({ organizationId: request!.id, fiscalYear, ...range })
    .returning({ id: schema.advertisementRanges.id });
  return {
    fiscalYear,
    serviceId: group!.serviceId,
    groupId: group!.id,
    otherGroupId: otherGroup?.id ?? null,
    classId: post.classId,
    postId: post.id,
    otherClassPostId: otherClassPost?.id ?? null,
    demandOrganizationId: demand!.id,
    requestOrganizationId: request!.id,
    rangeId: rangeRow!.id,
  };
}

/** Uploads a fixture as a requisition document. */
export function uploadRequisitionDocument(t: TestApp, token: string, fixture: Fixture | null, lang: 'en' | 'ne' = 'en') {
  return sendMultipart(t, 'POST', '/api/admin/requisitions/documents', { token, lang, files: fixture ? { file: fixtureFile(fixture) } : {} });
}

export async function uploadedDocumentId(t: TestApp, token: string): Promise<string> {
  const answer = await uploadRequisitionDocument(t, token, 'document.pdf');
  if (answer.status !== 200) throw new Error(`upload failed: ${JSON.stringify(answer.body)}`);
  return (answer.body.data as { fileId: string }).fileId;
}

/** A complete requisition by post, as the form sends it. */
export function requisitionBody(setup: RecruitmentSetup, documentFileId: string, overrides: Record<string, unknown> = {}) {
  return {
    kind: 'post',
    requisitionNo: `RQ-${Math.random().toString(36).slice(2, 8)}`,
    fiscalYear: setup.fiscalYear,
    serviceId: setup.serviceId,
    groupId: setup.groupId,
    classId: setup.classId,
    postId: setup.postId,
    demandOrganizationId: setup.demandOrganizationId,
    requestOrganizationId: setup.requestOrganizationId,
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
    workSummary: 'Keeps the accounts of the office.',
    requestedDate: '2025-11-20',
    documentFileId,
    ...overrides,
  };
}

/** Enters a requisition as `creator` and has `approver` approve it; answers its id. */
export async function createApprovedRequisition(t: TestApp, setup: RecruitmentSetup, creator: StaffUser, approver: StaffUser, overrides: Record<string, unknown> = {}): Promise<number> {
  const documentFileId = await uploadedDocumentId(t, creator.token);
  const created = await t.call('POST', '/api/admin/requisitions', { token: creator.token, json: requisitionBody(setup, documentFileId, overrides) });
  if (created.status !== 200) throw new Error(`create failed: ${JSON.stringify(created.body)}`);
  const id = (created.body.data as { id: number }).id;
  const approved = await t.call('POST', `/api/admin/requisitions/${id}/approve`, { token: approver.token, json: { remarks: 'Approved for distribution.' } });
  if (approved.status !== 200) throw new Error(`approve failed: ${JSON.stringify(approved.body)}`);
  return id;
}
