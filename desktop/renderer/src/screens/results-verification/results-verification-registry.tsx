import type { ComponentProps, ReactElement } from 'react';
import { lazyScreen } from '../lazy-screen';
import type * as VerificationScreens from './results-verification-screens';

// Attendance and result verification and the report by quota [POEC] by route path
// (routes/admin-routes.ts), spread into screen-registry.tsx; one chunk, loaded when first opened.
const screens = () => import('./results-verification-screens');
const ResultVerificationScreen = lazyScreen<ComponentProps<typeof VerificationScreens.ResultVerificationScreen>, 'ResultVerificationScreen'>(screens, 'ResultVerificationScreen');
const ResultStatusScreen = lazyScreen<ComponentProps<typeof VerificationScreens.ResultStatusScreen>, 'ResultStatusScreen'>(screens, 'ResultStatusScreen');
const ReportByQuotaScreen = lazyScreen<object, 'ReportByQuotaScreen'>(screens, 'ReportByQuotaScreen');

export const RESULTS_VERIFICATION_SCREENS: Readonly<Record<string, () => ReactElement>> = {
  'attendance-verification': () => <ResultVerificationScreen part="attendance" status="pending" />,
  'attendance-verification/pending': () => <ResultVerificationScreen part="attendance" status="pending" />,
  'attendance-verification/verified': () => <ResultVerificationScreen part="attendance" status="verified" />,
  'attendance-verification/status/:advtCode': () => <ResultStatusScreen part="attendance" />,
  'result-verification': () => <ResultVerificationScreen part="marks" status="pending" />,
  'result-verification/pending': () => <ResultVerificationScreen part="marks" status="pending" />,
  'result-verification/verified': () => <ResultVerificationScreen part="marks" status="verified" />,
  'result-verification/status/:advtCode': () => <ResultStatusScreen part="marks" />,
  'report-by-quota': () => <ReportByQuotaScreen />,
};
