import { Spin } from 'antd';
import { Suspense } from 'react';
import { canOpenRoute, type AdminRoute } from '../routes/admin-routes';
import { useSessionStore } from '../stores/session-store';
import { NotBuiltScreen } from './not-built-screen';
import { RefusalScreen } from './refusal-screen';
import { BUILT_SCREENS } from './screen-registry';

/** The element of every staff route: refused without its privilege, otherwise the screen. */
export function AdminRouteScreen({ route }: { route: AdminRoute }) {
  const heldPrivileges = useSessionStore((state) => state.heldPrivileges);
  if (!canOpenRoute(route, heldPrivileges)) return <RefusalScreen route={route} />;
  // Screens are built issue by issue; until then each says so.
  const Screen = BUILT_SCREENS[route.path];
  if (!Screen) return <NotBuiltScreen route={route} />;
  // Screens arrive as chunks of their own the first time they open (screen-registry.tsx).
  return (
    <Suspense
      fallback={
        <div style={{ display: 'grid', placeItems: 'center', minHeight: 240 }} role="status">
          <Spin size="large" />
        </div>
      }
    >
      <Screen key={route.path} />
    </Suspense>
  );
}
