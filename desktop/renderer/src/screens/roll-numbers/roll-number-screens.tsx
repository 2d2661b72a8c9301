import type { ReactElement } from 'react';
import { lazyScreen } from '../lazy-screen';

// generate/rollNo [SA] by route path (routes/admin-routes.ts), spread into screen-registry.tsx.
const GenerateRollNumbersScreen = lazyScreen(() => import('./generate-roll-numbers-screen'), 'GenerateRollNumbersScreen');

export const ROLL_NUMBER_SCREENS: Readonly<Record<string, () => ReactElement>> = {
  'generate/rollNo': () => <GenerateRollNumbersScreen />,
};
