import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type { PortalMessageKey } from '../i18n/ne';
import NotAvailablePage from './not-available-page';

// spec §2: /user/profile with tabs personal, contact, education, training, professional, extra,
// experience, documents, preview.
const PROFILE_TABS = ['personal', 'contact', 'education', 'training', 'professional', 'extra', 'experience', 'documents', 'preview'] as const;

type ProfileTab = (typeof PROFILE_TABS)[number];

function isProfileTab(value: string | undefined): value is ProfileTab {
  return PROFILE_TABS.includes(value as ProfileTab);
}

export default function ProfileTabPage() {
  const { t } = useTranslation();
  const { tab } = useParams();
  if (!isProfileTab(tab)) return <NotAvailablePage feature="nav.profile" />;
  const tabKey: PortalMessageKey = `profileTab.${tab}`;
  return <NotAvailablePage feature="feature.profileTab" featureName={t('feature.profileTab', { tab: t(tabKey) })} />;
}
