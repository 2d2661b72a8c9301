import type { ReactElement } from 'react';
import { lazyScreen } from '../lazy-screen';

// bulk-invigilator-sms [BIS] by route path (routes/admin-routes.ts), spread into screen-registry.tsx.
const BulkInvigilatorSmsScreen = lazyScreen(() => import('./bulk-invigilator-sms-screen'), 'BulkInvigilatorSmsScreen');

export const INVIGILATOR_SMS_SCREENS: Readonly<Record<string, () => ReactElement>> = {
  'bulk-invigilator-sms': () => <BulkInvigilatorSmsScreen />,
};
