// States of applications and payments (spec §4 "Application status", "Payment verification
// groups"). Shared by the schema, the API and both front ends.

export const APPLICATION_STATUSES = ['pending', 'approved', 'partially-approved', 'rejected', 'expired'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** The application's payment as the candidate sees it in My Applications. */
export const PAYMENT_STATES = ['unpaid', 'verification-pending', 'paid'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/**
 * One payment attempt: online (initiated -> completed | failed | expired, when the gateway's time
 * limit passed without a payment) or voucher (submitted -> verified | rejected).
 */
export const PAYMENT_STATUSES = ['initiated', 'completed', 'failed', 'submitted', 'verified', 'rejected', 'refund-due', 'expired'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** spec §4 "Payment verification groups", with the spec's own names. */
export const VERIFICATION_GROUPS = [
  'submitted',
  'approved',
  'rejected',
  'noVerification',
  'implemented',
  'government',
  'governmentImplemented',
  'governmentRejected',
] as const;
export type VerificationGroup = (typeof VERIFICATION_GROUPS)[number];
