import { addDaysAd, todayAd } from '@psc/core';
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../connect';
import {
  advertisementQuotas,
  candidateProfiles,
  advertisements,
  examPapers,
  examSchedulePapers,
  examSchedules,
  quotas,
  scrutinyAllocations,
  scrutinyFinalisationEvents,
  scrutinyFinalisations,
  users,
} from '../schema/index';
import { seedPaidApplication } from './demo-applications';
import { seedExamPapers } from './demo-exam-papers';
import { seedScrutinyDecision } from './demo-scrutiny';
import { demoReceiptCode, seedDemoAdvertisement, type DemoContext } from './demo-stages';

// Exam scheduling (spec §4 "Exam scheduling ... Schedule status is pending or completed"): two
// advertisements whose scrutiny is finalised, every application approved. One waits for its
// schedule (the pending list); the other's schedule is approved (the completed list), and the
// demo applicant, approved there, sees it on her application. Written as the apply, allocate,
// decide, finalise, save, review and approve steps leave the tables; no notice is queued. The
// administrator screened them, so the demo scrutiny officer's queue stays as its stage left it.

type ScheduleDemo = { key: string; closedDaysAgo: number; usernames: readonly string[]; approvedSchedule: boolean };

const SCHEDULE_DEMOS: readonly ScheduleDemo[] = [
  { key: 'scheduled', closedDaysAgo: 25, usernames: ['applicant', 'demo.scrutiny.bikash'], approvedSchedule: true },
  { key: 'to-schedule', closedDaysAgo: 12, usernames: ['demo.scrutiny.sunita', 'demo.scrutiny.ramesh', 'demo.scrutiny.pooja'], approvedSchedule: false },
];

/** The approved schedule's sittings, in days after today: papers I and II on one day, the interview later. */
const DEMO_SITTINGS = [
  { inDays: 18, startTime: '08:00' },
  { inDays: 18, startTime: '13:00' },
  { inDays: 32, startTime: '10:00' },
] as const;

async function seedScheduleDemoAdvertisement(context: DemoContext, demo: ScheduleDemo): Promise<void> {
  const today = todayAd();
  const closed = -demo.closedDaysAgo;
  const dates = {
    publishDate: addDaysAd(today, closed - 30),
    paymentLastDate: addDaysAd(today, closed - 7),
    lastDateForSubmission: addDaysAd(today, closed - 7),
    doubleFeeLastDate: addDaysAd(today, closed),
    ageCutOffDate: addDaysAd(today, closed - 7),
  };
  const advertisement = await seedDemoAdvertisement(context, demo.key, { status: 'published', dates, quotas: [{ code: 'open', vacancies: 4 }], applicationFee: 1000 });
  if (!advertisement) return;
  const { db, accounts } = context;
  const advertisementId = advertisement.advertisementId;
  const candidates = await db
    .select({ id: users.id, dateOfBirth: candidateProfiles.dateOfBirth })
    .from(users)
    .leftJoin(candidateProfiles, eq(candidateProfiles.userId, users.id))
    .where(inArray(users.username, [...demo.usernames]));
  const [quota] = await db
    .select({ id: advertisementQuotas.id })
    .from(advertisementQuotas)
    .innerJoin(quotas, eq(quotas.id, advertisementQuotas.quotaId))
    .where(eq(advertisementQuotas.advertisementId, advertisementId));
  const allocatedAt = new Date(`${addDaysAd(today, closed + 1)}T04:30:00Z`);
  for (const [index, candidate] of candidates.entries()) {
    const applicationId = await seedPaidApplication(db, {
      userId: candidate.id,
      advertisementId,
      examCentreId: advertisement.examCentreIds[0]!,
      quotas: [{ advertisementQuotaId: quota!.id, code: 'open' }],
      dateOfBirth: candidate.dateOfBirth ?? '1998-01-01',
      dates,
      applicationFee: 1000,
      receiptCode: demoReceiptCode(),
      submittedAt: new Date(`${addDaysAd(today, closed - 20 + index)}T05:15:00Z`),
      paidAfterMinutes: 25,
    });
    await db.insert(scrutinyAllocations).values({ applicationId, advertisementId, officerUserId: accounts.administrator, allocatedBy: accounts.administrator, allocatedAt });
    await seedScrutinyDecision(db, { applicationId, officerUserId: accounts.administrator, decision: 'approve', at: new Date(allocatedAt.getTime() + (index + 1) * 3_600_000) });
  }
  const finalisedAt = new Date(`${addDaysAd(today, closed + 3)}T09:00:00Z`);
  await db.insert(scrutinyFinalisations).values({ advertisementId, finalisedBy: accounts.administrator, finalisedAt });
  await db.insert(scrutinyFinalisationEvents).values({ advertisementId, action: 'finalise', actorUserId: accounts.administrator, at: finalisedAt });

  const [row] = await db.select({ postId: advertisements.postId, groupId: advertisements.groupId }).from(advertisements).where(eq(advertisements.id, advertisementId));
  if (row?.postId == null) return;
  // This stage runs after the exam papers' stage: the post's exam is there, or is written here.
  await seedExamPapers(db, { postId: row.postId, serviceGroupId: row.groupId, actorUserId: accounts.administrator });
  if (!demo.approvedSchedule) return;
  const papers = await seedScheduleRows(db, advertisementId, row.postId, row.groupId, accounts.approver);
  if (papers === 0) return;
  const approvedAt = new Date(`${addDaysAd(today, -1)}T06:00:00Z`);
  await db
    .update(examSchedules)
    .set({ status: 'approved', submittedBy: accounts.approver, submittedAt: new Date(approvedAt.getTime() - 86_400_000), decidedBy: accounts.administrator, decidedAt: approvedAt, approvals: 1 })
    .where(eq(examSchedules.advertisementId, advertisementId));
}

export type DemoSitting = { inDays: number; startTime: string };

/** The schedule's rows: the papers of the post's exam at the sittings (DEMO_SITTINGS unless told). Answers how many. */
export async function seedScheduleRows(
  db: Database,
  advertisementId: number,
  postId: number,
  groupId: number | null,
  savedBy: number,
  sittings: readonly DemoSitting[] = DEMO_SITTINGS,
): Promise<number> {
  const papers = (await db.select({ id: examPapers.id, durationMinutes: examPapers.durationMinutes, serviceGroupId: examPapers.serviceGroupId, paperOrder: examPapers.paperOrder }).from(examPapers).where(eq(examPapers.postId, postId)))
    .filter((paper) => paper.serviceGroupId === groupId)
    .sort((a, b) => a.paperOrder - b.paperOrder);
  if (papers.length === 0) return 0;
  const today = todayAd();
  await db.insert(examSchedules).values({ advertisementId, status: 'pending', savedBy, savedAt: new Date(`${addDaysAd(today, -2)}T08:00:00Z`) });
  await db.insert(examSchedulePapers).values(
    papers.map((paper, index) => {
      const sitting = sittings[index] ?? sittings[sittings.length - 1]!;
      return { advertisementId, examPaperId: paper.id, examDate: addDaysAd(today, sitting.inDays + Math.max(0, index - 2)), startTime: sitting.startTime, durationMinutes: paper.durationMinutes };
    }),
  );
  return papers.length;
}

/** Exam scheduling's demo: one advertisement to schedule, one with its approved schedule. */
export async function seedExamScheduleDemo(context: DemoContext): Promise<void> {
  for (const demo of SCHEDULE_DEMOS) await seedScheduleDemoAdvertisement(context, demo);
}

