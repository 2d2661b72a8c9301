import type { ComponentProps, ReactElement } from 'react';
import { lazyScreen } from '../lazy-screen';
import type * as UploadScreens from './results-upload-screens';

// Attendance and marks upload [POEC] by route path (routes/admin-routes.ts), spread into
// screen-registry.tsx; one chunk, loaded when first opened. The answer-sheet code key is offered
// on the marks screen; the API takes it only from a holder of PE.
const screens = () => import('./results-upload-screens');
const ResultUploadScreen = lazyScreen<ComponentProps<typeof UploadScreens.ResultUploadScreen>, 'ResultUploadScreen'>(screens, 'ResultUploadScreen');
const CandidateResultLookupScreen = lazyScreen<ComponentProps<typeof UploadScreens.CandidateResultLookupScreen>, 'CandidateResultLookupScreen'>(screens, 'CandidateResultLookupScreen');
const UploadDetailScreen = lazyScreen<object, 'UploadDetailScreen'>(screens, 'UploadDetailScreen');

const attendance = () => <ResultUploadScreen kinds={['attendance']} titleKey="route.uploadAttendance" />;
const marks = () => <ResultUploadScreen kinds={['marks', 'sheet-codes', 'sheet-keys']} titleKey="route.candidateResult" />;

export const RESULTS_UPLOAD_SCREENS: Readonly<Record<string, () => ReactElement>> = {
  'upload-attendance': attendance,
  'candidate-attendance': attendance,
  'candidate-attendance/excel': attendance,
  'candidate-attendance/masterId': () => <CandidateResultLookupScreen part="attendance" titleKey="route.viewAttendance" />,
  'candidate-attendance/view-attendance': () => <CandidateResultLookupScreen part="attendance" titleKey="route.viewAttendance" />,
  'attendance/detail/:id': () => <UploadDetailScreen />,
  'candidate-result': marks,
  'candidate-result/excel': marks,
  'candidate-result/masterId': () => <CandidateResultLookupScreen part="marks" titleKey="route.viewResult" />,
  'candidate-result/view-result': () => <CandidateResultLookupScreen part="marks" titleKey="route.viewResult" />,
};
