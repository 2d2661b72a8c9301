import type { ReactElement } from 'react';
import { lazyScreen } from '../lazy-screen';

// Exam-centre reports [PEC] by route path (routes/admin-routes.ts), spread into screen-registry.tsx.
const screens = () => import('./exam-centre-report-screens');
const GenerateExamCenterReportScreen = lazyScreen(screens, 'GenerateExamCenterReportScreen');
const ExamCenterReportScreen = lazyScreen(screens, 'ExamCenterReportScreen');
const ExamCenterListReportScreen = lazyScreen(screens, 'ExamCenterListReportScreen');

export const EXAM_CENTRE_REPORT_SCREENS: Readonly<Record<string, () => ReactElement>> = {
  'generate-exam-center-report': () => <GenerateExamCenterReportScreen />,
  'exam-center-report/:id': () => <ExamCenterReportScreen />,
  'exam-center-list-report/:id': () => <ExamCenterListReportScreen />,
};
