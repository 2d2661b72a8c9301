// The spec §2 routes of the apply and pay flow, built in one place so every link agrees.
import { nepalDayOf } from '../core';

/** spec §2 /vacancy/{id}/{masterid}/{reqid}/{values} (or under /organization): id is the advertisement, values its code. */
export function applyPath(advertisement: { id: number; code: string; requisitionId?: number | null }, masterId: number | undefined, isOrganization: boolean): string {
  const parts = [advertisement.id, masterId ?? 0, advertisement.requisitionId ?? 0, advertisement.code].map((part) => encodeURIComponent(String(part)));
  return `${isOrganization ? '/organization' : ''}/vacancy/${parts.join('/')}`;
}

export type PayTarget = { chargeId: number; amount: number; advertisementCode: string; appliedOn: string };

/**
 * spec §2 /voucher-upload/{id}/{advtCode}/{applydate}/{masterid}/{bankCode}/{remainingPayment}:
 * id is the charge paid; no bank is chosen yet ('-'); the amount is the server's amount due.
 */
export function voucherPath(target: PayTarget, masterId: number | undefined): string {
  const parts = [target.chargeId, target.advertisementCode, nepalDayOf(target.appliedOn) ?? target.appliedOn.slice(0, 10), masterId ?? 0, '-', target.amount];
  return `/voucher-upload/${parts.map((part) => encodeURIComponent(String(part))).join('/')}`;
}

/** The profile tab where the first missing requirement of spec §8's modal is completed. */
export function profileTabOf(missing: readonly string[]): string {
  const first = missing[0] ?? 'personal';
  if (first === 'personal' || first === 'extra' || first === 'contact' || first === 'education') return first;
  return 'documents';
}
