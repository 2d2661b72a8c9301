import type { ReactElement } from 'react';
import { lazyScreen } from '../lazy-screen';

// Exam centres and their rooms (master data [MC], spec §2, §3 "Exam centre"), by route path (routes/admin-routes.ts), spread into screen-registry.tsx.
const ExamCentreListScreen = lazyScreen(() => import('./exam-centre-list-screen'), 'ExamCentreListScreen');
const ExamCentreRoomsScreen = lazyScreen(() => import('./exam-centre-rooms-screen'), 'ExamCentreRoomsScreen');
const CentreSummaryScreen = lazyScreen(() => import('./centre-summary-screen'), 'CentreSummaryScreen');

export const EXAM_CENTRE_SCREENS: Readonly<Record<string, () => ReactElement>> = {
  'exam-center': () => <ExamCentreListScreen />,
  'exam-center-list/:id': () => <ExamCentreRoomsScreen />,
  'center-list': () => <CentreSummaryScreen />,
};
