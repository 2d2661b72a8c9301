import { lazy, type ComponentType } from 'react';

/**
 * A screen loaded the first time it is opened, as a chunk of its own, so the workstation's first
 * load carries the shell (sign-in, layout, dashboard) and not every screen. AdminRouteScreen
 * shows a loader while the chunk arrives. Use it in place of a static import:
 * `const UserListScreen = lazyScreen(() => import('./users/user-list-screen'), 'UserListScreen');`
 */
export function lazyScreen<Props extends object, Name extends string>(load: () => Promise<Record<Name, ComponentType<Props>>>, name: Name) {
  return lazy(async () => ({ default: (await load())[name] }));
}
