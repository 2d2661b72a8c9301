import type { ApiResult } from '../../api/api-client';
import { callApi, query } from '../../staff/staff-api';

// Exam-centre allocation [ECA] (api/src/centre-allocation/routes.ts), typed as the API answers.

export type AllocationStatus = 'pending' | 'temporary' | 'final' | 'complete';

type Names = { postNameEn: string | null; postNameNp: string | null; subjectNameEn: string; subjectNameNp: string };

export type SittingRow = Names & {
  advertisementId: number;
  examPaperId: number;
  advertisementCode: string;
  fiscalYear: string;
  paperOrder: number;
  examDate: string;
  startTime: string;
  durationMinutes: number;
  status: AllocationStatus;
  candidates: number;
  centres: number;
  allocated: number;
};

export type City = { examCentreId: number; nameEn: string; nameNp: string; count: number; rollFrom: number; rollTo: number };
export type Venue = { venueId: number; examCentreId: number; nameEn: string; nameNp: string; capacity: number; free: number };
export type Range = { venueId: number; examCentreId: number; rollFrom: number; rollTo: number; candidates: number; roomStatus?: string; invigilatorStatus?: string };

export type Sitting = SittingRow & {
  cities: City[];
  venues: Venue[];
  ranges: Range[];
  proposal: { source: 'capacity' | 'paper'; fromExamPaperId: number | null; ranges: Range[]; leftOver: { examCentreId: number; rollFrom: number; rollTo: number; count: number }[] } | null;
};

export type CandidateRow = { rollNumber: number; applicationId: number; nameEn: string; nameNp: string | null; cityEn: string; cityNp: string; venueId: number; venueEn: string; venueNp: string; roomNumber: string | null; seatNumber: number | null };

export type ReportRow = {
  advertisementId: number;
  advertisementCode: string;
  fiscalYear: string;
  postNameEn: string | null;
  postNameNp: string | null;
  examPaperId: number;
  subjectNameEn: string;
  subjectNameNp: string;
  examDate: string;
  startTime: string;
  status: AllocationStatus;
  cityEn: string;
  cityNp: string;
  venueId: number;
  venueEn: string;
  venueNp: string;
  capacity: number;
  rollFrom: number;
  rollTo: number;
  candidates: number;
  roomStatus: string;
  invigilatorStatus: string;
};

export type AdvertisementRow = { advertisementId: number; advertisementCode: string; fiscalYear: string; postNameEn: string | null; postNameNp: string | null; sittings: number; finalSittings: number; centres: number; firstExamDate: string | null };

export type HistoryRow = { id: number; at: string; action: string; sitting: string; advertisementCode: string | null; paper: string | null; centres: number | null; candidates: number | null; username: string | null; actorName: string | null };

export type RangeInput = { venueId: number; rollFrom: number; rollTo: number };

export const sittingsPath = (params: { page: number; pageSize: number; search?: string; status?: string }) => `/api/admin/centre-allocations/sittings${query(params)}`;
export const sittingPath = (advertisementId: number, examPaperId: number) => `/api/admin/centre-allocations/sittings/${advertisementId}/papers/${examPaperId}`;
export const candidatesPath = (advertisementId: number, examPaperId: number, params: { page: number; pageSize: number; search?: string }) => `${sittingPath(advertisementId, examPaperId)}/candidates${query(params)}`;
export const reportPath = (params: { page: number; pageSize: number; advertisementCode?: string; advertisementId?: number }) => `/api/admin/centre-allocations/report${query(params)}`;
export const advertisementsPath = (params: { page: number; pageSize: number; search?: string }) => `/api/admin/centre-allocations/advertisements${query(params)}`;
export const historyPath = (params: { page: number; pageSize: number; advertisementId?: number }) => `/api/admin/centre-allocations/history${query(params)}`;

type Changed = { advertisementId: number; examPaperId: number; status: AllocationStatus };

export const saveTemporary = (advertisementId: number, examPaperId: number, ranges: RangeInput[]) => callApi<Changed>(sittingPath(advertisementId, examPaperId), { method: 'PUT', body: { ranges } });
export const saveFinal = (advertisementId: number, examPaperId: number, ranges: RangeInput[]) => callApi<Changed>(`${sittingPath(advertisementId, examPaperId)}/final`, { method: 'POST', body: { ranges } });
export const revertAllocation = (advertisementId: number, examPaperId: number) => callApi<Changed>(`${sittingPath(advertisementId, examPaperId)}/revert`, { method: 'POST' });
export const completeAllocation = (advertisementId: number, examPaperId: number) => callApi<Changed>(`${sittingPath(advertisementId, examPaperId)}/complete`, { method: 'POST' });
export const removeCentre = (advertisementId: number, examPaperId: number, venueId: number) => callApi<unknown>(`${sittingPath(advertisementId, examPaperId)}/centres/${venueId}`, { method: 'DELETE' });
export const downloadReport = (advertisementCode: string): Promise<ApiResult<Blob>> => callApi<Blob>(`/api/admin/centre-allocations/report/excel${query({ advertisementCode })}`, { as: 'blob' });
