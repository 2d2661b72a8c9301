import {
  ADVERTISEMENT_TRANSITIONS,
  addDaysAd,
  fiscalYearOf,
  todayAd,
  type AdvertisementDates,
  type AdvertisementStatus,
  type AdvertisementTransition,
} from '@psc/core';
import { and, asc, eq, inArray, max, sql } from 'drizzle-orm';
import type { Database } from '../connect';
import {
  advertisementExamCentres,
  advertisementNumbers,
  advertisementOptionalSubjects,
  advertisementQuotas,
  advertisementRanges,
  advertisementStatusChanges,
  advertisements,
  examCentres,
  organizations,
  posts,
  quotas,
  requisitions,
  serviceGroups,
  storedFiles,
  vacancyDistributionLines,
  vacancyDistributions,
} from '../schema/index';

// STYLE §7: one small seed of an advertisement, written straight into the tables (requisition,
// numbers, distribution, advertisement), shared by the demo data and the API tests that need an
// advertisement in some status without walking the whole requisition flow.

export type SeedAdvertisementOptions = {
  /** The staff user recorded as having entered and decided everything. */
  actorUserId: number;
  /** The commission office; a new one is created when absent. */
  organizationId?: number;
  fiscalYear?: string;
  status?: AdvertisementStatus;
  dates?: Partial<AdvertisementDates>;
  quotas?: { code: string; vacancies: number }[];
  /** Exam centres offered; one new centre is created when absent and the status is past configuration. */
  examCentreIds?: number[];
  optionalSubjectIds?: number[];
  /** The office's number range; by default one above every range of the fiscal year (ranges never overlap). */
  range?: { numberFrom: number; numberTo: number };
  applicationFee?: number;
  /** The requisition's letter number; a fresh one by default. The demo finds its own advertisements by it. */
  requisitionNo?: string;
};

export type SeededAdvertisement = {
  advertisementId: number;
  code: string;
  fiscalYear: string;
  organizationId: number;
  rangeId: number;
  requisitionId: number;
  distributionId: number;
  totalVacancy: number;
  quotas: { quotaId: number; code: string; vacancies: number; advertisementNumberId: number; number: number }[];
  examCentreIds: number[];
};

/** Dates open on `today`: published three days ago, payment and submission in three weeks. */
export function openAdvertisementDates(today: string = todayAd()): AdvertisementDates {
  return {
    publishDate: addDaysAd(today, -3),
    paymentLastDate: addDaysAd(today, 21),
    lastDateForSubmission: addDaysAd(today, 21),
    doubleFeeLastDate: addDaysAd(today, 28),
    ageCutOffDate: addDaysAd(today, 21),
    reapplyFrom: null,
    reapplyTo: null,
  };
}

/** The transitions that lead from draft to `status`, found in the lifecycle table itself. */
function pathFromDraft(status: AdvertisementStatus): AdvertisementTransition[] {
  const queue: { status: AdvertisementStatus; path: AdvertisementTransition[] }[] = [{ status: 'draft', path: [] }];
  const seen = new Set<AdvertisementStatus>(['draft']);
  for (let item = queue.shift(); item; item = queue.shift()) {
    if (item.status === status) return item.path;
    for (const [action, rule] of Object.entries(ADVERTISEMENT_TRANSITIONS) as [AdvertisementTransition, { from: readonly AdvertisementStatus[]; to: AdvertisementStatus }][]) {
      if (!rule.from.includes(item.status) || seen.has(rule.to)) continue;
      seen.add(rule.to);
      queue.push({ status: rule.to, path: [...item.path, action] });
    }
  }
  throw new Error(`no path from draft to ${status}`);
}

let seedCounter = 0;

