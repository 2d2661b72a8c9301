import { Button } from 'antd';
import { useTranslation } from 'react-i18next';

/** spec §2: generic error screen, "Something went wrong" with refresh page and previous page. */
export function ErrorScreen() {
  const { t } = useTranslation();
  return (
    <main className="error-screen" role="alert">
      <h1 className="error-screen__title">{t('common.somethingWentWrong')}</h1>
      <p className="error-screen__body">{t('crash.body')}</p>
      <div className="error-screen__actions">
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('common.refreshPage')}
        </Button>
        <Button onClick={() => window.history.back()}>{t('common.previousPage')}</Button>
      </div>
    </main>
  );
}
