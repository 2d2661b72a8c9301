import { Button } from 'antd';
import { Link } from 'react-router-dom';
import { BilingualResult } from '../components/bilingual-result';
import { useLanguage } from '../i18n/use-language';

export function NotFoundScreen() {
  const { t } = useLanguage();
  return (
    <BilingualResult
      testId="not-found"
      status="404"
      titleKey="notFound.title"
      bodyKey="notFound.body"
      extra={
        <Link to="/admin">
          <Button type="primary">{t('notBuilt.back')}</Button>
        </Link>
      }
    />
  );
}
