import { describe, expect, it } from 'vitest';
import { nepalDayOf, todayAd } from './today';

describe('todayAd', () => {
  it('gives the date in Nepal (UTC+05:45) by default', () => {
    expect(todayAd(new Date('2024-04-12T18:14:59Z'))).toBe('2024-04-12');
    expect(todayAd(new Date('2024-04-12T18:15:00Z'))).toBe('2024-04-13');
  });

  it("agrees with the time-zone database's Nepal date, before and after 1986's change to +05:45", () => {
    const nepal = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kathmandu', year: 'numeric', month: '2-digit', day: '2-digit' });
    const instants = [Date.UTC(1985, 11, 31, 18, 14), Date.UTC(1985, 11, 31, 18, 15), Date.UTC(1985, 11, 31, 18, 30)];
    for (let at = Date.UTC(2020, 0, 1); at < Date.UTC(2030, 0, 1); at += 7 * 3_600_000 + 17 * 60_000) instants.push(at);
    for (const at of instants) expect(todayAd(new Date(at)), new Date(at).toISOString()).toBe(nepal.format(at));
  });

  it('gives the date in another zone when asked', () => {
    const instant = new Date('2024-04-13T02:00:00Z');
    expect(todayAd(instant, 'UTC')).toBe('2024-04-13');
    expect(todayAd(instant, 'America/Los_Angeles')).toBe('2024-04-12');
    expect(todayAd(instant, 'Pacific/Kiritimati')).toBe('2024-04-13');
  });

  it('uses the current clock when no instant is given', () => {
    expect(todayAd()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('nepalDayOf', () => {
  it('keeps a plain date and reads a timestamp on Nepal\'s clock', () => {
    expect(nepalDayOf('2026-11-25')).toBe('2026-11-25');
    // 00:30 on 26 November in Kathmandu is still the 25th in UTC.
    expect(nepalDayOf('2026-11-25T18:45:00.000Z')).toBe('2026-11-26');
    expect(nepalDayOf('2026-11-25 18:14:00+00')).toBe('2026-11-25');
    expect(nepalDayOf('not a date')).toBeUndefined();
  });
});
