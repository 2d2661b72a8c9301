import { addDaysAd, todayAd } from '@psc/core';
import { and, asc, eq, sql } from 'drizzle-orm';
import { advertisements, centreAllocationRanges, centreAllocations, examSchedulePapers, examSchedules, invigilatorAssignments, roomAllocations, rollNumbers } from '../schema/index';
import { seedDemoExamCentres, type DemoExamCentres } from './demo-exam-centres';
import { seedExamPapers } from './demo-exam-papers';
import { seedScheduleRows, type DemoSitting } from './demo-exam-schedule';
import { seedNumberedAdvertisement } from './demo-roll-numbers';
import type { DemoContext } from './demo-stages';

// Seating (spec §4 "Exam centre assignment: temporary save, then final save, revert, complete.
// Room and invigilator allocation: temporary save, revert, forward or final save"): an
// advertisement like the roll-number demo's (the same five candidates numbered in two cities, from
// DEMO_SEATING_SERIES) with its approved schedule, papers I and II on one day ten days ahead. Paper I is seated as the stages leave it:
// each city's candidates at its first exam centre, in its first room, seat by seat in roll order,
// with the centre's chief and a room invigilator on duty, every state final. Paper II waits for
// its centre allocation, so the screens have a sitting to allocate. The demo applicant sees her
// centre, room and seat for paper I on her application.

/** The seating demo's roll numbers, after the roll-number demo's series. */
export const DEMO_SEATING_SERIES = { rollFrom: 10011, rollTo: 10020 };

const SEATING_SITTINGS = [
  { inDays: 10, startTime: '08:00' },
  { inDays: 10, startTime: '13:00' },
  { inDays: 26, startTime: '10:00' },
] as const;

/** The sitting's window in Nepal time (UTC+05:45), as the clash rule reads it. */
function windowOf(examDate: string, startTime: string, durationMinutes: number) {
  const startsAt = new Date(`${examDate}T${startTime.slice(0, 5)}:00+05:45`);
  return { startsAt, endsAt: new Date(startsAt.getTime() + durationMinutes * 60_000) };
}

export async function seedSeatingDemo(context: DemoContext): Promise<void> {
  const advertisementId = await seedNumberedAdvertisement(context, 'seating', DEMO_SEATING_SERIES);
  if (advertisementId === null) return;
  const papers = await seedApprovedScheduleDemo(context, advertisementId, SEATING_SITTINGS);
  // Paper I: the first sitting of the schedule.
  const [first] = papers;
  if (!first) return;
  await seatDemoPaper(context, advertisementId, first, await seedDemoExamCentres(context), new Date(`${addDaysAd(todayAd(), -1)}T09:00:00Z`));
}

/**
 * A numbered advertisement's exam papers scheduled at the sittings given and the schedule approved
 * so many days ago; answers its papers in the order they are sat (none when its post has no exam).
 */
export async function seedApprovedScheduleDemo(context: DemoContext, advertisementId: number, sittings: readonly DemoSitting[], approvedDaysAgo = 1): Promise<DemoScheduledPaper[]> {
  const { db, accounts } = context;
  const [advertisement] = await db.select({ id: advertisements.id, postId: advertisements.postId, groupId: advertisements.groupId }).from(advertisements).where(eq(advertisements.id, advertisementId));
  if (!advertisement?.postId) return [];
  const today = todayAd();
  await seedExamPapers(db, { postId: advertisement.postId, serviceGroupId: advertisement.groupId, actorUserId: accounts.administrator });
  const count = await seedScheduleRows(db, advertisement.id, advertisement.postId, advertisement.groupId, accounts.approver, sittings);
  if (count === 0) return [];
  const approvedAt = new Date(`${addDaysAd(today, -approvedDaysAgo)}T07:00:00Z`);
  await db
    .update(examSchedules)
    .set({ status: 'approved', submittedBy: accounts.approver, submittedAt: new Date(approvedAt.getTime() - 3_600_000), decidedBy: accounts.administrator, decidedAt: approvedAt, approvals: 1 })
    .where(eq(examSchedules.advertisementId, advertisement.id));
  return db
    .select({ examPaperId: examSchedulePapers.examPaperId, examDate: examSchedulePapers.examDate, startTime: examSchedulePapers.startTime, durationMinutes: examSchedulePapers.durationMinutes })
    .from(examSchedulePapers)
    .where(and(eq(examSchedulePapers.advertisementId, advertisement.id), eq(examSchedulePapers.skipped, false)))
    .orderBy(asc(examSchedulePapers.examDate), asc(examSchedulePapers.startTime));
}

