import type { ReactElement } from 'react';
import { lazyScreen } from '../lazy-screen';

// backups [BUK] by route path (routes/admin-routes.ts), spread into screen-registry.tsx.
const BackupsScreen = lazyScreen(() => import('./backups-screen'), 'BackupsScreen');
const ScrutinyArchiveScreen = lazyScreen(() => import('./archive-screen'), 'ScrutinyArchiveScreen');
const RmisArchiveScreen = lazyScreen(() => import('./archive-screen'), 'RmisArchiveScreen');

export const BACKUP_SCREENS: Readonly<Record<string, () => ReactElement>> = {
  backups: () => <BackupsScreen />,
  'backup-scrutiny': () => <ScrutinyArchiveScreen />,
  'backup-rmis': () => <RmisArchiveScreen />,
};
