import { Button } from 'antd';
import { Link } from 'react-router-dom';
import { BilingualResult } from '../components/bilingual-result';
import { useLanguage } from '../i18n/use-language';
import type { AdminRoute } from '../routes/admin-routes';

/** A route typed in by a user without its privilege: a refusal, never the screen itself. */
export function RefusalScreen({ route }: { route: AdminRoute }) {
  const { t } = useLanguage();
  return (
    <BilingualResult
      testId="refusal"
      status="403"
      titleKey="refusal.title"
      bodyKey="refusal.body"
      extra={
        <Link to="/admin">
          <Button type="primary">{t('notBuilt.back')}</Button>
        </Link>
      }
    >
      <p style={{ marginTop: 16, marginBottom: 0 }}>{t('refusal.needs', { codes: route.privileges.join(' / ') })}</p>
    </BilingualResult>
  );
}
