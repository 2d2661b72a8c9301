// The pages a candidate opens first from the menu after signing in (spec §2: My Profile, the
// vacancy list). Their chunks are fetched while the signed-in layout idles, so moving there
// costs the page's data call only, not one round trip per chunk (page, then its first tab).

export const loadProfilePage = () => import('../profile/profile-page');
export const loadVacancyPage = () => import('../pages/vacancy/vacancy-page');
// The profile opens on its first tab, a chunk of its own (profile/profile-page.tsx).
const loadFirstProfileTab = () => import('../profile/tabs/personal-tab');

type NetworkInformation = { saveData?: boolean };

/** Fetches the menu's first pages when the browser is idle, unless the phone asks to save data. */
export function prefetchMenuPages(): () => void {
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  if (connection?.saveData) return () => {};
  const fetchAll = () => {
    // A failed prefetch is harmless: the page's own lazy load tries again and reports the error.
    for (const load of [loadProfilePage, loadFirstProfileTab, loadVacancyPage]) load().catch(() => {});
  };
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(fetchAll, { timeout: 3_000 });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(fetchAll, 1_000);
  return () => clearTimeout(timer);
}
