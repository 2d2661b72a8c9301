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
  return Screen ? <Screen key={route.path} /> : <NotBuiltScreen route={route} />;
}
