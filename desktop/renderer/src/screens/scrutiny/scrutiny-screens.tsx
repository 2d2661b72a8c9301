import type { ReactElement } from 'react';
import { lazyScreen } from '../lazy-screen';

// The scrutiny officer's screens [SC] by route path (routes/admin-routes.ts), spread into
// screen-registry.tsx; each module is a chunk of its own, loaded when first opened.
const queue = () => import('./officer-queue-screens');
const ScrutinyAdvertisementsScreen = lazyScreen(queue, 'ScrutinyAdvertisementsScreen');
const ScrutinyQueueScreen = lazyScreen(queue, 'ScrutinyQueueScreen');
const CandidateReportScreen = lazyScreen(queue, 'CandidateReportScreen');
const PreReviewScreen = lazyScreen(() => import('./pre-review-screen'), 'PreReviewScreen');

export const SCRUTINY_SCREENS: Readonly<Record<string, () => ReactElement>> = {
  scrutiny: () => <ScrutinyAdvertisementsScreen />,
  'scrutiny/:id/:orgId': () => <ScrutinyQueueScreen />,
  'scrutiny/:id/:type/:currentPage/:orgId': () => <ScrutinyQueueScreen />,
  'candidate/report': () => <CandidateReportScreen />,
  'candidate-details/:advertisementCode/:studentId/:status/:currentpage/:orgId': () => <PreReviewScreen />,
};
