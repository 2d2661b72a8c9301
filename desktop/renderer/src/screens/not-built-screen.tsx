import { Button, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { BilingualResult } from '../components/bilingual-result';
import { useLanguage } from '../i18n/use-language';
import { adminPathOf, type AdminRoute } from '../routes/admin-routes';

/** What every staff screen shows until its issue builds it: said plainly, in both languages. */
export function NotBuiltScreen({ route }: { route: AdminRoute }) {
  const { t, tOther } = useLanguage();
  return (
    <BilingualResult
      testId="not-built"
      status="info"
      titleKey="notBuilt.title"
      bodyKey="notBuilt.body"
      params={{ current: { screen: t(route.labelKey) }, other: { screen: tOther(route.labelKey) } }}
      extra={
        <Link to="/admin">
          <Button type="primary">{t('notBuilt.back')}</Button>
        </Link>
      }
    >
      <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
        <Typography.Text code>{adminPathOf(route)}</Typography.Text>
      </Typography.Paragraph>
    </BilingualResult>
  );
}
