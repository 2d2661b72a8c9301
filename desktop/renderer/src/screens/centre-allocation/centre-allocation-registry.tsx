import type { ReactElement } from 'react';
import { lazyScreen } from '../lazy-screen';

// Exam-centre allocation by route path (routes/admin-routes.ts), spread into screen-registry.tsx;
// the screens are one chunk, loaded when first opened.
const screens = () => import('./centre-allocation-screens');
const ExamCenterAllocationScreen = lazyScreen(screens, 'ExamCenterAllocationScreen');
const AllocateExamCenterScreen = lazyScreen(screens, 'AllocateExamCenterScreen');
const AllocatedCandidatesScreen = lazyScreen(screens, 'AllocatedCandidatesScreen');
const ExamCenterAllocationReportScreen = lazyScreen(screens, 'ExamCenterAllocationReportScreen');
const ExamCenterAllocationHistoryScreen = lazyScreen(screens, 'ExamCenterAllocationHistoryScreen');
const AssignExamCenterScreen = lazyScreen(screens, 'AssignExamCenterScreen');
const AssignedExamCenterScreen = lazyScreen(screens, 'AssignedExamCenterScreen');

export const CENTRE_ALLOCATION_SCREENS: Readonly<Record<string, () => ReactElement>> = {
  'exam-center-allocation': () => <ExamCenterAllocationScreen />,
  'exam-center-allocation/allocate': () => <AllocateExamCenterScreen />,
  'exam-center-allocation/allocatedCandidate': () => <AllocatedCandidatesScreen />,
  'exam-center-allocation/report': () => <ExamCenterAllocationReportScreen />,
  'exam-center-allocation/history': () => <ExamCenterAllocationHistoryScreen />,
  'assign-exam-center': () => <AssignExamCenterScreen />,
  'assigned-exam-center/:id': () => <AssignedExamCenterScreen />,
};
