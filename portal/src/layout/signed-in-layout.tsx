import { Button, Drawer, Menu } from 'antd';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { FullPageLoader } from '../components/full-page-loader';
import { MenuIcon, SignOutIcon } from '../components/icons';
import { LanguageSwitch } from '../components/language-switch';
import { useSessionStore } from '../stores/session-store';
import { loadInit } from '../stores/load-init';
import { signOutEverywhere } from '../stores/sign-out';
import { prefetchMenuPages } from '../routes/menu-pages';
import { Brand } from './brand';
import { NAV_ITEMS } from './nav-items';

function NavMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  // The longest menu path that prefixes the current one is the section the user is in.
  const selected = NAV_ITEMS.filter((item) => pathname === item.path || pathname.startsWith(`${item.path}/`)).sort(
    (a, b) => b.path.length - a.path.length,
  )[0];
  return (
    <Menu
      mode="inline"
      selectedKeys={selected ? [selected.path] : []}
      onClick={onNavigate}
      items={NAV_ITEMS.map((item) => ({
        key: item.path,
        label: <Link to={item.path}>{t(item.label)}</Link>,
      }))}
    />
  );
}

/** Frame of every signed-in page: header (brand, language, sign-out), the candidate menu, content. */
export default function SignedInLayout() {
  const { t } = useTranslation();
  const [isMenuOpen, setMenuOpen] = useState(false);
  const hasInit = useSessionStore((state) => state.init !== null);
  const [isSigningOut, setSigningOut] = useState(false);

  // spec §6: privileges (and who the user is) are fetched at start through the init call; after a
  // reload the store is empty while the tokens survive.
  useEffect(() => {
    if (!hasInit) void loadInit();
  }, [hasInit]);
  useEffect(() => prefetchMenuPages(), []);

  const signOutLabel = isSigningOut ? t('nav.signingOut') : t('nav.signOut');

  function handleSignOut() {
    setSigningOut(true);
    // The layout unmounts when the session ends, so there is nothing to reset afterwards.
    void signOutEverywhere();
  }

  return (
    <div className="signed-in-layout">
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <header className="app-header">
        <Button
          className="app-header__menu-button"
          type="text"
          aria-label={t('nav.menu')}
          aria-expanded={isMenuOpen}
          icon={<MenuIcon />}
          onClick={() => setMenuOpen(true)}
        />
        <Brand />
        <div className="app-header__actions">
          <LanguageSwitch />
          <Button
            className="app-header__sign-out"
            aria-label={signOutLabel}
            title={signOutLabel}
            icon={<SignOutIcon />}
            loading={isSigningOut}
            onClick={handleSignOut}
          >
            <span className="app-header__sign-out-text">{signOutLabel}</span>
          </Button>
        </div>
      </header>
      <div className="signed-in-layout__body">
        <nav className="side-nav" aria-label={t('nav.menu')}>
          <NavMenu />
        </nav>
        <main id="main" className="signed-in-layout__main">
          <Suspense fallback={<FullPageLoader />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      <Drawer
        title={t('nav.menu')}
        placement="left"
        open={isMenuOpen}
        onClose={() => setMenuOpen(false)}
        closable={{ 'aria-label': t('nav.closeMenu') }}
        size={300}
        className="nav-drawer"
      >
        <nav aria-label={t('nav.menu')}>
          <NavMenu onNavigate={() => setMenuOpen(false)} />
        </nav>
      </Drawer>
    </div>
  );
}
