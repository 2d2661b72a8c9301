// The application fee (one rule in core for every fee; spec §3 Requisition fees, §4 deadline
// rule, §8 and §9 deadline messages). Every screen and the API ask this one function, so the
// amount a candidate is shown is the amount the server charges.

export type AdvertisementFees = {
  applicationFee: number;
  internalCompetitionFee: number;
  extraQuotaFee: number;
  extraServiceFee: number;
  extraClusterFee: number;
};

export type FeeDeadlines = {
  /** Last day at the normal fee (spec §3 lastDateForSubmission). */
  lastDateForSubmission: string;
  /** Last day at all, at double the fee (spec §4). */
  doubleFeeLastDate: string;
};

export type FeeChoice = {
  /** Quotas chosen other than internal competition (open and the inclusive groups). */
  openQuotaCount: number;
  /** Whether internal competition is among the chosen quotas. */
  internal: boolean;
  /** Service groups wanted (spec: "all wanted service groups"); at least one. */
  serviceCount: number;
  /** Clusters wanted; at least one. */
  clusterCount: number;
};

export type FeePeriod = 'normal' | 'double-fee' | 'expired';

export type FeeQuote =
  | { period: 'normal' | 'double-fee'; multiplier: 1 | 2; baseAmount: number; amount: number; lines: FeeLine[] }
  | { period: 'expired'; reason: 'deadline.applicationExpired' };

export type FeeLine = { kind: 'application' | 'extra-quota' | 'internal-competition' | 'extra-service' | 'extra-cluster'; count: number; amount: number };

/** Which fee period `today` (A.D., Nepal time) is in; ISO dates compare as strings. */
export function feePeriodOn(today: string, deadlines: FeeDeadlines): FeePeriod {
  if (today <= deadlines.lastDateForSubmission) return 'normal';
  if (today <= deadlines.doubleFeeLastDate) return 'double-fee';
  return 'expired';
}

/**
 * The fee for one application: the application fee covers the first open or inclusive quota,
 * each further one adds the extra-quota fee; internal competition adds its own fee (and is the
 * whole fee when it is the only quota); each service group and cluster beyond the first adds
 * its extra fee. After the last date for submission and until the double-fee date everything is
 * doubled; after that the application has expired.
 */
export function quoteApplicationFee(fees: AdvertisementFees, choice: FeeChoice, today: string, deadlines: FeeDeadlines): FeeQuote {
  const period = feePeriodOn(today, deadlines);
  if (period === 'expired') return { period, reason: 'deadline.applicationExpired' };
  const lines: FeeLine[] = [];
  const add = (kind: FeeLine['kind'], count: number, each: number) => {
    if (count > 0 && each > 0) lines.push({ kind, count, amount: count * each });
  };
  if (choice.openQuotaCount > 0) {
    add('application', 1, fees.applicationFee);
    add('extra-quota', choice.openQuotaCount - 1, fees.extraQuotaFee);
  }
  if (choice.internal) add('internal-competition', 1, fees.internalCompetitionFee);
  add('extra-service', Math.max(0, choice.serviceCount - 1), fees.extraServiceFee);
  add('extra-cluster', Math.max(0, choice.clusterCount - 1), fees.extraClusterFee);
  const baseAmount = lines.reduce((sum, line) => sum + line.amount, 0);
  const multiplier = period === 'double-fee' ? 2 : 1;
  return { period, multiplier, baseAmount, amount: baseAmount * multiplier, lines };
}
