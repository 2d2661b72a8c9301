import type { ApiResult } from '../../api/api-client';
import { callApi, query } from '../../staff/staff-api';

// Finalised scrutiny [SM], the scrutiny report [SD] and the caste classification [SC]
// (api/src/scrutiny/report-routes.ts), typed as the API answers.

export type ScrutinyCounts = { unallocated: number; pending: number; hold: number; approved: number; rejected: number; total: number };
export const COUNT_KEYS = ['unallocated', 'pending', 'hold', 'approved', 'rejected'] as const;

export type FinalisationRow = ScrutinyCounts & {
  id: number;
  code: string;
  fiscalYear: string;
  postNameEn: string | null;
  postNameNp: string | null;
  finalised: boolean;
  finalisedAt: string | null;
  finalisedBy: string | null;
  reopenedAt: string | null;
  reopenedBy: string | null;
  reopenRemark: string | null;
};

export type FinalisationEvent = { id: number; action: 'finalise' | 'reopen'; remark: string | null; actor: string; at: string };

export const finalisationsPath = (page: number, pageSize: number) => `/api/admin/scrutiny/finalisations${query({ page, pageSize })}`;
export const finalisationEventsPath = (advertisementId: number) => `/api/admin/scrutiny/advertisements/${advertisementId}/finalisation-events`;

export function finaliseScrutiny(advertisementId: number) {
  return callApi<{ advertisementId: number; finalised: boolean }>(`/api/admin/scrutiny/advertisements/${advertisementId}/finalisation`, { method: 'POST' });
}

export function reopenScrutiny(advertisementId: number, remark: string) {
  return callApi<{ advertisementId: number; finalised: boolean }>(`/api/admin/scrutiny/advertisements/${advertisementId}/reopening`, { method: 'POST', body: { remark } });
}

export type ReportFilter = { officeId: number; advertisementCode: string; fiscalYear: string; examCentreId: number };

export type ReportQuota = { code: string; nameEn: string; nameNp: string; status: 'pending' | 'approved' | 'rejected' };
export type ReportRow = {
  applicationId: number;
  receiptCode: string;
  masterId: number | null;
  fullNameEn: string;
  fullNameNp: string | null;
  applicationStatus: string;
  scrutinyStatus: (typeof COUNT_KEYS)[number];
  officer: string | null;
  officerNameEn: string | null;
  quotas: ReportQuota[];
};
export type ScrutinyReport = {
  advertisement: { id: number; code: string; fiscalYear: string; officeNameEn: string; officeNameNp: string; examCentreNameEn: string; examCentreNameNp: string };
  counts: ScrutinyCounts;
  items: ReportRow[];
  total: number;
};

export const scrutinyReportPath = (filter: ReportFilter, page: number, pageSize: number) => `/api/admin/scrutiny/report${query({ ...filter, page, pageSize })}`;

export function downloadScrutinyReport(filter: ReportFilter): Promise<ApiResult<Blob>> {
  return callApi<Blob>(`/api/admin/scrutiny/report/excel${query(filter)}`, { as: 'blob' });
}

export type ClassificationRow = { key: string; nameEn: string; nameNp: string; count: number };
export type CasteClassification = {
  advertisement: { id: number; code: string; fiscalYear: string };
  total: number;
  byCaste: ClassificationRow[];
  byQuota: ClassificationRow[];
  byGender: ClassificationRow[];
  byDistrict: ClassificationRow[];
};

export const casteClassificationPath = (advertisementCode: string) => `/api/admin/scrutiny/caste-classification${query({ advertisementCode })}`;

export function downloadCasteClassification(advertisementCode: string): Promise<ApiResult<Blob>> {
  return callApi<Blob>(`/api/admin/scrutiny/caste-classification/excel${query({ advertisementCode })}`, { as: 'blob' });
}

/** Saves a downloaded file under the name given (a link clicked in the page). */
export function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The click has started the download; the URL may go once the event loop has moved on.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
