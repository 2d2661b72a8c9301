import { translate, type Eligibility, type Language } from '@psc/core';
import { AppError } from '../http/errors';
import { toAppError } from '../profile/profile-errors';

/**
 * The candidate may not apply (eligibility is checked on the server, whatever the form allowed): 422 with the
 * first reason as the message, every reason under errors.eligibility and, for the
 * missing-documents modal, each missing item under errors.missingDocuments.
 */
export class EligibilityRefusal extends Error {
  readonly eligibility: Eligibility;
  constructor(eligibility: Eligibility) {
    super('UNPROCESSABLE');
    this.eligibility = eligibility;
  }
}

/** Service errors become envelopes in the caller's language (profile lock and field errors as the profile's). */
export function toApplicationAppError(error: unknown, lang: Language): unknown {
  if (error instanceof EligibilityRefusal) {
    const { reasons, missingDocuments } = error.eligibility;
    return new AppError('UNPROCESSABLE', {
      messageKey: reasons[0]!,
      errors: {
        eligibility: reasons.map((reason) => translate(lang, reason)),
        ...(missingDocuments.length > 0 ? { missingDocuments: missingDocuments.map((item) => translate(lang, `application.requirement.${item}`)) } : {}),
      },
    });
  }
  return toAppError(error, lang);
}
