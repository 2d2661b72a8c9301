// Scrutiny decisions (spec §3 "Pre-review view", §4 "Scrutiny and pre-review status"): an officer
// approves, holds, rejects or reverts an application as a whole or one claimed quota at a time.
// Shared by the schema, the API and the workstation.

import type { ApplicationStatus } from './application-states';
import type { ScrutinyStatus } from './scrutiny';

export const SCRUTINY_DECISIONS = ['approve', 'hold', 'reject', 'revert'] as const;
export type ScrutinyDecision = (typeof SCRUTINY_DECISIONS)[number];

/** spec §4: hold, reject and revert need a remark (a standard reason or typed); approve does not. */
export const REMARK_REQUIRED: ReadonlySet<ScrutinyDecision> = new Set(['hold', 'reject', 'revert']);

/** The standard reasons an officer picks from; the candidate reads them in their own language. */
export const SCRUTINY_REASONS = [
  { code: 'qualification', en: 'The minimum qualification for the post is not met', np: 'पदको न्यूनतम योग्यता पुगेको छैन' },
  { code: 'age', en: 'The age on the cut-off date is outside the limit', np: 'तोकिएको मितिमा उमेर हदभित्र छैन' },
  { code: 'document-missing', en: 'A required document is missing', np: 'आवश्यक कागजात संलग्न छैन' },
  { code: 'document-unclear', en: 'A document is not legible', np: 'कागजात स्पष्ट पढ्न सकिँदैन' },
  { code: 'quota-proof', en: 'The claimed quota is not supported by its certificate', np: 'दाबी गरिएको समूहको प्रमाणपत्र छैन' },
  { code: 'council-registration', en: 'Professional council registration is missing or expired', np: 'व्यावसायिक परिषद्को दर्ता छैन वा म्याद नाघेको छ' },
  { code: 'details-mismatch', en: 'The details do not match the documents', np: 'विवरण र कागजात मेल खाँदैनन्' },
  { code: 'decided-in-error', en: 'The earlier decision was made in error', np: 'अघिल्लो निर्णय त्रुटिपूर्ण थियो' },
] as const;
export type ScrutinyReasonCode = (typeof SCRUTINY_REASONS)[number]['code'];
export const SCRUTINY_REASON_CODES = SCRUTINY_REASONS.map((reason) => reason.code) as [ScrutinyReasonCode, ...ScrutinyReasonCode[]];

export function scrutinyReason(code: string) {
  return SCRUTINY_REASONS.find((reason) => reason.code === code);
}

export type QuotaDecisionStatus = 'pending' | 'approved' | 'rejected';

/**
 * The candidate-facing status from the claimed quotas' decisions (spec §4 "Application status"):
 * every quota approved is approved, every one rejected is rejected, some of each is partially
 * approved; while any is undecided the application stays pending.
 */
export function applicationStatusOfQuotas(quotas: readonly QuotaDecisionStatus[]): ApplicationStatus {
  if (quotas.length === 0 || quotas.some((status) => status === 'pending')) return 'pending';
  if (quotas.every((status) => status === 'approved')) return 'approved';
  if (quotas.every((status) => status === 'rejected')) return 'rejected';
  return 'partially-approved';
}

/**
 * The allocation's status (the officer's queue) from the quotas: finished once every quota is
 * decided (approved when any quota is, else rejected); otherwise it keeps hold, or is pending.
 */
export function scrutinyStatusOfQuotas(quotas: readonly QuotaDecisionStatus[], current: ScrutinyStatus): ScrutinyStatus {
  const status = applicationStatusOfQuotas(quotas);
  if (status === 'pending') return current === 'hold' ? 'hold' : 'pending';
  return status === 'rejected' ? 'rejected' : 'approved';
}
