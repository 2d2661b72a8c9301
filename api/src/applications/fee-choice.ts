import { quoteApplicationFee, quotaRefusalFor, type FeeChoice, type FeeDeadlines, type FeeQuote, type QuotaClaimant } from '@psc/core';
import { AppError } from '../http/errors';
import { FieldErrors } from '../profile/profile-errors';
import type { ApplyAdvertisement } from './load-apply-context';

// The fee is always core's quoteApplicationFee (every fee comes from one rule in core); this file
// only turns the chosen advertisement quotas into the rule's choice.

/** Internal competition has a fee of its own (spec §3 Requisition fees). */
const INTERNAL_QUOTA_CODE = 'internal';

export function feeChoiceOf(quotaCodes: readonly string[], wanted: { serviceCount: number; clusterCount: number }): FeeChoice {
  const internal = quotaCodes.includes(INTERNAL_QUOTA_CODE);
  return { openQuotaCount: quotaCodes.length - (internal ? 1 : 0), internal, serviceCount: wanted.serviceCount, clusterCount: wanted.clusterCount };
}

/** The codes of the chosen advertisement quotas; a quota the advertisement lacks is a field error. */
export function chosenQuotaCodes(advertisement: ApplyAdvertisement, advertisementQuotaIds: readonly number[], field = 'advertisementQuotaIds'): string[] {
  const codes = advertisementQuotaIds.map((id) => advertisement.quotas.find((quota) => quota.id === id)?.code);
  if (codes.some((code) => code === undefined)) throw new FieldErrors({ [field]: ['application.quotaInvalid'] });
  return codes as string[];
}

/** Reserved quotas go to the group they are reserved for (core quotaRefusalFor); refused by field. */
export function assertQuotasClaimable(codes: readonly string[], claimant: QuotaClaimant, field = 'advertisementQuotaIds') {
  const refusals = [...new Set(codes.map((code) => quotaRefusalFor(code, claimant)).filter((refusal) => refusal !== null))];
  if (refusals.length > 0) throw new FieldErrors({ [field]: refusals });
}

/** The advertisement's deadlines; an advertisement without them is not open. */
export function deadlinesOf(advertisement: ApplyAdvertisement): FeeDeadlines {
  if (!advertisement.lastDateForSubmission || !advertisement.doubleFeeLastDate) throw new AppError('UNPROCESSABLE', { messageKey: 'application.notOpen' });
  return { lastDateForSubmission: advertisement.lastDateForSubmission, doubleFeeLastDate: advertisement.doubleFeeLastDate };
}

export function quoteFor(advertisement: ApplyAdvertisement, choice: FeeChoice, today: string, deadlines: FeeDeadlines = deadlinesOf(advertisement)): FeeQuote {
  return quoteApplicationFee(advertisement, choice, today, deadlines);
}

export type PricedQuote = Extract<FeeQuote, { amount: number }>;

/** What a charge keeps of its quote: the rule's lines, and the choice, so a later re-quote (double fee) prices the same choice. */
export function chargeLines(quote: PricedQuote, choice: FeeChoice) {
  return { period: quote.period, multiplier: quote.multiplier, baseAmount: quote.baseAmount, lines: quote.lines, choice };
}

/** The service and cluster counts a charge was priced with (one each when it says nothing). */
export function wantedOf(lines: unknown): { serviceCount: number; clusterCount: number } {
  const choice = (lines as { choice?: Partial<FeeChoice> } | null)?.choice;
  return { serviceCount: choice?.serviceCount ?? 1, clusterCount: choice?.clusterCount ?? 1 };
}

/** A quote that is not "expired", or the spec §8 refusal. */
export function priced(quote: FeeQuote): PricedQuote {
  if (quote.period === 'expired') throw new AppError('APPLICATION_EXPIRED', { messageKey: 'deadline.applicationExpired' });
  return quote;
}
