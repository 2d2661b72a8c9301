import { ConfigProvider, notification } from 'antd';
import enUS from 'antd/locale/en_US';
import neNP from 'antd/locale/ne_NP';
import { useEffect, type ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { TOAST_DURATION_MS, TOAST_MAX_VISIBLE } from './config';
import { READABLE_THEME_TOKENS } from './core';
import { useLanguage } from './i18n/use-language';
import { bindNotificationApi } from './notify/toast';

// antd and its theme, a chunk of its own: the first screens a phone opens (sign-in, FAQ) are
// plain React and CSS, and this comes with the first screen that needs it, or while the sign-in
// page idles (app.tsx), so the signed-in pages wait one round trip at most.

const PRIMARY = '#1f4e8c';
// antd lightens the primary colour for hover (#5a80a6, 4.1:1 on white: a link button under the
// finger or the mouse failed WCAG 1.4.3); a darker shade reads better and still shows the hover.
const PRIMARY_HOVER = '#163a69';
// WCAG 2.3.3: someone who asked their phone for less motion gets antd's dialogs, drawers and
// lists without their zoom and slide (read once per load; the setting rarely changes mid-visit).
const REDUCED_MOTION = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
const FONT_STACK =
  "'Noto Sans Devanagari', system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

/**
 * antd's theme and locale around the pages drawn with antd (the route element of those pages, or
 * around `children`).
 */
export default function AntdFrame({ children }: { children?: ReactNode }) {
  const language = useLanguage();
  return (
    <ConfigProvider
      // antd's own texts (empty states, pagination) follow the portal language. Always a locale:
      // antd wraps the tree in a locale provider only when one is given, so switching between a
      // locale and none would remount the whole app (and re-run every page's calls).
      locale={language === 'ne' ? neNP : enUS}
      theme={{
        // WCAG 2.1 AA contrast (core readable-colours): links and info in the primary colour.
        token: { fontFamily: FONT_STACK, ...READABLE_THEME_TOKENS, colorPrimary: PRIMARY, colorPrimaryHover: PRIMARY_HOVER, colorLink: PRIMARY, colorLinkHover: PRIMARY_HOVER, colorInfo: PRIMARY, borderRadius: 6, motion: !REDUCED_MOTION },
        components: { Menu: { itemSelectedBg: '#e6eef8', itemSelectedColor: PRIMARY } },
      }}
    >
      {children ?? <Outlet />}
    </ConfigProvider>
  );
}

/**
 * Hands antd's context-aware notification API to the toast module, which non-React code calls.
 * spec §2/§9: bottom-right, auto-close after 4000 ms, at most 6 visible. (The hook rather than
 * antd's <App>, which would also bring modal and message code into the first load.)
 */
function ToastHost() {
  const [api, holder] = notification.useNotification({
    placement: 'bottomRight',
    duration: TOAST_DURATION_MS / 1000,
    maxCount: TOAST_MAX_VISIBLE,
    stack: false,
  });
  useEffect(() => {
    bindNotificationApi(api);
    return () => bindNotificationApi(null);
  }, [api]);
  return holder;
}

/** The toasts, in antd's theme; mounted once at the app's root (app.tsx). */
export function AntdToasts() {
  return (
    <AntdFrame>
      <ToastHost />
    </AntdFrame>
  );
}