export async function seedAdvertisement(db: Database, options: SeedAdvertisementOptions): Promise<SeededAdvertisement> {
  seedCounter += 1;
  const label = `${Date.now().toString(36)}${seedCounter}`;
  const status = options.status ?? 'draft';
  const fiscalYear = options.fiscalYear ?? fiscalYearOf(todayAd());
  const quotaLines = options.quotas ?? [
    { code: 'open', vacancies: 3 },
    { code: 'women', vacancies: 2 },
  ];
  const totalVacancy = quotaLines.reduce((sum, line) => sum + line.vacancies, 0);
  const isConfigured = status !== 'draft';
  const dates: AdvertisementDates = {
    ...(isConfigured ? openAdvertisementDates() : { publishDate: null, paymentLastDate: null, lastDateForSubmission: null, doubleFeeLastDate: null, ageCutOffDate: null, reapplyFrom: null, reapplyTo: null }),
    ...options.dates,
  };
  const applicationFee = options.applicationFee ?? 1000;

  return db.transaction(async (tx) => {
    const organizationId =
      options.organizationId ??
      (
        await tx
          .insert(organizations)
          .values({ nameEn: `Commission office ${label}`, nameNp: `आयोग कार्यालय ${label}`, isCommissionOffice: true })
          .returning({ id: organizations.id })
      )[0]!.id;

    let [range] = await tx
      .select()
      .from(advertisementRanges)
      .where(and(eq(advertisementRanges.organizationId, organizationId), eq(advertisementRanges.fiscalYear, fiscalYear), eq(advertisementRanges.isActive, true)))
      .limit(1);
    if (!range) {
      const [highest] = await tx.select({ value: max(advertisementRanges.numberTo) }).from(advertisementRanges).where(eq(advertisementRanges.fiscalYear, fiscalYear));
      const numberFrom = options.range?.numberFrom ?? (highest?.value ?? 0) + 1;
      const numberTo = options.range?.numberTo ?? numberFrom + 999;
      [range] = await tx.insert(advertisementRanges).values({ organizationId, fiscalYear, numberFrom, numberTo }).returning();
    }
    const [allocated] = await tx.select({ value: max(advertisementNumbers.number) }).from(advertisementNumbers).where(eq(advertisementNumbers.rangeId, range!.id));
    let nextNumber = Math.max(allocated?.value ?? 0, range!.numberFrom - 1) + 1;

    const [post] = await tx.select({ id: posts.id, classId: posts.classId }).from(posts).orderBy(asc(posts.id)).limit(1);
    const [group] = await tx.select({ id: serviceGroups.id, serviceId: serviceGroups.serviceId }).from(serviceGroups).orderBy(asc(serviceGroups.id)).limit(1);
    if (!post || !group) throw new Error('seedAdvertisement needs the classification seed (posts, service groups)');

    const [file] = await tx
      .insert(storedFiles)
      .values({ purpose: 'requisition-document', sha256: '0'.repeat(64), contentType: 'application/pdf', byteSize: 1024, originalName: `requisition-${label}.pdf` })
      .returning({ id: storedFiles.id });
    const fees = { applicationFee, internalCompetitionFee: 0, extraQuotaFee: 0, extraServiceFee: 0, extraClusterFee: 0 };
    const classification = { serviceId: group.serviceId, groupId: group.id, classId: post.classId, postId: post.id };
    const [requisition] = await tx
      .insert(requisitions)
      .values({
        kind: 'post',
        requisitionNo: options.requisitionNo ?? `REQ-${label}`,
        fiscalYear,
        ...classification,
        demandOrganizationId: organizationId,
        requestOrganizationId: organizationId,
        totalVacancy,
        ...fees,
        requestedDate: todayAd(),
        documentFileId: file!.id,
        status: 'approved',
        approvalRemarks: 'Seeded',
        createdBy: options.actorUserId,
        decidedBy: options.actorUserId,
        decidedAt: new Date(),
      })
      .returning({ id: requisitions.id });
    const [distribution] = await tx
      .insert(vacancyDistributions)
      .values({ requisitionId: requisition!.id, method: 'manual', status: 'approved', createdBy: options.actorUserId, decidedBy: options.actorUserId, decidedAt: new Date() })
      .returning({ id: vacancyDistributions.id });

    const quotaRows = await tx.select({ id: quotas.id, code: quotas.code }).from(quotas).where(inArray(quotas.code, quotaLines.map((line) => line.code)));
    const seededQuotas: SeededAdvertisement['quotas'] = [];
    for (const line of quotaLines) {
      const quota = quotaRows.find((row) => row.code === line.code);
      if (!quota) throw new Error(`unknown quota ${line.code}`);
      const [number] = await tx
        .insert(advertisementNumbers)
        .values({ rangeId: range!.id, fiscalYear, number: nextNumber, allocatedBy: options.actorUserId })
        .returning({ id: advertisementNumbers.id, number: advertisementNumbers.number });
      nextNumber += 1;
      await tx.insert(vacancyDistributionLines).values({ distributionId: distribution!.id, quotaId: quota.id, vacancies: line.vacancies, advertisementNumberId: number!.id });
      seededQuotas.push({ quotaId: quota.id, code: quota.code, vacancies: line.vacancies, advertisementNumberId: number!.id, number: number!.number });
    }

    // spec §3 advertisementCode: the fiscal year and a serial within it.
    const [lastSerial] = await tx
      .select({ value: sql<number | null>`max(cast(split_part(${advertisements.code}, '-', 2) as integer))` })
      .from(advertisements)
      .where(and(eq(advertisements.fiscalYear, fiscalYear), sql`${advertisements.code} ~ '^[0-9]{4}/[0-9]{2}-[0-9]+$'`));
    const code = `${fiscalYear}-${String(Number(lastSerial?.value ?? 0) + 1).padStart(4, '0')}`;
    const [advertisement] = await tx
      .insert(advertisements)
      .values({
        code,
        requisitionId: requisition!.id,
        distributionId: distribution!.id,
        fiscalYear,
        organizationId,
        ...classification,
        totalVacancy,
        status,
        ...dates,
        ...fees,
        publishedAt: status === 'published' || status === 'closed' ? new Date() : null,
      })
      .returning({ id: advertisements.id });
    const advertisementId = advertisement!.id;
    await tx.insert(advertisementQuotas).values(
      seededQuotas.map((quota) => ({ advertisementId, quotaId: quota.quotaId, vacancies: quota.vacancies, advertisementNumberId: quota.advertisementNumberId })),
    );

    let examCentreIds = options.examCentreIds ?? [];
    if (!options.examCentreIds && isConfigured) {
      const [centre] = await tx
        .insert(examCentres)
        .values({ organizationId, nameEn: `Exam centre ${label}`, nameNp: `परीक्षा केन्द्र ${label}`, centerCapacity: 500 })
        .returning({ id: examCentres.id });
      examCentreIds = [centre!.id];
    }
    if (examCentreIds.length > 0) await tx.insert(advertisementExamCentres).values(examCentreIds.map((examCentreId) => ({ advertisementId, examCentreId })));
    const subjectIds = options.optionalSubjectIds ?? [];
    if (subjectIds.length > 0) await tx.insert(advertisementOptionalSubjects).values(subjectIds.map((subjectId) => ({ advertisementId, subjectId })));

    // The history the lifecycle would have written on the way to this status.
    const history: { action: string; fromStatus: AdvertisementStatus | null; toStatus: AdvertisementStatus }[] = [{ action: 'create', fromStatus: null, toStatus: 'draft' }];
    for (const action of pathFromDraft(status)) {
      const fromStatus = history[history.length - 1]!.toStatus;
      history.push({ action, fromStatus, toStatus: ADVERTISEMENT_TRANSITIONS[action].to });
    }
    await tx.insert(advertisementStatusChanges).values(history.map((change) => ({ advertisementId, ...change, remarks: 'Seeded', actorUserId: options.actorUserId })));

    return { advertisementId, code, fiscalYear, organizationId, rangeId: range!.id, requisitionId: requisition!.id, distributionId: distribution!.id, totalVacancy, quotas: seededQuotas, examCentreIds };
  });
}
