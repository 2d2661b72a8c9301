import type { ReactElement } from 'react';
import { lazyScreen } from '../lazy-screen';

// backups [BUK] by route path (routes/admin-routes.ts), spread into screen-registry.tsx.
const BackupsScreen = lazyScreen(() => import('./backups-screen'), 'BackupsScreen');

export const BACKUP_SCREENS: Readonly<Record<string, () => ReactElement>> = {
  backups: () => <BackupsScreen />,
};
