import type { ProfileFileRef, ProfileView, ScrutinyDecision, ScrutinyStatus } from '@psc/core';
import { callApi, query } from '../../staff/staff-api';

// The scrutiny officer's desk [SC] (api/src/scrutiny/officer-routes.ts), typed as the API answers.

export type StatusCounts = Record<ScrutinyStatus, number>;

export type OfficerAdvertisement = {
  id: number;
  code: string;
  fiscalYear: string;
  organizationId: number;
  postNameEn: string | null;
  postNameNp: string | null;
  counts: StatusCounts;
  total: number;
};

export type QueueItem = {
  id: number;
  receiptCode: string;
  masterId: number;
  fullNameEn: string;
  fullNameNp: string | null;
  citizenshipNumber: string | null;
  advertisementId: number;
  advertisementCode: string;
  status: ScrutinyStatus;
  version: number;
  applicationStatus: string;
  submittedAt: string | null;
  statusChangedAt: string | null;
};

export type QueuePage = { items: QueueItem[]; total: number; counts: StatusCounts };

export type QuotaDecisionRow = { advertisementQuotaId: number; code: string; nameEn: string; nameNp: string; status: 'pending' | 'approved' | 'rejected'; addedLater: boolean };

export type DecisionRow = {
  id: number;
  advertisementQuotaId: number | null;
  decision: ScrutinyDecision;
  reasonCode: string | null;
  remark: string | null;
  officerNameEn: string;
  at: string;
  reasonEn: string | null;
  reasonNp: string | null;
};

export type NamePair = { nameEn: string; nameNp: string };

export type PreReview = {
  application: {
    id: number;
    userId: number;
    advertisementId: number;
    receiptCode: string;
    status: string;
    paymentState: string;
    submittedAt: string | null;
    ageYears: number;
    ageMonths: number;
    ageDays: number;
    scrutinyStatus: ScrutinyStatus;
    version: number;
    examCentreNameEn: string;
    examCentreNameNp: string;
  };
  allocation: { holderName: string; isMine: boolean };
  advertisement: { id: number; code: string; ageCutOffDate: string | null; postNameEn: string | null; postNameNp: string | null };
  profile: ProfileView;
  qualification: {
    required: { levelRank: number; facultyIds: number[] } | null;
    met: boolean;
    meetingEducationIds: number[];
    requiredNames: { levelNameEn: string; levelNameNp: string; faculties: NamePair[] } | null;
    educations: { id: number; levelNameEn: string; levelNameNp: string; facultyNameEn: string; facultyNameNp: string; universityNameEn: string; universityNameNp: string }[];
  };
  citizenshipDistrict: NamePair | null;
  age: { years: number; months: number; days: number; limit: { minYears: number; maxYears: number; isRelaxed: boolean }; met: boolean };
  quotas: QuotaDecisionRow[];
  payments: { method: string; status: string; amount: number; paidOn: string | null; verifiedAt: string | null; createdAt: string; voucherNumber: string | null; voucher: ProfileFileRef | null }[];
  decisions: DecisionRow[];
};

export type DecisionInput = { decision: ScrutinyDecision; advertisementQuotaId?: number; reasonCode?: string; remark?: string; version: number };

export type DecisionAnswer = { applicationId: number; status: ScrutinyStatus; version: number; applicationStatus: string };

export const ADVERTISEMENTS_PATH = '/api/admin/scrutiny/queue/advertisements';

export const queuePath = (filter: { advertisementId?: number | undefined; status?: ScrutinyStatus | undefined; q?: string | undefined; page: number; pageSize: number }) =>
  `/api/admin/scrutiny/queue${query(filter)}`;

export const preReviewPath = (applicationId: number) => `/api/admin/scrutiny/applications/${applicationId}`;

export function decide(applicationId: number, input: DecisionInput) {
  return callApi<DecisionAnswer>(`/api/admin/scrutiny/applications/${applicationId}/decisions`, { method: 'POST', body: input });
}

export type NextPending = { id: null } | { id: number; advertisementId: number; advertisementCode: string; organizationId: number };

/** My next pending application after `after` (undefined: the first), in one advertisement or in all. */
export function nextPending(after: number | undefined, advertisementId?: number) {
  return callApi<NextPending>(`/api/admin/scrutiny/queue/next${query({ after, advertisementId })}`);
}
