import type { ReactElement } from 'react';
import { lazyScreen } from '../lazy-screen';

// Invigilator allocation [PEC, ES] by route path (routes/admin-routes.ts), spread into
// screen-registry.tsx; the screens are one chunk, loaded when first opened.
const screens = () => import('./invigilator-allocation-screens');
const InvigilatorAllocationScreen = lazyScreen(screens, 'InvigilatorAllocationScreen');
const AssignInvigilatorScreen = lazyScreen(screens, 'AssignInvigilatorScreen');
const AllocateInvigilatorScreen = lazyScreen(screens, 'AllocateInvigilatorScreen');
const ViewInvigilatorScreen = lazyScreen(screens, 'ViewInvigilatorScreen');
const ViewCandidateScreen = lazyScreen(screens, 'ViewCandidateScreen');

export const INVIGILATOR_ALLOCATION_SCREENS: Readonly<Record<string, () => ReactElement>> = {
  'invigilator-allocation': () => <InvigilatorAllocationScreen />,
  'assign-invigilator/:id/:examStatus/:advCode': () => <AssignInvigilatorScreen />,
  'allocate-invigilator/:id': () => <AllocateInvigilatorScreen />,
  'view-invigilator/:id': () => <ViewInvigilatorScreen />,
  'view-candidate/:id': () => <ViewCandidateScreen />,
};
