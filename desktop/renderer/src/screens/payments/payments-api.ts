import type { VerificationGroup } from '@psc/core';
import type { ApiResult } from '../../api/api-client';
import { callApi, query, uploadForm } from '../../staff/staff-api';

// Staff payment work [CPM], reports [ER] and application delete [CAD] (see
// api/src/payment-admin, api/src/reports), typed as the API answers.

export type StaffPayment = {
  id: number;
  chargeId: number;
  applicationId: number | null;
  promotionApplicationId: number | null;
  chargePurpose: string;
  chargeStatus: string;
  advertisementId: number | null;
  advertisementCode: string | null;
  userId: number;
  username: string;
  fullNameEn: string | null;
  fullNameNp: string | null;
  method: string;
  gateway: string | null;
  status: string;
  verificationGroup: VerificationGroup | null;
  amount: number;
  bankId: number | null;
  bankNameEn: string | null;
  bankNameNp: string | null;
  voucherNumber: string | null;
  voucherMobile: string | null;
  voucherFileId: string | null;
  ebpCode: string | null;
  payerName: string | null;
  transactionUuid: string | null;
  gatewayReference: string | null;
  paidOn: string | null;
  remarks: string | null;
  verifiedAt: string | null;
  createdAt: string;
};

export type PaymentPage = { items: StaffPayment[]; total: number };

export type PaymentFilter = { group?: VerificationGroup | undefined; status?: string | undefined; search?: string | undefined; advertisementId?: number | undefined; page: number; pageSize: number };

export const paymentsPath = (filter: PaymentFilter) => `/api/admin/payments${query(filter)}`;
export const refundsPath = (filter: { search?: string; page: number; pageSize: number }) => `/api/admin/payments/refunds${query(filter)}`;

export function fetchPayment(id: number) {
  return callApi<StaffPayment>(`/api/admin/payments/${id}`);
}

export function fetchPaymentByEbpCode(code: string) {
  return callApi<StaffPayment>(`/api/admin/payments/by-ebp/${encodeURIComponent(code)}`);
}

export function verifyPayment(id: number, group: VerificationGroup, remarks: string) {
  return callApi<{ id: number; status: string; verificationGroup: VerificationGroup }>(`/api/admin/payments/${id}/verify`, { method: 'POST', body: { group, remarks } });
}

export type PaymentCorrection = { bankId?: number | null; voucherNumber?: string | null; payerName?: string | null; paidOn?: string | null; remarks: string };

export function updatePayment(id: number, body: PaymentCorrection) {
  return callApi<{ id: number }>(`/api/admin/payments/${id}`, { method: 'PUT', body });
}

export function renameEbpCode(id: number, ebpCode: string, remarks: string) {
  return callApi<{ id: number; ebpCode: string }>(`/api/admin/payments/${id}/ebp-code`, { method: 'PUT', body: { ebpCode, remarks } });
}

/** The voucher picture, fetched with the staff token (an <img src> could not carry it). */
export function fetchVoucherImage(id: number) {
  return callApi<Blob>(`/api/admin/payments/${id}/voucher`, { as: 'blob' });
}

export type RmisComparison = {
  matched: { code: string; amount: number; paymentId: number; row: number }[];
  missingHere: { code: string; amount: number; row: number }[];
  missingThere: { code: string; amount: number; paymentId: number }[];
  amountDiffers: { code: string; amountHere: number; amountThere: number; paymentId: number; row: number }[];
};

/** The revenue system's Excel export, uploaded for reconciliation (compare-rmis-data). */
export function compareRmis(file: File, advertisementId?: number): Promise<ApiResult<RmisComparison>> {
  return uploadForm<RmisComparison>('/api/admin/payments/compare-rmis', () => {
    const form = new FormData();
    form.append('file', file, file.name);
    if (advertisementId) form.append('advertisementId', String(advertisementId));
    return form;
  });
}

export type ApplicationCountRow = {
  advertisementId: number;
  advertisementCode: string;
  fiscalYear: string;
  postNameEn: string | null;
  postNameNp: string | null;
  total: number;
  pending: number;
  approved: number;
  partiallyApproved: number;
  rejected: number;
  expired: number;
  paid: number;
  verificationPending: number;
  unpaid: number;
  reapplications: number;
  /** When the applications were counted (every minute). */
  countedAt: string;
};

export type ReapplicantRow = {
  applicationId: number;
  advertisementId: number;
  advertisementCode: string;
  fiscalYear: string;
  userId: number;
  username: string;
  fullNameEn: string | null;
  fullNameNp: string | null;
  attempt: number;
  status: string;
  paymentState: string;
  submittedAt: string;
};

export const applicationCountPath = (filter: { advertisementCode?: string | undefined; fiscalYear?: string | undefined }) => `/api/admin/reports/application-count${query(filter)}`;
export const reapplicantsPath = (filter: { advertisementCode?: string | undefined; fiscalYear?: string | undefined; page: number; pageSize: number }) =>
  `/api/admin/reports/re-applicants${query(filter)}`;
export const applicationCountExcelPath = (filter: { advertisementCode?: string | undefined; fiscalYear?: string | undefined }) => `/api/admin/reports/application-count/excel${query(filter)}`;
export const reapplicantsExcelPath = (filter: { advertisementCode?: string | undefined; fiscalYear?: string | undefined }) => `/api/admin/reports/re-applicants/excel${query(filter)}`;

export function deleteApplication(applicationId: number, remarks: string) {
  return callApi<{ id: number; deletedAt: string }>(`/api/admin/applications/${applicationId}${query({ remarks })}`, { method: 'DELETE' });
}

/** spec advertisement/payment/update [CPM approve]: move an advertisement's verified payments between paid groups. */
export function moveAdvertisementPayments(body: { advertisementCode: string; fromGroup: string; toGroup: string; remarks: string }) {
  return callApi<{ moved: number }>('/api/admin/payments/advertisement-update', { method: 'POST', body });
}
