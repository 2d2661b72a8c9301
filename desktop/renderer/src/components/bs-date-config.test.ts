import { daysInBsMonth } from '@psc/core';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { bsDayjsConfig } from './bs-date-config';

// The adapter as antd's picker uses it: dayjs A.D. days in and out, B.S. fields.
describe('the workstation date pickers B.S. adapter over dayjs', () => {
  it('gives 1 Baishakh 2082 for 14 April 2025, a Monday, and keeps the value a dayjs A.D. day', () => {
    const day = dayjs('2025-04-14');
    expect([bsDayjsConfig.getYear(day), bsDayjsConfig.getMonth(day), bsDayjsConfig.getDate(day), bsDayjsConfig.getWeekDay(day)]).toEqual([2082, 0, 1, 1]);
    expect(dayjs.isDayjs(bsDayjsConfig.addMonth(day, 1))).toBe(true);
    expect(bsDayjsConfig.addMonth(day, 1).format('YYYY-MM-DD')).toBe('2025-05-15');
  });

  it('parses B.S. typed in Devanagari to the A.D. day, and formats it back in the reader digits', () => {
    const day = bsDayjsConfig.locale.parse('ne_NP', '२०८२-०१-०१', ['YYYY-MM-DD']);
    expect(day?.format('YYYY-MM-DD')).toBe('2025-04-14');
    expect(bsDayjsConfig.locale.format('ne_NP', day!, 'YYYY-MM-DD')).toBe('२०८२-०१-०१');
    expect(bsDayjsConfig.locale.format('en_US', day!, 'YYYY-MM-DD')).toBe('2082-01-01');
  });

  it('ends a month on its B.S. length and crosses the year end', () => {
    const lastOfChaitra = bsDayjsConfig.getEndDate(bsDayjsConfig.locale.parse('en_US', '2081-12-01', [])!);
    expect(bsDayjsConfig.getDate(lastOfChaitra)).toBe(daysInBsMonth(2081, 12));
    expect(bsDayjsConfig.addDate(lastOfChaitra, 1).format('YYYY-MM-DD')).toBe('2025-04-14');
  });
});
