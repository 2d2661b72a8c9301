import type { ReactElement } from 'react';
import { lazyScreen } from '../lazy-screen';

// The exam-paper screens by route path (routes/admin-routes.ts), spread into screen-registry.tsx.
// Each is a chunk of its own, loaded when first opened (screens/lazy-screen.ts).
const PaperConfigurationScreen = lazyScreen(() => import('./paper-configuration-screen'), 'PaperConfigurationScreen');
const PaperDetailScreen = lazyScreen(() => import('./paper-detail-screen'), 'PaperDetailScreen');

export const EXAM_PAPER_SCREENS: Readonly<Record<string, () => ReactElement>> = {
  'paper-configuration': () => <PaperConfigurationScreen />,
  'paper-detail/:id': () => <PaperDetailScreen />,
};
