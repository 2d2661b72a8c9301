import type { ReactElement } from 'react';
import { lazyScreen } from '../lazy-screen';

// certificate-configuration [FS] by route path (routes/admin-routes.ts), spread into screen-registry.tsx.
const CertificateConfigurationScreen = lazyScreen(() => import('./certificate-configuration-screen'), 'CertificateConfigurationScreen');

export const CERTIFICATE_SCREENS: Readonly<Record<string, () => ReactElement>> = {
  'certificate-configuration': () => <CertificateConfigurationScreen />,
};
