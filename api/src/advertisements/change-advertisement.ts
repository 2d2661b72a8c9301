import {
  canApplyAdvertisementAction,
  isAdvertisementTransition,
  nextAdvertisementStatus,
  translate,
  type AdvertisementAction,
  type AdvertisementConfiguration,
  type AdvertisementDates,
  type AdvertisementStatus,
  type Language,
  type MessageKey,
} from '@psc/core';
import { describeAdvertisementDateIssues } from '@psc/core';
import { schema, type Database } from '@psc/db';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit';
import { allocateAdvertisementNumber, type AllocatedAdvertisementNumber } from '../distributions/allocate-advertisement-number';
import { areNumbersFree } from '../distributions/create-distribution';
import { AppError } from '../http/errors';
import type { Actor } from '../master/master-rows';

const {
  advertisements,
  advertisementQuotas,
  advertisementExamCentres,
  advertisementOptionalSubjects,
  advertisementStatusChanges,
  examCentres,
  quotas,
  subjects,
} = schema;

/** Who acts, for the audit row and the status history, and the language refusals are written in. */
export type AdvertisementActor = Actor & { lang: Language };

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
type AdvertisementRow = typeof advertisements.$inferSelect;

/** A field error in the caller's language, as VALIDATION_FAILED carries them. */
function fieldError(actor: AdvertisementActor, field: string, key: MessageKey, code: 'VALIDATION_FAILED' | 'CONFLICT' = 'VALIDATION_FAILED'): AppError {
  return new AppError(code, { messageKey: key, errors: { [field]: [translate(actor.lang, key)] } });
}

/** The clear refusal of an action the lifecycle does not allow from the current status. */
function refuseAction(actor: AdvertisementActor, status: AdvertisementStatus, action: AdvertisementAction): AppError {
  return new AppError('CONFLICT', {
    messageKey: 'advertisement.transitionRefused',
    messageParams: {
      status: translate(actor.lang, `advertisement.status.${status}`),
      action: translate(actor.lang, `advertisement.action.${action}`),
    },
  });
}

/** The advertisement as the audit log keeps it: the row and the options chosen for it. */
async function readSnapshot(tx: Transaction, id: number) {
  const [row] = await tx.select().from(advertisements).where(eq(advertisements.id, id));
  const [centres, optionalSubjects, quotaRows] = await Promise.all([
    tx.select({ id: advertisementExamCentres.examCentreId }).from(advertisementExamCentres).where(eq(advertisementExamCentres.advertisementId, id)).orderBy(asc(advertisementExamCentres.examCentreId)),
    tx.select({ id: advertisementOptionalSubjects.subjectId }).from(advertisementOptionalSubjects).where(eq(advertisementOptionalSubjects.advertisementId, id)).orderBy(asc(advertisementOptionalSubjects.subjectId)),
    tx
      .select({
        quotaId: advertisementQuotas.quotaId,
        vacancies: advertisementQuotas.vacancies,
        advertisementNumberId: advertisementQuotas.advertisementNumberId,
        previousAdvertisementNumberId: advertisementQuotas.previousAdvertisementNumberId,
      })
      .from(advertisementQuotas)
      .where(eq(advertisementQuotas.advertisementId, id))
      .orderBy(asc(advertisementQuotas.id)),
  ]);
  return { ...row, examCentreIds: centres.map((c) => c.id), optionalSubjectIds: optionalSubjects.map((s) => s.id), quotas: quotaRows };
}

/**
 * Runs one lifecycle action (spec §4 Advertisement) in one transaction: locks the row, asks the
 * lifecycle table (core/src/recruitment/advertisement-lifecycle.ts) whether the action is allowed
 * from the current status, moves the status with an update guarded by that status (so two
 * concurrent actions cannot both pass), applies the action's own change, and records the status
 * history and the audit row. A refused or failing action changes nothing.
 */
async function runAdvertisementAction(
  db: Database,
  id: number,
  action: AdvertisementAction,
  actor: AdvertisementActor,
  remarks: string | null,
  change: (tx: Transaction, current: AdvertisementRow) => Promise<void> = async () => {},
) {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(advertisements).where(eq(advertisements.id, id)).for('update').limit(1);
    if (!current) throw new AppError('NOT_FOUND');
    const next = nextAdvertisementStatus(current.status, action);
    if (!next) throw refuseAction(actor, current.status, action);
    const before = await readSnapshot(tx, id);
    const moved = await tx
      .update(advertisements)
      .set({
        status: next,
        updatedAt: new Date(),
        ...(isAdvertisementTransition(action) ? { statusRemarks: remarks } : {}),
        ...(action === 'publish' ? { publishedAt: new Date() } : {}),
      })
      .where(and(eq(advertisements.id, id), eq(advertisements.status, current.status)))
      .returning({ id: advertisements.id });
    if (moved.length !== 1) throw refuseAction(actor, current.status, action);
    await change(tx, current);
    await tx.insert(advertisementStatusChanges).values({ advertisementId: id, action, fromStatus: current.status, toStatus: next, remarks, actorUserId: actor.actorUserId });
    const after = await readSnapshot(tx, id);
    await recordAudit(tx, { ...actor, action, entity: 'advertisements', entityId: id, before, after });
    return { id, code: current.code, status: next, fromStatus: current.status };
  });
}

