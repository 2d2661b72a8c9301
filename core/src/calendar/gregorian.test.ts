import { describe, expect, it } from 'vitest';
import {
  addDaysAd,
  daysInAdMonth,
  diffDaysAd,
  epochDayToIso,
  fromEpochDay,
  isIsoDate,
  isoToEpochDay,
  parseAdDate,
  toEpochDay,
} from './gregorian';

describe('epoch days', () => {
  it('counts from 1970-01-01', () => {
    expect(isoToEpochDay('1970-01-01')).toBe(0);
    expect(isoToEpochDay('1970-01-02')).toBe(1);
    expect(isoToEpochDay('1969-12-31')).toBe(-1);
    expect(isoToEpochDay('2000-03-01')).toBe(11017);
    expect(isoToEpochDay('1943-04-14')).toBe(-9759);
  });

  it('agrees with Date.UTC for every day from 1900 to 2100', () => {
    // Date.UTC is time-zone free, so it is a fair independent reference here.
    // The 73,000 days are compared in plain code and asserted once: an expect per day made the
    // test take seconds on a busy machine.
    const msPerDay = 86_400_000;
    const disagreements: string[] = [];
    for (let epochDay = Date.UTC(1900, 0, 1) / msPerDay; epochDay <= Date.UTC(2100, 11, 31) / msPerDay; epochDay += 1) {
      const date = new Date(epochDay * msPerDay);
      const civil = { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
      const computed = fromEpochDay(epochDay);
      const sameDay = computed.year === civil.year && computed.month === civil.month && computed.day === civil.day;
      if (!sameDay || toEpochDay(civil) !== epochDay) disagreements.push(date.toISOString().slice(0, 10));
    }
    expect(disagreements).toEqual([]);
  });

  it('round-trips far dates', () => {
    for (const iso of ['0001-01-01', '1600-02-29', '9999-12-31']) expect(epochDayToIso(isoToEpochDay(iso))).toBe(iso);
  });
});

describe('ISO dates', () => {
  it('knows month lengths and leap years', () => {
    expect(daysInAdMonth(2024, 2)).toBe(29);
    expect(daysInAdMonth(2023, 2)).toBe(28);
    expect(daysInAdMonth(1900, 2)).toBe(28);
    expect(daysInAdMonth(2000, 2)).toBe(29);
    expect(daysInAdMonth(2024, 4)).toBe(30);
    expect(() => daysInAdMonth(2024, 13)).toThrow(RangeError);
  });

  it('accepts only real dates written YYYY-MM-DD', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    for (const text of ['2023-02-29', '2024-13-01', '2024-00-10', '2024-1-5', '24-01-05', '2024/01/05', '', '२०२४-०१-०५']) {
      expect(isIsoDate(text)).toBe(false);
    }
  });

  it('parses loose input in either digit set', () => {
    expect(parseAdDate('2024/1/5')).toBe('2024-01-05');
    expect(parseAdDate(' २०२४-०२-२९ ')).toBe('2024-02-29');
    expect(() => parseAdDate('2023-02-29')).toThrow(/Not a valid A\.D\. date/);
    expect(() => parseAdDate('2024-01/05')).toThrow(RangeError);
  });
});

describe('day arithmetic', () => {
  it('adds days across months, years and leap days', () => {
    expect(addDaysAd('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDaysAd('2024-02-29', 1)).toBe('2024-03-01');
    expect(addDaysAd('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDaysAd('2025-01-01', -1)).toBe('2024-12-31');
    expect(addDaysAd('2024-01-15', 0)).toBe('2024-01-15');
    expect(() => addDaysAd('2024-01-15', 1.5)).toThrow(RangeError);
  });

  it('measures a − b in whole days', () => {
    expect(diffDaysAd('2024-03-01', '2024-02-28')).toBe(2);
    expect(diffDaysAd('2024-02-28', '2024-03-01')).toBe(-2);
    expect(diffDaysAd('2025-04-14', '2024-04-13')).toBe(366);
  });

  it('refuses text that is not an ISO date', () => {
    expect(() => diffDaysAd('2024-02-30', '2024-02-01')).toThrow(RangeError);
  });
});
