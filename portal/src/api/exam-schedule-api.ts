import { apiClient } from './client';

// The approved exam schedule of one of my applications (api/src/exam-schedule/routes.ts): null
// until the Commission approves it (spec §4 exam scheduling).

/** Where I sit for a paper: the centre once final, the room and seat once the centre's rooms are final. */
export type PaperSeat = {
  centreNameEn: string;
  centreNameNp: string;
  addressEn: string;
  addressNp: string;
  roomNumber: string | null;
  floor: string | null;
  seatNumber: number | null;
};

export type ScheduledPaper = {
  paperOrder: number;
  subjectNameEn: string;
  subjectNameNp: string;
  examDate: string | null;
  startTime: string | null;
  durationMinutes: number;
  skipped: boolean;
  /** Only on my own application's schedule; null until the centre allocation is final. */
  seat?: PaperSeat | null;
};
export type ApprovedSchedule = { approvedAt: string; papers: ScheduledPaper[] };

export function fetchApplicationSchedule(applicationId: number) {
  return apiClient.request<{ schedule: ApprovedSchedule | null }>(`/psc/applications/${applicationId}/exam-schedule`);
}
