import { callApi, query } from '../../staff/staff-api';

// Exam scheduling [ES] and public holidays [MC] (api/src/exam-schedule/routes.ts), typed as the API answers.

export type ScheduleStatus = 'pending' | 'review' | 'approved' | 'sent-back';

export type ScheduleRow = {
  id: number;
  code: string;
  fiscalYear: string;
  postNameEn: string | null;
  postNameNp: string | null;
  status: ScheduleStatus;
  savedAt: string | null;
  submittedAt: string | null;
  decidedAt: string | null;
  remark: string | null;
  approvedApplicants: number;
  firstExamDate: string | null;
};

export type SchedulePaper = {
  examPaperId: number;
  paperOrder: number;
  subjectNameEn: string;
  subjectNameNp: string;
  paperDurationMinutes: number;
  examDate: string | null;
  startTime: string | null;
  durationMinutes: number | null;
  skipped: boolean;
  skipReason: string | null;
};

export type Holiday = { id: number; holidayDate: string; nameEn: string; nameNp: string };

export type Schedule = {
  advertisement: { id: number; code: string; fiscalYear: string; postNameEn: string | null; postNameNp: string | null };
  window: { first: string; last: string };
  status: ScheduleStatus;
  schedule: { remark: string | null; submittedByName: string | null; decidedByName: string | null; savedByName: string | null } | null;
  papers: SchedulePaper[];
  holidays: Holiday[];
};

export type PaperInput = { examPaperId: number; skipped: false; examDate: string; startTime: string; durationMinutes: string } | { examPaperId: number; skipped: true; skipReason: string };

export const schedulesPath = (state: 'pending' | 'completed' | 'review', page: number, pageSize: number) => `/api/admin/exam-schedules${query({ state, page, pageSize })}`;
export const schedulePath = (advertisementId: number) => `/api/admin/exam-schedules/${advertisementId}`;
export const HOLIDAYS_PATH = '/api/admin/public-holidays';

type Changed = { advertisementId: number; status: ScheduleStatus };

export const saveSchedule = (advertisementId: number, papers: PaperInput[]) => callApi<Changed>(schedulePath(advertisementId), { method: 'PUT', body: { papers } });
export const submitSchedule = (advertisementId: number) => callApi<Changed>(`${schedulePath(advertisementId)}/review`, { method: 'POST' });
export const decideSchedule = (advertisementId: number, decision: 'approve' | 'send-back', remark: string) =>
  callApi<Changed>(`${schedulePath(advertisementId)}/decision`, { method: 'POST', body: { decision, remark } });
export const reschedule = (advertisementId: number, remark: string) => callApi<Changed>(`${schedulePath(advertisementId)}/reschedule`, { method: 'POST', body: { remark } });
export const addHoliday = (holiday: { holidayDate: string; nameEn: string; nameNp: string }) => callApi<{ id: number }>(HOLIDAYS_PATH, { method: 'POST', body: holiday });
export const deleteHoliday = (id: number) => callApi<{ id: number }>(`${HOLIDAYS_PATH}/${id}`, { method: 'DELETE' });
