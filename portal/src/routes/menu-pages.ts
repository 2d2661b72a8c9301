import { withAllTexts, withI18next } from '../i18n';

// The pages a candidate opens first from the menu after signing in (spec §2: My Profile, the
// vacancy list). Their chunks are fetched as soon as the home page is painted, and from any other
// signed-in page while the layout idles, so moving there costs the page's data call only, not one
// round trip per chunk (page, then its first tab).

export const loadProfilePage = withAllTexts(() => import('../profile/profile-page'));
export const loadVacancyPage = withI18next(() => import('../pages/vacancy/vacancy-page'));
// The profile opens on its first tab, a chunk of its own (profile/profile-page.tsx).
const loadFirstProfileTab = () => import('../profile/tabs/personal-tab');

type NetworkInformation = { saveData?: boolean };

// antd's theme and toasts (antd-frame.tsx), the signed-in frame and the page after sign-in: what
// the sign-in page fetches while it idles, so signing in waits for the init call, not for antd.
// Each with i18next started: what they draw reads its texts through react-i18next.
export const loadAntdFrame = withI18next(() => import('../antd-frame'));
export const loadSignedInLayout = withI18next(() => import('../layout/signed-in-layout'));
export const loadHomePage = withAllTexts(() => import('../pages/home-page'));
/** How long a first screen (sign-in, FAQ) stays alone after its load before antd is fetched. */
export const FIRST_SCREEN_ALONE_MS = 2_000;

const MENU_PAGES = [loadProfilePage, loadFirstProfileTab, loadVacancyPage];

/** Fetches the menu's first pages when the browser is idle, unless the phone asks to save data. */
export function prefetchMenuPages(): () => void {
  return prefetchWhenIdle(MENU_PAGES);
}

/**
 * Fetches the menu's first pages once the page that calls it has been painted, without waiting
 * for the browser to idle: the home page, where a candidate lands after signing in and moves on
 * from within seconds, while its own data calls and notifications would keep the browser busy
 * past that (unless the phone asks to save data). Returns the cancel.
 */
export function prefetchMenuPagesAfterPaint(): () => void {
  if (isSavingData()) return () => {};
  // The frame after the next one: the page's first paint has happened by then.
  let frame = requestAnimationFrame(() => {
    frame = requestAnimationFrame(() => {
      for (const load of MENU_PAGES) load().catch(() => {});
    });
  });
  return () => cancelAnimationFrame(frame);
}

function isSavingData(): boolean {
  return (navigator as Navigator & { connection?: NetworkInformation }).connection?.saveData === true;
}

/**
 * Runs `loads` when the browser is idle after the page's own files (its load event) and
 * `afterMs` more, unless the phone asks to save data; returns the cancel. Not sooner: on a slow
 * line a prefetch would share the bandwidth with the fonts and the first screen, and its parsing
 * the processor while the first screen renders.
 */
export function prefetchWhenIdle(loads: (() => Promise<unknown>)[], afterMs = 0): () => void {
  if (isSavingData()) return () => {};
  const fetchAll = () => {
    // A failed prefetch is harmless: the page's own lazy load tries again and reports the error.
    for (const load of loads) load().catch(() => {});
  };
  let cancelIdle = () => {};
  const whenIdle = () => {
    const timer = setTimeout(() => {
      if (typeof requestIdleCallback === 'function') {
        const handle = requestIdleCallback(fetchAll, { timeout: 3_000 });
        cancelIdle = () => cancelIdleCallback(handle);
      } else {
        fetchAll();
      }
    }, afterMs || (typeof requestIdleCallback === 'function' ? 0 : 1_000));
    cancelIdle = () => clearTimeout(timer);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
  return () => {
    window.removeEventListener('load', whenIdle);
    cancelIdle();
  };
}
