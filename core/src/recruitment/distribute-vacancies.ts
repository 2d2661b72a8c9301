// Percentage distribution (spec §2 percentage-distribution [PD], §5 manual distribution rules).

export type QuotaShare = { quotaId: number; basisPoints: number };
export type DistributionLine = { quotaId: number; vacancies: number };

/**
 * The automatic proposal: each quota's share of `total` (shares in hundredths of a percent, from
 * configuration), whole vacancies by the largest-remainder method so the lines always add up to
 * the total. Ties go to the larger share, then to the earlier quota. Quotas that get no vacancy
 * are left out. Staff may edit the proposal before saving it; it is a proposal, not the law's
 * final word on rounding.
 */
export function proposeDistribution(total: number, shares: readonly QuotaShare[]): DistributionLine[] {
  const weight = shares.reduce((sum, share) => sum + share.basisPoints, 0);
  if (!Number.isInteger(total) || total < 1 || weight <= 0) return [];
  const exact = shares.map((share, index) => {
    const scaled = total * share.basisPoints;
    return { ...share, index, whole: Math.floor(scaled / weight), remainder: scaled % weight };
  });
  let left = total - exact.reduce((sum, line) => sum + line.whole, 0);
  const byRemainder = [...exact].sort((a, b) => b.remainder - a.remainder || b.basisPoints - a.basisPoints || a.index - b.index);
  for (const line of byRemainder) {
    if (left === 0) break;
    if (line.basisPoints === 0) continue;
    line.whole += 1;
    left -= 1;
  }
  return exact.filter((line) => line.whole > 0).map((line) => ({ quotaId: line.quotaId, vacancies: line.whole }));
}

export type DistributionIssue =
  | 'distribution.noLines'
  | 'distribution.quotaRequired'
  | 'distribution.quotaRepeated'
  | 'distribution.vacancyInvalid'
  | 'distribution.numberRequired'
  | 'distribution.numberRepeated'
  | 'distribution.sumMismatch';

export type ManualLine = { quotaId: number | null; vacancies: number | null; advertisementNumberId: number | null };

/**
 * Spec §5 "Manual percentage distribution: advertisement number must be generated first. Vacancy
 * number required and valid. Quota type must be chosen. Sum of distributed vacancies must equal
 * total vacancy."
 */
export function checkDistribution(total: number, lines: readonly ManualLine[]): DistributionIssue[] {
  const issues = new Set<DistributionIssue>();
  if (lines.length === 0) issues.add('distribution.noLines');
  const quotas = new Set<number>();
  const numbers = new Set<number>();
  let sum = 0;
  for (const line of lines) {
    if (line.advertisementNumberId === null) issues.add('distribution.numberRequired');
    else if (numbers.has(line.advertisementNumberId)) issues.add('distribution.numberRepeated');
    else numbers.add(line.advertisementNumberId);
    if (line.quotaId === null) issues.add('distribution.quotaRequired');
    else if (quotas.has(line.quotaId)) issues.add('distribution.quotaRepeated');
    else quotas.add(line.quotaId);
    if (line.vacancies === null || !Number.isInteger(line.vacancies) || line.vacancies < 1) issues.add('distribution.vacancyInvalid');
    else sum += line.vacancies;
  }
  if (lines.length > 0 && !issues.has('distribution.vacancyInvalid') && sum !== total) issues.add('distribution.sumMismatch');
  return [...issues];
}
