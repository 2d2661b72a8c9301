import { useText } from '../i18n/texts';

/** The commission's name and the portal's purpose, top left on every screen. */
export function Brand() {
  const { t } = useText();
  return (
    <div className="brand">
      <span className="brand__mark" aria-hidden="true" />
      <span className="brand__text">
        <span className="brand__name">{t('app.name')}</span>
        {/* A narrow signed-in header also holds the menu and sign-out buttons (styles/global.css). */}
        <span className="brand__short-name" aria-hidden="true">
          {t('app.shortName')}
        </span>
        <span className="brand__tagline">{t('app.tagline')}</span>
      </span>
    </div>
  );
}