export type DemoScheduledPaper = { examPaperId: number; examDate: string | null; startTime: string | null; durationMinutes: number };

/**
 * One paper of an advertisement seated as the seating stages leave it, every state final: its
 * centre allocation, then per city its first exam centre and that centre's first room, seat by
 * seat in roll order, with the centre's chief and a room invigilator on duty for the sitting.
 */
export async function seatDemoPaper(context: DemoContext, advertisementId: number, paper: DemoScheduledPaper, centres: DemoExamCentres, savedAt: Date): Promise<void> {
  const { db, accounts } = context;
  if (!paper.examDate || !paper.startTime) return;
  const window = windowOf(paper.examDate, paper.startTime, paper.durationMinutes);
  const [allocation] = await db
    .insert(centreAllocations)
    .values({ advertisementId, examPaperId: paper.examPaperId, status: 'final', savedBy: accounts.administrator, savedAt, finalisedBy: accounts.administrator, finalisedAt: savedAt })
    .returning({ id: centreAllocations.id });

  const cities = await db
    .select({ cityId: rollNumbers.examCentreId, rollFrom: sql<number>`min(${rollNumbers.rollNumber})`, rollTo: sql<number>`max(${rollNumbers.rollNumber})`, candidates: sql<number>`count(*)::int` })
    .from(rollNumbers)
    .where(eq(rollNumbers.advertisementId, advertisementId))
    .groupBy(rollNumbers.examCentreId);
  const chiefs = centres.invigilators.filter((one) => one.isChief);
  const others = centres.invigilators.filter((one) => !one.isChief);
  for (const [index, city] of cities.entries()) {
    const venue = centres.venuesByCity.get(city.cityId)?.[0];
    const room = venue?.rooms[0];
    if (!venue || !room) continue;
    const [range] = await db
      .insert(centreAllocationRanges)
      .values({
        allocationId: allocation!.id,
        venueId: venue.venueId,
        rollFrom: Number(city.rollFrom),
        rollTo: Number(city.rollTo),
        candidates: Number(city.candidates),
        roomStatus: 'final',
        roomsSavedBy: accounts.administrator,
        roomsSavedAt: savedAt,
        invigilatorStatus: 'final',
        invigilatorsSavedBy: accounts.administrator,
        invigilatorsSavedAt: savedAt,
      })
      .returning({ id: centreAllocationRanges.id });
    await db.insert(roomAllocations).values({ rangeId: range!.id, roomId: room.roomId, rollFrom: Number(city.rollFrom), rollTo: Number(city.rollTo), candidates: Number(city.candidates) });
    // Seat by seat in roll order, as the room's final save writes them.
    await db.execute(sql`
      insert into seat_assignments (allocation_id, application_id, roll_number, venue_id, room_id, seat_number)
      select ${allocation!.id}, r.application_id, r.roll_number, ${venue.venueId}, ${room.roomId}, row_number() over (order by r.roll_number)
      from roll_numbers r where r.advertisement_id = ${advertisementId} and r.exam_centre_id = ${city.cityId}`);
    const duties = [
      { invigilatorId: chiefs[index % chiefs.length]!.invigilatorId, roomId: null, duty: 'chief' as const },
      { invigilatorId: others[index % others.length]!.invigilatorId, roomId: room.roomId, duty: 'room' as const },
    ];
    await db.insert(invigilatorAssignments).values(duties.map((duty) => ({ ...duty, rangeId: range!.id, ...window })));
  }
}
