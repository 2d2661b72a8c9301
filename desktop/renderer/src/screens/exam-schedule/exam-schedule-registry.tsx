import type { ReactElement } from 'react';
import { lazyScreen } from '../lazy-screen';

// Exam scheduling by route path (routes/admin-routes.ts), spread into screen-registry.tsx; the
// four screens are one chunk, loaded when first opened.
const screens = () => import('./exam-schedule-screens');
const ExamSchedulingScreen = lazyScreen(screens, 'ExamSchedulingScreen');
const ScheduleExamScreen = lazyScreen(screens, 'ScheduleExamScreen');
const ApproveExamScheduleScreen = lazyScreen(screens, 'ApproveExamScheduleScreen');
const ApprovalExamScheduleScreen = lazyScreen(screens, 'ApprovalExamScheduleScreen');

export const EXAM_SCHEDULE_SCREENS: Readonly<Record<string, () => ReactElement>> = {
  'exam-scheduling': () => <ExamSchedulingScreen />,
  'exam-scheduling/pending': () => <ExamSchedulingScreen />,
  'exam-scheduling/completed': () => <ExamSchedulingScreen />,
  'schedule-exam': () => <ScheduleExamScreen />,
  'approve-exam-schedule': () => <ApproveExamScheduleScreen />,
  'approval-exam-schedule/:id': () => <ApprovalExamScheduleScreen />,
};
