import type { ReactElement } from 'react';
import { lazyScreen } from '../lazy-screen';

// Finalised scrutiny and the scrutiny reports by route path (routes/admin-routes.ts), spread into
// screen-registry.tsx; each module is a chunk of its own, loaded when first opened.
const finalised = () => import('./finalised-scrutiny-screen');
const FinalisedScrutinyScreen = lazyScreen(finalised, 'FinalisedScrutinyScreen');
const reports = () => import('./scrutiny-report-screens');
const ScrutinyReportScreen = lazyScreen(reports, 'ScrutinyReportScreen');
const CasteClassificationScreen = lazyScreen(reports, 'CasteClassificationScreen');

export const SCRUTINY_REPORT_SCREENS: Readonly<Record<string, () => ReactElement>> = {
  'finalized-scrutiny': () => <FinalisedScrutinyScreen />,
  'scrutiny/report': () => <ScrutinyReportScreen />,
  'scrutiny/caste-classification': () => <CasteClassificationScreen />,
};
