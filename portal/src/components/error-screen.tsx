import { useText } from '../i18n/texts';

/**
 * spec §2: generic error screen, "Something went wrong" with refresh page and previous page.
 * Plain buttons (styles/plain-controls.css): it may show before antd has loaded.
 */
export function ErrorScreen() {
  const { t } = useText();
  return (
    <main className="error-screen" role="alert">
      <h1 className="error-screen__title">{t('common.somethingWentWrong')}</h1>
      <p className="error-screen__body">{t('crash.body')}</p>
      <div className="error-screen__actions">
        <button type="button" className="plain-button plain-button--primary" onClick={() => window.location.reload()}>
          {t('common.refreshPage')}
        </button>
        <button type="button" className="plain-button" onClick={() => window.history.back()}>
          {t('common.previousPage')}
        </button>
      </div>
    </main>
  );
}