/** Ids that do not exist in a table are a field error, named before anything is written. */
async function requireExisting(tx: Transaction, actor: AdvertisementActor, field: string, table: typeof examCentres | typeof subjects, ids: number[]) {
  if (ids.length === 0) return;
  const found = await tx.select({ id: table.id }).from(table).where(inArray(table.id, ids));
  if (found.length !== new Set(ids).size) throw fieldError(actor, field, 'admin.referenceMissing');
}

async function replaceExamCentres(tx: Transaction, actor: AdvertisementActor, id: number, examCentreIds: number[]) {
  await requireExisting(tx, actor, 'examCentreIds', examCentres, examCentreIds);
  await tx.delete(advertisementExamCentres).where(eq(advertisementExamCentres.advertisementId, id));
  if (examCentreIds.length > 0) await tx.insert(advertisementExamCentres).values(examCentreIds.map((examCentreId) => ({ advertisementId: id, examCentreId })));
}

async function replaceOptionalSubjects(tx: Transaction, actor: AdvertisementActor, id: number, subjectIds: number[], field: string) {
  await requireExisting(tx, actor, field, subjects, subjectIds);
  await tx.delete(advertisementOptionalSubjects).where(eq(advertisementOptionalSubjects.advertisementId, id));
  if (subjectIds.length > 0) await tx.insert(advertisementOptionalSubjects).values(subjectIds.map((subjectId) => ({ advertisementId: id, subjectId })));
}

function pickDates(input: AdvertisementDates): AdvertisementDates {
  const { publishDate, paymentLastDate, lastDateForSubmission, doubleFeeLastDate, ageCutOffDate, reapplyFrom, reapplyTo } = input;
  return { publishDate, paymentLastDate, lastDateForSubmission, doubleFeeLastDate, ageCutOffDate, reapplyFrom, reapplyTo };
}

function dateIssuesError(actor: AdvertisementActor, issues: ReturnType<typeof describeAdvertisementDateIssues>, code: 'VALIDATION_FAILED' | 'CONFLICT'): AppError {
  const errors: Record<string, string[]> = {};
  for (const { field, key } of issues) (errors[field] ??= []).push(translate(actor.lang, key));
  return new AppError(code, { messageKey: issues[0]!.key, errors });
}

/** spec §2 publish-advertisement "configure": dates, ages, exam centres and optional subjects. */
export function configureAdvertisement(db: Database, id: number, input: AdvertisementConfiguration, actor: AdvertisementActor) {
  return runAdvertisementAction(db, id, 'configure', actor, null, async (tx) => {
    await tx
      .update(advertisements)
      .set({ ...pickDates(input), minAgeYears: input.minAgeYears, maxAgeYears: input.maxAgeYears, maxAgeYearsRelaxed: input.maxAgeYearsRelaxed })
      .where(eq(advertisements.id, id));
    await replaceExamCentres(tx, actor, id, input.examCentreIds);
    await replaceOptionalSubjects(tx, actor, id, input.optionalSubjectIds, 'optionalSubjectIds');
  });
}

/** pre-live, publish, reject, close, open (spec §4). Publishing needs every date and an exam centre. */
export function transitionAdvertisement(db: Database, id: number, action: 'pre-live' | 'publish' | 'reject' | 'close' | 'open', remarks: string | null, actor: AdvertisementActor) {
  return runAdvertisementAction(db, id, action, actor, remarks, async (tx, current) => {
    if (action !== 'publish') return;
    const issues = describeAdvertisementDateIssues(pickDates(current), true);
    if (issues.length > 0) throw dateIssuesError(actor, issues, 'CONFLICT');
    const [centre] = await tx.select({ id: advertisementExamCentres.examCentreId }).from(advertisementExamCentres).where(eq(advertisementExamCentres.advertisementId, id)).limit(1);
    if (!centre) throw fieldError(actor, 'examCentreIds', 'advertisement.examCentreRequired', 'CONFLICT');
  });
}

/**
 * spec §2 change-advertisement-date. A published notice keeps every date it went out with: a
 * date may be moved, not removed.
 */
export function changeAdvertisementDates(db: Database, id: number, input: AdvertisementDates, actor: AdvertisementActor) {
  return runAdvertisementAction(db, id, 'change-dates', actor, null, async (tx, current) => {
    const issues = describeAdvertisementDateIssues(pickDates(input), current.status === 'published');
    if (issues.length > 0) throw dateIssuesError(actor, issues, 'VALIDATION_FAILED');
    await tx.update(advertisements).set(pickDates(input)).where(eq(advertisements.id, id));
  });
}

