import { describe, expect, it } from 'vitest';
import { todayAd } from './today';

describe('todayAd', () => {
  it('gives the date in Nepal (UTC+05:45) by default', () => {
    expect(todayAd(new Date('2024-04-12T18:14:59Z'))).toBe('2024-04-12');
    expect(todayAd(new Date('2024-04-12T18:15:00Z'))).toBe('2024-04-13');
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
