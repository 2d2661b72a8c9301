type RoutedApp = { routes: { method: string; path: string }[] };

const cache = new WeakMap<object, { method: string; pattern: RegExp }[]>();

function compile(app: RoutedApp) {
  let compiled = cache.get(app);
  if (!compiled) {
    compiled = app.routes
      .filter((route) => route.method !== 'ALL' && route.path.startsWith('/api'))
      .map((route) => ({
        method: route.method,
        pattern: new RegExp(
          `^${route.path
            .split('/')
            .map((part) => (part.startsWith(':') ? '[^/]+' : part === '*' ? '.*' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
            .join('/')}/?$`,
        ),
      }));
    cache.set(app, compiled);
  }
  return compiled;
}

/** The methods some route accepts at this path, so that a wrong method answers 405, not 404. */
export function findAllowedMethods(app: RoutedApp, path: string): string[] {
  if (!path.startsWith('/api')) return [];
  const methods = new Set<string>();
  for (const route of compile(app)) if (route.pattern.test(path)) methods.add(route.method);
  return [...methods].sort();
}
