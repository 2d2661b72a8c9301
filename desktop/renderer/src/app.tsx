import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import neNP from 'antd/locale/ne_NP';
import { READABLE_THEME_TOKENS } from '@psc/core';
import { useEffect } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { useLanguage } from './i18n/use-language';
import { WorkstationLayout } from './layout/workstation-layout';
import { ADMIN_ROUTES } from './routes/admin-routes';
import { PasswordChangeOnly, SignedInOnly, SignedOutOnly } from './routes/guards';
import { AdminRouteScreen } from './screens/admin-route-screen';
import { ChangePasswordScreen } from './screens/change-password-screen';
import { DashboardScreen } from './screens/dashboard-screen';
import { NotFoundScreen } from './screens/not-found-screen';
import { SignInScreen } from './screens/sign-in-screen';
import { useSessionStore } from './stores/session-store';

// Vite's base is '/staff/': the API serves the renderer there, and so does the app scheme.
const basename = import.meta.env.BASE_URL.replace(/\/$/, '');

const PRIMARY = '#1d4f91';
const PRIMARY_HOVER = '#143a6b';
// WCAG 2.3.3: a workstation whose user asked for less motion gets antd's dialogs, drawers and
// lists without their zoom and slide (read once when the window loads).
const REDUCED_MOTION = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
const theme = {
  // WCAG 2.1 AA contrast (core readable-colours): links and info in the primary colour.
  token: {
    fontFamily: "'Noto Sans Devanagari', system-ui, -apple-system, 'Segoe UI', sans-serif",
    ...READABLE_THEME_TOKENS,
    colorPrimary: PRIMARY,
    colorLink: PRIMARY,
    // Under the pointer antd draws links and primary buttons a shade lighter than the primary
    // colour (a link at 4.0:1 on white, under the pointer after a click that opened its screen):
    // a darker shade keeps them above 4.5:1.
    colorLinkHover: PRIMARY_HOVER,
    colorPrimaryHover: PRIMARY_HOVER,
    colorInfo: PRIMARY,
    borderRadius: 6,
    motion: !REDUCED_MOTION,
  },
  // A table's empty text is drawn in the disabled grey (1.8:1 on white); it is text to read. So
  // are the choices a disabled multiple select shows (1.8:1 on its grey).
  components: {
    Table: { colorTextDisabled: READABLE_THEME_TOKENS.colorTextPlaceholder },
    Select: { colorTextDisabled: READABLE_THEME_TOKENS.colorTextTertiary },
  },
};

export function App() {
  const { language } = useLanguage();
  const restore = useSessionStore((state) => state.restore);

  useEffect(() => {
    void restore();
  }, [restore]);

  return (
    <ConfigProvider locale={language === 'ne' ? neNP : enUS} theme={theme}>
      <AntApp>
        <BrowserRouter basename={basename}>
          <Routes>
            <Route
              path="/login"
              element={
                <SignedOutOnly>
                  <SignInScreen />
                </SignedOutOnly>
              }
            />
            <Route
              path="/change-password"
              element={
                <PasswordChangeOnly>
                  <ChangePasswordScreen />
                </PasswordChangeOnly>
              }
            />
            <Route
              path="/admin"
              element={
                <SignedInOnly>
                  <WorkstationLayout />
                </SignedInOnly>
              }
            >
              {ADMIN_ROUTES.map((route) =>
                route.path === '' ? (
                  <Route key="dashboard" index element={<DashboardScreen />} />
                ) : (
                  <Route key={route.path} path={route.path} element={<AdminRouteScreen route={route} />} />
                ),
              )}
              <Route path="*" element={<NotFoundScreen />} />
            </Route>
            <Route path="*" element={<Navigate to="/admin" replace />} />
          </Routes>
        </BrowserRouter>
      </AntApp>
    </ConfigProvider>
  );
}
