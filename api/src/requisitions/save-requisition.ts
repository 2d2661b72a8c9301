import { fiscalYearOf, REQUISITION_DOCUMENT_PURPOSE, todayAd, type MessageKey, type Requisition } from '@psc/core';
import { schema, type Database } from '@psc/db';
import { and, eq, inArray } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit';
import { AppError } from '../http/errors';
import { FieldErrors } from '../profile/profile-errors';
import type { Actor } from './actor';

type Reader = Pick<Database, 'select'>;

/**
 * Spec §3 Requisition: the references must fit together (the group is of the service, the
 * subgroup of the group, the post of the class) and the document must be an uploaded
 * requisition document. Checked on the server whatever the form sent.
 */
async function checkRequisitionReferences(db: Reader, values: Requisition): Promise<void> {
  const errors: Record<string, MessageKey[]> = {};
  const missing = (field: string) => (errors[field] = ['admin.referenceMissing']);
  const { services, serviceGroups, serviceSubgroups, serviceClasses, posts, organizations, clusters, storedFiles } = schema;

  const [service] = await db.select({ id: services.id }).from(services).where(eq(services.id, values.serviceId));
  if (!service) missing('serviceId');
  if (values.groupId !== null) {
    const [group] = await db.select({ serviceId: serviceGroups.serviceId }).from(serviceGroups).where(eq(serviceGroups.id, values.groupId));
    if (!group) missing('groupId');
    else if (group.serviceId !== values.serviceId) errors.groupId = ['requisition.groupMismatch'];
  }
  if (values.subgroupId !== null) {
    const [subgroup] = await db.select({ groupId: serviceSubgroups.groupId }).from(serviceSubgroups).where(eq(serviceSubgroups.id, values.subgroupId));
    if (!subgroup) missing('subgroupId');
    else if (subgroup.groupId !== values.groupId) errors.subgroupId = ['requisition.subgroupMismatch'];
  }
  const [serviceClass] = await db.select({ id: serviceClasses.id }).from(serviceClasses).where(eq(serviceClasses.id, values.classId));
  if (!serviceClass) missing('classId');
  if (values.postId !== null) {
    const [post] = await db.select({ classId: posts.classId }).from(posts).where(eq(posts.id, values.postId));
    if (!post) missing('postId');
    else if (post.classId !== values.classId) errors.postId = ['requisition.postMismatch'];
  }
  const officeIds = [values.demandOrganizationId, values.requestOrganizationId];
  const offices = await db.select({ id: organizations.id }).from(organizations).where(inArray(organizations.id, officeIds));
  const found = new Set(offices.map((office) => office.id));
  if (!found.has(values.demandOrganizationId)) missing('demandOrganizationId');
  if (!found.has(values.requestOrganizationId)) missing('requestOrganizationId');
  if (values.clusterId !== null) {
    const [cluster] = await db.select({ id: clusters.id }).from(clusters).where(eq(clusters.id, values.clusterId));
    if (!cluster) missing('clusterId');
  }
  const [document] = await db
    .select({ id: storedFiles.id })
    .from(storedFiles)
    .where(and(eq(storedFiles.id, values.documentFileId), eq(storedFiles.purpose, REQUISITION_DOCUMENT_PURPOSE)));
  if (!document) errors.documentFileId = ['requisition.documentMissing'];
  if (Object.keys(errors).length > 0) throw new FieldErrors(errors);
}

/** The stored columns; the fiscal year defaults to the one already stored, else today's. */
function columnsOf(values: Requisition, storedFiscalYear?: string) {
  // A requisition by service leaves the post open (spec §2 service-requisition).
  return { ...values, postId: values.kind === 'service' ? null : values.postId, fiscalYear: values.fiscalYear ?? storedFiscalYear ?? fiscalYearOf(todayAd()) };
}

/** Spec §2 post-requisition/add, service-requisition/add [RQ create]: stored as submitted. */
export async function createRequisition(db: Database, values: Requisition, actor: Actor): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    await checkRequisitionReferences(tx, values);
    const [row] = await tx
      .insert(schema.requisitions)
      .values({ ...columnsOf(values), status: 'submitted', createdBy: actor.actorUserId })
      .returning();
    await recordAudit(tx, { ...actor, action: 'create', entity: 'requisitions', entityId: row!.id, before: null, after: row });
    return { id: row!.id };
  });
}

/**
 * Spec §2 post-requisition/edit [RQ update]: only while submitted or rejected; a rejected one goes
 * back to submitted for a new decision. The status condition sits in the update itself, so an
 * approval that lands at the same moment cannot be overwritten.
 */
export async function updateRequisition(db: Database, id: number, values: Requisition, actor: Actor): Promise<{ id: number }> {
  const { requisitions } = schema;
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(requisitions).where(eq(requisitions.id, id)).for('update');
    if (!before) throw new AppError('NOT_FOUND');
    if (before.status === 'approved') throw new AppError('CONFLICT', { messageKey: 'requisition.notEditable' });
    await checkRequisitionReferences(tx, values);
    const [row] = await tx
      .update(requisitions)
      .set({ ...columnsOf(values, before.fiscalYear), status: 'submitted', approvalRemarks: null, decidedBy: null, decidedAt: null, updatedAt: new Date() })
      .where(and(eq(requisitions.id, id), inArray(requisitions.status, ['submitted', 'rejected'])))
      .returning();
    if (!row) throw new AppError('CONFLICT', { messageKey: 'requisition.notEditable' });
    await recordAudit(tx, { ...actor, action: 'update', entity: 'requisitions', entityId: id, before, after: row });
    return { id };
  });
}
