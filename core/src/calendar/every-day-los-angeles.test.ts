import { describe, expect, it } from 'vitest';
import { compareEveryDay, expectTimeZoneInEffect } from './every-day-comparison.test-support';

// core carries no Node typings (it also runs in browsers); this test only needs process.env.TZ,
// which Node applies to Date and Intl as soon as it is assigned.
const { env } = (globalThis as unknown as { process: { env: Record<string, string | undefined> } }).process;
env.TZ = 'America/Los_Angeles';

describe('every day of B.S. 2000-01-01 .. 2083-12-end in America/Los_Angeles', () => {
  it('runs in America/Los_Angeles', () => {
    expectTimeZoneInEffect('America/Los_Angeles', 480);
  });

  it('converts both ways exactly as bikram-sambat and nepali-date-library do', () => {
    const { days, disagreements } = compareEveryDay();
    expect(days).toBeGreaterThan(30_600);
    expect(disagreements).toEqual([]);
  });
});
