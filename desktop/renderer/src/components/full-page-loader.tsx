import { Spin } from 'antd';
import { useLanguage } from '../i18n/use-language';

// Spec §2: a full-page loader is shown while pages load.
export function FullPageLoader() {
  const { t } = useLanguage();
  return (
    <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }} role="status">
      <Spin size="large" description={t('app.loading')} />
    </div>
  );
}
