import { lazy, Suspense, useEffect, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { ErrorBoundary } from './components/error-boundary';
import { onToastWaiting } from './notify/toast';
import { FIRST_SCREEN_ALONE_MS, loadAntdFrame, prefetchWhenIdle } from './routes/menu-pages';
import { router } from './routes/router';

const AntdToasts = lazy(async () => ({ default: (await loadAntdFrame()).AntdToasts }));

/**
 * The toasts come with antd, which the first screens do without: mounted when a toast is waiting,
 * or once the browser idles (which also fetches antd ahead of the signed-in pages).
 */
function DeferredToasts() {
  const [isWanted, setWanted] = useState(false);
  useEffect(() => {
    const stopWaiting = onToastWaiting(() => setWanted(true));
    const cancelIdle = prefetchWhenIdle([async () => setWanted(true)], FIRST_SCREEN_ALONE_MS);
    return () => {
      stopWaiting();
      cancelIdle();
    };
  }, []);
  return isWanted ? (
    <Suspense fallback={null}>
      <AntdToasts />
    </Suspense>
  ) : null;
}

export function PortalApp() {
  return (
    <>
      <DeferredToasts />
      <ErrorBoundary>
        <RouterProvider router={router} />
      </ErrorBoundary>
    </>
  );
}