/** spec §2 exam-centre options per advertisement. */
export function setAdvertisementExamCentres(db: Database, id: number, examCentreIds: number[], actor: AdvertisementActor) {
  return runAdvertisementAction(db, id, 'configure-options', actor, null, (tx) => replaceExamCentres(tx, actor, id, examCentreIds));
}

/** spec §2 configure-optional-subject/{id}. */
export function setAdvertisementOptionalSubjects(db: Database, id: number, subjectIds: number[], actor: AdvertisementActor) {
  return runAdvertisementAction(db, id, 'configure-options', actor, null, (tx) => replaceOptionalSubjects(tx, actor, id, subjectIds, 'subjectIds'));
}

/**
 * A number may be given to an advertisement's quota only when it was allocated from that
 * advertisement's office and fiscal year and nothing uses it yet. The same check as a
 * distribution's (areNumbersFree), which locks the number rows, so a distribution and an
 * advertisement cannot take one number at the same moment.
 */
async function requireFreeNumber(tx: Transaction, actor: AdvertisementActor, advertisement: AdvertisementRow, numberId: number) {
  const owner = { organizationId: advertisement.organizationId, fiscalYear: advertisement.fiscalYear };
  if (!(await areNumbersFree(tx, [numberId], owner))) throw fieldError(actor, 'advertisementNumberId', 'advertisement.numberUnavailable');
}

/** spec §5 "Updating an advertisement number requires a new number"; the old one is kept as the previous number. */
export function changeAdvertisementQuotaNumber(db: Database, id: number, quotaId: number, input: { advertisementNumberId: number; remarks: string | null }, actor: AdvertisementActor) {
  return runAdvertisementAction(db, id, 'update-number', actor, input.remarks, async (tx, current) => {
    const [quota] = await tx
      .select()
      .from(advertisementQuotas)
      .where(and(eq(advertisementQuotas.advertisementId, id), eq(advertisementQuotas.quotaId, quotaId)))
      .limit(1);
    if (!quota) throw new AppError('NOT_FOUND', { messageKey: 'advertisement.quotaMissing' });
    if (quota.advertisementNumberId === input.advertisementNumberId) throw fieldError(actor, 'advertisementNumberId', 'advertisement.newNumberRequired');
    await requireFreeNumber(tx, actor, current, input.advertisementNumberId);
    await tx
      .update(advertisementQuotas)
      .set({ advertisementNumberId: input.advertisementNumberId, previousAdvertisementNumberId: quota.advertisementNumberId })
      .where(eq(advertisementQuotas.id, quota.id));
  });
}

/** spec §2 addQuotaToExistingAdvertisements [AQTEA]: a new quota with its own number; the total grows. */
export function addAdvertisementQuota(db: Database, id: number, input: { quotaId: number; vacancies: number; advertisementNumberId: number; remarks: string | null }, actor: AdvertisementActor) {
  return runAdvertisementAction(db, id, 'add-quota', actor, input.remarks, async (tx, current) => {
    const [quota] = await tx.select({ id: quotas.id }).from(quotas).where(eq(quotas.id, input.quotaId)).limit(1);
    if (!quota) throw fieldError(actor, 'quotaId', 'admin.referenceMissing');
    const [existing] = await tx
      .select({ id: advertisementQuotas.id })
      .from(advertisementQuotas)
      .where(and(eq(advertisementQuotas.advertisementId, id), eq(advertisementQuotas.quotaId, input.quotaId)))
      .limit(1);
    if (existing) throw fieldError(actor, 'quotaId', 'advertisement.quotaExists', 'CONFLICT');
    await requireFreeNumber(tx, actor, current, input.advertisementNumberId);
    await tx.insert(advertisementQuotas).values({ advertisementId: id, quotaId: input.quotaId, vacancies: input.vacancies, advertisementNumberId: input.advertisementNumberId });
    await tx
      .update(advertisements)
      .set({ totalVacancy: current.totalVacancy + input.vacancies })
      .where(eq(advertisements.id, id));
  });
}

/**
 * A new number from the advertisement's office range and fiscal year, for an update of a quota's
 * number ('update-number') or for a quota to be added ('add-quota'). Refused when that action is
 * not allowed now; the allocation is audited by allocateAdvertisementNumber.
 */
export function allocateNumberForAdvertisement(db: Database, id: number, purpose: 'update-number' | 'add-quota', actor: AdvertisementActor): Promise<AllocatedAdvertisementNumber> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(advertisements).where(eq(advertisements.id, id)).for('update').limit(1);
    if (!current) throw new AppError('NOT_FOUND');
    if (!canApplyAdvertisementAction(current.status, purpose)) throw refuseAction(actor, current.status, purpose);
    return allocateAdvertisementNumber(tx, { organizationId: current.organizationId, fiscalYear: current.fiscalYear, ...actor });
  });
}
