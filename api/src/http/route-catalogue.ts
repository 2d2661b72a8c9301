import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../context';

export type CataloguedRoute = {
  method: string;
  /** Hono form, with :params. */
  path: string;
  privilege?: { code: string; action: string };
  hasJsonBody: boolean;
  bodyProperties: string[];
  queryParameters: string[];
};

type OpenApiOperation = {
  'x-privilege'?: { code: string; action: string };
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown>; oneOf?: { properties?: Record<string, unknown> }[] } }> };
};

/**
 * Every route the app serves under /api, read from the app itself and joined with its OpenAPI
 * description: the one source the authorisation walk and the bad-input tests read.
 */
export function catalogueRoutes(app: OpenAPIHono<AppEnv>, document: { paths?: Record<string, Record<string, OpenApiOperation>> }): CataloguedRoute[] {
  const seen = new Set<string>();
  const routes: CataloguedRoute[] = [];
  for (const route of app.routes) {
    if (route.method === 'ALL' || !route.path.startsWith('/api') || route.path === '/api/openapi.json') continue;
    const key = `${route.method} ${route.path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const openApiPath = route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const operation = document.paths?.[openApiPath]?.[route.method.toLowerCase()];
    const json = operation?.requestBody?.content?.['application/json']?.schema;
    const properties = new Set<string>(Object.keys(json?.properties ?? {}));
    for (const variant of json?.oneOf ?? []) for (const name of Object.keys(variant.properties ?? {})) properties.add(name);
    routes.push({
      method: route.method,
      path: route.path,
      ...(operation?.['x-privilege'] ? { privilege: operation['x-privilege'] } : {}),
      hasJsonBody: Boolean(json),
      bodyProperties: [...properties],
      queryParameters: (operation?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
    });
  }
  return routes;
}
