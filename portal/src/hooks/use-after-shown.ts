import { useEffect, useRef } from 'react';
import { translateText } from '../i18n/texts';
import { showToast } from '../notify/toast';
import { FIRST_SCREEN_ALONE_MS, prefetchWhenIdle } from '../routes/menu-pages';

/**
 * What a first screen (sign-in, registration) needs only once it is used (its schema, what it
 * leads to), fetched while the page idles after it shows; the returned function fetches it at
 * once, for the form's first focus: someone who starts filling in will submit.
 */
export function useLoadsAfterShown(loads: readonly (() => Promise<unknown>)[]): () => void {
  useEffect(() => prefetchWhenIdle([...loads], FIRST_SCREEN_ALONE_MS), [loads]);
  const hasStarted = useRef(false);
  return () => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    for (const load of loads) load().catch(() => {});
  };
}

/**
 * A chunk a submission awaits (a form's schema); null, with the network message said, when it did
 * not come (the line dropped): nothing was sent, the fields keep their values.
 */
export async function loadForSubmit<T>(load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch {
    showToast('error', translateText('network.unreachable'));
    return null;
  }
}
