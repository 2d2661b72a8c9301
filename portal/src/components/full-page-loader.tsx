import { useText } from '../i18n/texts';

/** spec §2: "A full-page loader is shown while pages load." Plain CSS, so it costs the first load nothing. */
export function FullPageLoader() {
  const { t } = useText();
  return (
    <div className="full-page-loader" role="status" aria-live="polite">
      <span className="full-page-loader__spinner" aria-hidden="true" />
      <span className="full-page-loader__label">{t('loader.label')}</span>
    </div>
  );
}
