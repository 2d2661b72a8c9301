import type { AllocationMode, ScrutinyAllocationAction } from '@psc/core';
import { callApi, query } from '../../staff/staff-api';

// Scrutiny allocation [SA] and one officer's record [SD] (api/src/scrutiny/routes.ts), typed as
// the API answers.

const BASE = '/api/admin/scrutiny';

export type ScrutinyAdvertisement = {
  id: number;
  code: string;
  fiscalYear: string;
  postNameEn: string | null;
  postNameNp: string | null;
  doubleFeeLastDate: string;
  paid: number;
  allocated: number;
  unallocated: number;
};

export type WaitingApplication = {
  id: number;
  receiptCode: string;
  userId: number;
  masterId: number;
  fullNameEn: string;
  fullNameNp: string | null;
  submittedAt: string;
};

export type OfficerWorkload = {
  id: number;
  username: string;
  fullNameEn: string;
  fullNameNp: string | null;
  allocated: number;
  unfinished: number;
  unfinishedAll: number;
};

export type AllocationResult = { advertisementId: number; mode: AllocationMode; allocated: number; officers: { officerId: number; count: number }[]; unallocated: number };
export type ReallocationResult = { advertisementId: number; fromOfficerId: number; toOfficerId: number; reallocated: number };
export type SwitchResult = { advertisementId: number; officerId: number; otherOfficerId: number; movedToOther: number; movedToOfficer: number };

export type AllocationEvent = {
  id: number;
  advertisementId: number;
  advertisementCode: string;
  action: ScrutinyAllocationAction;
  fromOfficerId: number | null;
  fromOfficerNameEn: string | null;
  fromOfficerNameNp: string | null;
  toOfficerId: number;
  toOfficerNameEn: string;
  toOfficerNameNp: string | null;
  applicationCount: number;
  actorUserId: number;
  actorNameEn: string;
  actorNameNp: string | null;
  at: string;
};

/** spec §3 "Scrutiny record" counts, in the order the reports show them. */
export const RECORD_COUNTS = ['allocated', 'completed', 'remaining', 'hold', 'pending', 'approved', 'rejected', 'forms'] as const;
export type RecordCounts = Record<(typeof RECORD_COUNTS)[number], number>;

export type OfficerReportRow = RecordCounts & { officerId: number; username: string; fullNameEn: string; fullNameNp: string | null };
export type AllocationReport = { officers: OfficerReportRow[]; totals: RecordCounts };

export type OfficerAdvertisementRow = RecordCounts & { advertisementId: number; code: string; fiscalYear: string; postNameEn: string | null; postNameNp: string | null };
export type IndividualReport = {
  officer: { id: number; username: string; fullNameEn: string; fullNameNp: string | null };
  advertisements: OfficerAdvertisementRow[];
  totals: RecordCounts;
};

export type Paged<T> = { items: T[]; total: number };

export const closedAdvertisementsPath = (page: number, pageSize: number) => `${BASE}/advertisements${query({ page, pageSize })}`;
export const advertisementPath = (id: string) => `${BASE}/advertisements/${encodeURIComponent(id)}`;
export const unallocatedPath = (id: string, page: number, pageSize: number) => `${advertisementPath(id)}/unallocated${query({ page, pageSize })}`;
export const officersPath = (id: string) => `${advertisementPath(id)}/officers`;
export const historyPath = (filter: { advertisementId?: number | undefined; page: number; pageSize: number }) => `${BASE}/allocation-history${query(filter)}`;
export const reportPath = (advertisementId?: number) => `${BASE}/allocation-report${query({ advertisementId })}`;
export const individualReportPath = (officerId: string) => `${BASE}/allocation-report/officers/${encodeURIComponent(officerId)}`;

export function allocate(id: string, body: { mode: AllocationMode; officers: { officerId: number; count?: number }[] }) {
  return callApi<AllocationResult>(`${advertisementPath(id)}/allocations`, { method: 'POST', body });
}

export function reallocate(id: string, body: { fromOfficerId: number; toOfficerId: number; count?: number }) {
  return callApi<ReallocationResult>(`${advertisementPath(id)}/reallocations`, { method: 'POST', body });
}

export function switchOfficers(id: string, body: { officerId: number; otherOfficerId: number }) {
  return callApi<SwitchResult>(`${advertisementPath(id)}/switches`, { method: 'POST', body });
}
