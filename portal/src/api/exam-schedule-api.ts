import { apiClient } from './client';

// The approved exam schedule of one of my applications (api/src/exam-schedule/routes.ts): null
// until the Commission approves it (spec §4 exam scheduling).

export type ScheduledPaper = {
  paperOrder: number;
  subjectNameEn: string;
  subjectNameNp: string;
  examDate: string | null;
  startTime: string | null;
  durationMinutes: number;
  skipped: boolean;
};
export type ApprovedSchedule = { approvedAt: string; papers: ScheduledPaper[] };

export function fetchApplicationSchedule(applicationId: number) {
  return apiClient.request<{ schedule: ApprovedSchedule | null }>(`/psc/applications/${applicationId}/exam-schedule`);
}
