import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../context';

/** Where a route reads an input: its path, its query, a JSON body or a multipart form. */
export type InputPlace = 'path' | 'query' | 'json' | 'form';

/**
 * One integer or date the route reads, as its OpenAPI description declares it: what the bad-input
 * walk sends out-of-range values to.
 */
export type CataloguedInput = {
  place: InputPlace;
  /** The field's position: a parameter's name, or the keys and array indexes into the body. */
  path: (string | number)[];
  kind: 'integer' | 'date';
  /** Declared bounds of an integer (inclusive); undefined when the description declares none. */
  minimum?: number;
  maximum?: number;
  /** Path parameters a body variant belongs to (the master-data types: x-path-parameters). */
  pathParameters?: Record<string, string>;
};

export type CataloguedRoute = {
  method: string;
  /** Hono form, with :params. */
  path: string;
  privilege?: { code: string; action: string; anyOf?: string[] };
  hasJsonBody: boolean;
  bodyProperties: string[];
  queryParameters: string[];
  /** Query parameters the route cannot do without, with the shortest text each takes. */
  requiredQueryParameters: { name: string; minLength: number }[];
  /** True when the OpenAPI document describes this route. */
  described: boolean;
  inputs: CataloguedInput[];
};

type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  'x-path-parameters'?: Record<string, string>;
};

type OpenApiOperation = {
  'x-privilege'?: { code: string; action: string; anyOf?: string[] };
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema & { minLength?: number } }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};

type OpenApiDocument = { paths?: Record<string, Record<string, OpenApiOperation>>; components?: { schemas?: Record<string, JsonSchema> } };

const DATE_FORMATS = new Set(['date', 'date-time', 'bs-date']);

function resolve(document: OpenApiDocument, schema: JsonSchema | undefined): JsonSchema | undefined {
  if (!schema?.$ref) return schema;
  return document.components?.schemas?.[schema.$ref.replace('#/components/schemas/', '')];
}

function typesOf(schema: JsonSchema): string[] {
  return schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
}

/** The integers and dates inside one schema, with their positions under `at`. */
function findInputs(document: OpenApiDocument, raw: JsonSchema | undefined, place: InputPlace, at: (string | number)[], found: CataloguedInput[], pathParameters?: Record<string, string>) {
  const schema = resolve(document, raw);
  if (!schema) return;
  const own = schema['x-path-parameters'] ?? pathParameters;
  const branches = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].map((branch) => resolve(document, branch)!);
  const types = typesOf(schema);
  const isDate = (s: JsonSchema) => typesOf(s).includes('string') && s.format !== undefined && DATE_FORMATS.has(s.format);
  if (at.length > 0 && (isDate(schema) || (branches.length > 0 && branches.some(isDate)))) {
    found.push({ place, path: at, kind: 'date', ...(own ? { pathParameters: own } : {}) });
    return;
  }
  if (at.length > 0 && types.includes('integer')) {
    const minimum = schema.minimum ?? (schema.exclusiveMinimum === undefined ? undefined : schema.exclusiveMinimum + 1);
    const maximum = schema.maximum ?? (schema.exclusiveMaximum === undefined ? undefined : schema.exclusiveMaximum - 1);
    found.push({ place, path: at, kind: 'integer', ...(minimum === undefined ? {} : { minimum }), ...(maximum === undefined ? {} : { maximum }), ...(own ? { pathParameters: own } : {}) });
    return;
  }
  if (types.includes('array') && schema.items) findInputs(document, schema.items, place, [...at, 0], found, own);
  for (const [name, property] of Object.entries(schema.properties ?? {})) findInputs(document, property, place, [...at, name], found, own);
  // A union of bodies (oneOf) each keeps its own x-path-parameters; allOf parts add fields.
  for (const branch of branches) findInputs(document, branch, place, at, found, own);
}

/**
 * Every route the app serves under /api, read from the app itself and joined with its OpenAPI
 * description: the one source the authorisation walk and the bad-input tests read.
 */
export function catalogueRoutes(app: OpenAPIHono<AppEnv>, document: OpenApiDocument): CataloguedRoute[] {
  const seen = new Set<string>();
  const routes: CataloguedRoute[] = [];
  for (const route of app.routes) {
    if (route.method === 'ALL' || !route.path.startsWith('/api') || route.path === '/api/openapi.json') continue;
    const key = `${route.method} ${route.path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const openApiPath = route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const operation = document.paths?.[openApiPath]?.[route.method.toLowerCase()];
    const json = resolve(document, operation?.requestBody?.content?.['application/json']?.schema);
    const form = resolve(document, operation?.requestBody?.content?.['multipart/form-data']?.schema);
    const properties = new Set<string>(Object.keys(json?.properties ?? {}));
    for (const variant of json?.oneOf ?? []) for (const name of Object.keys(resolve(document, variant)?.properties ?? {})) properties.add(name);
    const inputs: CataloguedInput[] = [];
    for (const parameter of operation?.parameters ?? []) {
      if (parameter.in === 'path' || parameter.in === 'query') findInputs(document, parameter.schema, parameter.in, [parameter.name], inputs);
    }
    findInputs(document, json, 'json', [], inputs);
    findInputs(document, form, 'form', [], inputs);
    routes.push({
      method: route.method,
      path: route.path,
      ...(operation?.['x-privilege'] ? { privilege: operation['x-privilege'] } : {}),
      hasJsonBody: Boolean(json),
      bodyProperties: [...properties],
      queryParameters: (operation?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      requiredQueryParameters: (operation?.parameters ?? []).filter((p) => p.in === 'query' && p.required).map((p) => ({ name: p.name, minLength: p.schema?.minLength ?? 1 })),
      described: operation !== undefined,
      inputs,
    });
  }
  return routes;
}
