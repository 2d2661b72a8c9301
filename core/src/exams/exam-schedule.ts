import { addDaysAd } from '../calendar/gregorian';

// Pure rules of an exam schedule (spec §3 "Exam schedule": paper, subject, duration, exam date,
// start time; spec §4 "Exam scheduling: save, skip (bypass), review, re-schedule"). A sitting is
// one paper on one day from its start time for its duration; two sittings of one candidate may
// not overlap. The API applies the same rule in SQL across every advertisement a candidate
// applied to; these functions keep the form honest before it asks.

export const EXAM_SCHEDULE_STATUSES = ['pending', 'review', 'approved', 'sent-back'] as const;
export type ExamScheduleStatus = (typeof EXAM_SCHEDULE_STATUSES)[number];

/** A paper as scheduled: its A.D. date, its start 'HH:MM' (24-hour) and its length in minutes. */
export type Sitting = { examDate: string; startTime: string; durationMinutes: number };

/** Minutes after midnight of 'HH:MM' (or 'HH:MM:SS'), or null when it is not a time of day. */
export function minutesOfDay(time: string): number | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)(?::[0-5]\d)?$/.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** True when the two sittings share a day and their times overlap (one ending as the other starts does not). */
export function sittingsOverlap(a: Sitting, b: Sitting): boolean {
  if (a.examDate !== b.examDate) return false;
  const startA = minutesOfDay(a.startTime);
  const startB = minutesOfDay(b.startTime);
  if (startA === null || startB === null) return false;
  return startA < startB + b.durationMinutes && startB < startA + a.durationMinutes;
}

/** The pairs (by index) of sittings that overlap, each pair once. */
export function overlappingSittings(sittings: readonly Sitting[]): [number, number][] {
  const pairs: [number, number][] = [];
  for (let i = 0; i < sittings.length; i += 1) {
    for (let j = i + 1; j < sittings.length; j += 1) if (sittingsOverlap(sittings[i]!, sittings[j]!)) pairs.push([i, j]);
  }
  return pairs;
}

/** True when a sitting runs past midnight: a paper is sat within one day. */
export function endsAfterMidnight(sitting: Sitting): boolean {
  const start = minutesOfDay(sitting.startTime);
  return start !== null && start + sitting.durationMinutes > 24 * 60;
}

/**
 * An advertisement's exam window. The advertisement has no exam-window columns, so it is defined
 * here: from the day after the later of its double-fee date and the day its scrutiny was
 * finalised (no exam before every application is in and screened), and never before tomorrow,
 * for `windowDays` days from that first day.
 */
export function examWindow(
  input: { doubleFeeLastDate: string | null; lastDateForSubmission: string | null; finalisedOn: string; today: string },
  windowDays: number,
): { first: string; last: string } {
  const closes = [input.doubleFeeLastDate, input.lastDateForSubmission, input.finalisedOn, input.today].filter((day): day is string => day !== null).sort();
  const first = addDaysAd(closes[closes.length - 1]!, 1);
  return { first, last: addDaysAd(first, windowDays - 1) };
}
