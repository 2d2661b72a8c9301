import type { ReactElement } from 'react';
import { lazyScreen } from '../lazy-screen';

// download/admitCard [DA], download/old/admitCard and generate/form [MC] by route path
// (routes/admin-routes.ts), spread into screen-registry.tsx.
const BatchPrintScreen = lazyScreen(() => import('./batch-print-screen'), 'BatchPrintScreen');
const GenerateFormScreen = lazyScreen(() => import('./application-form-screen'), 'GenerateFormScreen');

export const PRINT_SCREENS: Readonly<Record<string, () => ReactElement>> = {
  'download/admitCard': () => <BatchPrintScreen old={false} />,
  'download/old/admitCard': () => <BatchPrintScreen old />,
  'generate/form': () => <GenerateFormScreen />,
};
