import { VERIFICATION_GROUPS, type VerificationGroup } from '@psc/core';
import type { TextKey } from '../../i18n/use-language';
import type { StaffPayment } from './payments-api';

// The pure rules of the payment screens, tested on their own (payment-rules.test.ts).

export const groupLabel = (group: string) => `payments.group.${group}` as TextKey;

export function candidateName(payment: Pick<StaffPayment, 'fullNameEn' | 'fullNameNp' | 'username'>, language: 'ne' | 'en'): string {
  return (language === 'ne' ? payment.fullNameNp || payment.fullNameEn : payment.fullNameEn || payment.fullNameNp) || payment.username;
}

/** Only voucher and EBP payments are verified by staff; online ones are settled by the gateway, a refund is not verified. */
export const isVerifiable = (payment: Pick<StaffPayment, 'method' | 'status'>) => payment.method !== 'online' && payment.status !== 'refund-due';

/** The groups offered besides approve and reject: every other group but "submitted" and the one it is in. */
export function otherGroupsFor(current: VerificationGroup | null): VerificationGroup[] {
  return VERIFICATION_GROUPS.filter((group) => group !== 'submitted' && group !== 'approved' && group !== 'rejected' && group !== current);
}

/**
 * The verification group shown beside the payment's status, or null when it would only repeat it:
 * a submitted payment waits in the submitted group, a rejected one sits in the rejected group.
 */
export function groupBesideStatus(payment: Pick<StaffPayment, 'status' | 'verificationGroup'>): VerificationGroup | null {
  const group = payment.verificationGroup;
  return group && group !== payment.status ? group : null;
}

/** A decision that refuses the payment (the charge is owed again) is asked as a danger. */
export const isRefusal = (group: VerificationGroup) => group === 'rejected' || group === 'governmentRejected';
