import { describe, expect, it } from 'vitest';
import { endsAfterMidnight, examWindow, minutesOfDay, overlappingSittings, sittingsOverlap } from './exam-schedule';

describe('sittings', () => {
  const at = (startTime: string, durationMinutes: number, examDate = '2026-12-01') => ({ examDate, startTime, durationMinutes });

  it('reads a time of day, refusing what is not one', () => {
    expect(minutesOfDay('08:30')).toBe(510);
    expect(minutesOfDay('23:59:00')).toBe(1439);
    expect(minutesOfDay('24:00')).toBeNull();
    expect(minutesOfDay('8:30')).toBeNull();
  });

  it('overlap on the same day only; one ending as the other starts does not', () => {
    expect(sittingsOverlap(at('08:00', 60), at('08:30', 30))).toBe(true);
    expect(sittingsOverlap(at('08:00', 60), at('09:00', 30))).toBe(false);
    expect(sittingsOverlap(at('08:00', 180), at('10:59', 10))).toBe(true);
    expect(sittingsOverlap(at('08:00', 60), at('08:00', 60, '2026-12-02'))).toBe(false);
    expect(overlappingSittings([at('08:00', 60), at('11:00', 45), at('11:30', 30), at('08:59', 1)])).toEqual([
      [0, 3],
      [1, 2],
    ]);
  });

  it('a paper runs within one day', () => {
    expect(endsAfterMidnight(at('23:00', 60))).toBe(false);
    expect(endsAfterMidnight(at('23:00', 61))).toBe(true);
  });
});

describe('exam window', () => {
  it('starts the day after the later of the double-fee date and the finalised scrutiny, for the configured days', () => {
    expect(examWindow({ doubleFeeLastDate: '2026-11-20', lastDateForSubmission: '2026-11-10', finalisedOn: '2026-11-25', today: '2026-11-25' }, 30)).toEqual({ first: '2026-11-26', last: '2026-12-25' });
    expect(examWindow({ doubleFeeLastDate: '2026-12-01', lastDateForSubmission: null, finalisedOn: '2026-11-25', today: '2026-11-25' }, 1)).toEqual({ first: '2026-12-02', last: '2026-12-02' });
  });

  it('never opens before tomorrow: no exam is scheduled in the past', () => {
    expect(examWindow({ doubleFeeLastDate: '2026-10-01', lastDateForSubmission: null, finalisedOn: '2026-10-05', today: '2026-11-25' }, 10)).toEqual({ first: '2026-11-26', last: '2026-12-05' });
  });
});
