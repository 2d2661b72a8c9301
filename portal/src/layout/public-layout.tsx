import { useText } from '../i18n/texts';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { FullPageLoader } from '../components/full-page-loader';
import { LanguageSwitch } from '../components/language-switch';
import { Brand } from './brand';

/** Frame of the signed-out screens: brand, language switch, one centred column. */
export default function PublicLayout() {
  const { t } = useText();
  return (
    <div className="public-layout">
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <header className="app-header">
        <Brand />
        <LanguageSwitch />
      </header>
      <main id="main" className="public-layout__main">
        <Suspense fallback={<FullPageLoader />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
