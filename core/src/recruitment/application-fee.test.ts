import { describe, expect, it } from 'vitest';
import { feePeriodOn, quoteApplicationFee, type AdvertisementFees, type FeeChoice } from './application-fee';

const fees: AdvertisementFees = { applicationFee: 1000, internalCompetitionFee: 500, extraQuotaFee: 400, extraServiceFee: 300, extraClusterFee: 200 };
const deadlines = { lastDateForSubmission: '2026-01-21', doubleFeeLastDate: '2026-01-28' };
const one: FeeChoice = { openQuotaCount: 1, internal: false, serviceCount: 1, clusterCount: 1 };

describe('feePeriodOn', () => {
  it.each([
    ['2026-01-01', 'normal'],
    ['2026-01-21', 'normal'], // the last day itself is still at the normal fee
    ['2026-01-22', 'double-fee'],
    ['2026-01-28', 'double-fee'],
    ['2026-01-29', 'expired'],
  ])('%s is %s', (today, period) => {
    expect(feePeriodOn(today, deadlines)).toBe(period);
  });
});

describe('quoteApplicationFee', () => {
  // [choice, amount before the last date, amount in the double-fee window]
  it.each<[string, FeeChoice, number, number]>([
    ['one open quota', one, 1000, 2000],
    ['two quotas', { ...one, openQuotaCount: 2 }, 1400, 2800],
    ['four quotas', { ...one, openQuotaCount: 4 }, 2200, 4400],
    ['internal only', { ...one, openQuotaCount: 0, internal: true }, 500, 1000],
    ['open and internal', { ...one, internal: true }, 1500, 3000],
    ['two services', { ...one, serviceCount: 2 }, 1300, 2600],
    ['three clusters', { ...one, clusterCount: 3 }, 1400, 2800],
    ['everything', { openQuotaCount: 3, internal: true, serviceCount: 2, clusterCount: 2 }, 1000 + 800 + 500 + 300 + 200, 2 * 2800],
  ])('%s', (_name, choice, normal, doubled) => {
    expect(quoteApplicationFee(fees, choice, '2026-01-10', deadlines)).toMatchObject({ period: 'normal', multiplier: 1, amount: normal });
    expect(quoteApplicationFee(fees, choice, '2026-01-25', deadlines)).toMatchObject({ period: 'double-fee', multiplier: 2, baseAmount: normal, amount: doubled });
  });

  it('refuses after the double-fee date with the spec §8 message', () => {
    expect(quoteApplicationFee(fees, one, '2026-01-29', deadlines)).toEqual({ period: 'expired', reason: 'deadline.applicationExpired' });
  });

  it('itemises the amount', () => {
    const quote = quoteApplicationFee(fees, { openQuotaCount: 2, internal: true, serviceCount: 1, clusterCount: 1 }, '2026-01-10', deadlines);
    expect(quote.period !== 'expired' && quote.lines).toEqual([
      { kind: 'application', count: 1, amount: 1000 },
      { kind: 'extra-quota', count: 1, amount: 400 },
      { kind: 'internal-competition', count: 1, amount: 500 },
    ]);
  });
});
