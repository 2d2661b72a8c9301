import { callApi } from '../../staff/staff-api';

// Bulk invigilator SMS [BIS] (api/src/invigilator-sms/routes.ts), typed as the API answers.

export type SmsState = 'not-queued' | 'queued' | 'sent' | 'failed' | 'changed';

export type Sitting = {
  id: number;
  advertisementCode: string;
  paperNameEn: string;
  paperNameNp: string;
  examDate: string | null;
  startTime: string | null;
  status: string;
  duties: number;
};

export type SittingVenue = { id: number; nameEn: string; nameNp: string; duties: number };

export type DutyMessage = {
  rangeId: number;
  invigilatorId: number;
  venueId: number;
  venueNameEn: string;
  venueNameNp: string;
  duty: 'chief' | 'room';
  roomNumber: string | null;
  nameEn: string;
  nameNp: string;
  mobile: string | null;
  mobileValid: boolean;
  dutyFinal: boolean;
  message: string;
  parts: number;
  dedupeKey: string;
  smsState: SmsState;
};

export type Preview = { sitting: Sitting; venues: SittingVenue[]; duties: DutyMessage[] };

export type Counts = { total: number; queued: number; retrying: number; sent: number; failed: number };
export type Progress = {
  totals: Counts;
  batches: (Counts & { id: number; createdAt: string; createdBy: string | null })[];
  failures: { outboxId: number; toNumber: string; nameEn: string | null; nameNp: string | null; providerAnswer: string | null; attempts: number; failed: boolean }[];
};

export type SendOutcome = { batchId: number | null; queued: number; requeued: number; unchanged: number; withoutMobile: number; notFinal: number };

export const sittingsPath = '/api/admin/invigilator-sms/sittings';
export const creditPath = '/api/admin/invigilator-sms/credit';
export const previewPath = (id: number, venueIds: number[]) => `${sittingsPath}/${id}/preview${venueIds.length > 0 ? `?venues=${venueIds.join(',')}` : ''}`;
export const progressPath = (id: number) => `${sittingsPath}/${id}/progress`;

export function sendInvigilatorSms(id: number, venueIds: number[]) {
  return callApi<SendOutcome>(`${sittingsPath}/${id}/send`, { method: 'POST', body: venueIds.length > 0 ? { venueIds } : {} });
}

export function resendFailedSms(id: number) {
  return callApi<{ resent: number }>(`${sittingsPath}/${id}/resend-failed`, { method: 'POST', body: {} });
}
