import { todayAd, type FeeQuoteRequest } from '@psc/core';
import type { Database } from '@psc/db';
import { chosenQuotaCodes, deadlinesOf, feeChoiceOf, quoteFor } from '../applications/fee-choice';
import { loadApplyAdvertisement } from '../applications/load-apply-context';
import { AppError } from '../http/errors';

/** POST /api/psc/vacancies/:advertisementId/fee-quote: core's quote for a choice, exactly as the submit will charge it today. */
export async function quoteVacancyFee(db: Database, advertisementId: number, request: FeeQuoteRequest, today: string = todayAd()) {
  const advertisement = await loadApplyAdvertisement(db, advertisementId);
  if (!advertisement || advertisement.status !== 'published' || !advertisement.publishDate || advertisement.publishDate > today) throw new AppError('NOT_FOUND');
  const codes = chosenQuotaCodes(advertisement, request.quotaIds, 'quotaIds');
  return quoteFor(advertisement, feeChoiceOf(codes, request), today, deadlinesOf(advertisement));
}
