import type { OnlinePaymentAnswer } from '@psc/core';
import { apiClient } from './client';
import { trackRequest } from './request-state';

// The candidate's payments (api/src/payments/routes.ts): banks, voucher
// upload, online payment (eSewa ePay v2 form and its return), EBP codes, public payment check.

export type Bank = { id: number; code: string; nameEn: string; nameNp: string };

export type GatewayForm = { action: string; method: 'POST' | string; fields: Record<string, string | number> };

export type { OnlinePaymentAnswer };

export type ManualPaymentAnswer = { paymentId: number; chargeId: number; amount: number; status: string; verificationGroup?: string | null };

export type EbpLookup = { used: boolean; mine?: boolean; status?: string; amount?: number; chargeId?: number; verificationGroup?: string | null };

export type PaymentCheck = { method: string; status: string; verificationGroup?: string | null; amount: number; paidOn?: string | null; createdAt?: string };

export const PAYMENT_CALLS = {
  banks: 'psc.banks',
  online: 'psc.payments.online',
  confirm: 'psc.payments.online.confirm',
  failure: 'psc.payments.online.failure',
  voucher: 'psc.payments.voucher',
  ebp: 'psc.payments.ebp',
  ebpLocal: 'psc.payments.ebpLocal',
} as const;

export function fetchBanks() {
  return trackRequest(PAYMENT_CALLS.banks, () => apiClient.request<Bank[]>('/psc/banks'));
}

export function startOnlinePayment(chargeId: number) {
  return trackRequest(PAYMENT_CALLS.online, () =>
    apiClient.request<OnlinePaymentAnswer & { form: GatewayForm }>('/psc/payments/online', { method: 'POST', body: { chargeId }, silent: true }),
  );
}

/** The success redirect's `data`, passed on unchanged: the server checks its signature and asks the gateway. */
export function confirmOnlinePayment(data: string) {
  return trackRequest(PAYMENT_CALLS.confirm, () =>
    apiClient.request<OnlinePaymentAnswer>('/psc/payments/online/confirm', { method: 'POST', body: { data }, silent: true }),
  );
}

export function closeFailedOnlinePayment(transactionUuid: string) {
  return trackRequest(PAYMENT_CALLS.failure, () =>
    apiClient.request<OnlinePaymentAnswer>('/psc/payments/online/failure', { method: 'POST', body: { transactionUuid }, silent: true }),
  );
}

export function submitVoucher(fields: { chargeId: number; bankId: number; voucherNumber: string; mobile: string }, file: Blob, fileName: string) {
  const form = new FormData();
  form.append('chargeId', String(fields.chargeId));
  form.append('bankId', String(fields.bankId));
  form.append('voucherNumber', fields.voucherNumber);
  form.append('mobile', fields.mobile);
  form.append('file', file, fileName);
  return trackRequest(PAYMENT_CALLS.voucher, () => apiClient.request<ManualPaymentAnswer>('/psc/payments/voucher', { method: 'POST', body: form }));
}

export function submitEbpCode(chargeId: number, ebpCode: string) {
  return trackRequest(PAYMENT_CALLS.ebp, () =>
    apiClient.request<ManualPaymentAnswer>('/psc/payments/ebp-code-verification', { method: 'POST', body: { chargeId, ebpCode } }),
  );
}

export function lookUpEbpCode(ebpCode: string) {
  return trackRequest(PAYMENT_CALLS.ebpLocal, () =>
    apiClient.request<EbpLookup>('/psc/payments/ebp-code-local-verification', { method: 'POST', body: { ebpCode }, silent: true }),
  );
}

export function checkPaymentByCode(paymentCode: string) {
  return apiClient.request<PaymentCheck>(`/public/payments/check/${encodeURIComponent(paymentCode)}`, { auth: 'none', silent: true });
}

/**
 * Hands the browser to the gateway: the API's signed form, posted as a real form (a top-level
 * navigation, as the eSewa protocol expects), never changed here.
 */
export function postToGateway(form: GatewayForm, doc: Document = document): void {
  const element = doc.createElement('form');
  element.method = form.method || 'POST';
  element.action = form.action;
  element.style.display = 'none';
  for (const [name, value] of Object.entries(form.fields)) {
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = String(value);
    element.appendChild(input);
  }
  doc.body.appendChild(element);
  element.submit();
}

/** The receipt of one of my settled payments (api readPaymentReceipt). */
export type PaymentReceipt = {
  verificationCode: string;
  method: 'online' | 'voucher' | 'ebp';
  status: string;
  amount: number;
  gatewayReference: string | null;
  voucherNumber: string | null;
  ebpCode: string | null;
  bankNameEn: string | null;
  bankNameNp: string | null;
  paidOn: string;
  purpose: string;
  applicationReceiptCode: string;
  advertisementCode: string;
  fiscalYear: string;
  postNameEn?: string | null;
  postNameNp?: string | null;
  serviceNameEn?: string | null;
  serviceNameNp?: string | null;
  organizationNameEn?: string | null;
  organizationNameNp?: string | null;
  firstNameEn: string;
  middleNameEn: string | null;
  lastNameEn: string;
  firstNameNp: string | null;
  middleNameNp: string | null;
  lastNameNp: string | null;
  masterId: number;
};

export function fetchPaymentReceipt(transactionUuid: string) {
  return apiClient.request<PaymentReceipt>(`/psc/payments/receipts/${encodeURIComponent(transactionUuid)}`, { silent: true });
}

/** Where a settled payment's receipt is shown: behind sign-in, keyed by the unguessable transaction id. */
export const paymentReceiptPath = (transactionUuid: string) => `/payment-receipt/${encodeURIComponent(transactionUuid)}`;
