import { OpenAPIHono, createRoute, type RouteConfig } from '@hono/zod-openapi';
import { localizeIssues, type PermissionAction, type PrivilegeCode } from '@psc/core';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context';
import { requireAuth, requirePrivilege } from '../auth/authenticate';
import { AppError } from './errors';

/** A sub-app whose validation failures use our envelope, in the caller's language. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) {
        throw new AppError('VALIDATION_FAILED', { errors: localizeIssues(result.error, c.get('lang')) });
      }
    },
  });
}

type Middlewares = MiddlewareHandler<AppEnv>[];

function prepend<R extends RouteConfig>(config: R, middleware: Middlewares): R {
  const own = config.middleware ? (Array.isArray(config.middleware) ? config.middleware : [config.middleware]) : [];
  return { ...config, middleware: [...middleware, ...own] };
}

/** Open to anyone (sign-in, health). */
export const publicRoute = <R extends RouteConfig>(config: R) => createRoute(config);

/** spec §2: routes with no privilege are open to any signed-in user of that kind. */
export const candidateRoute = <R extends RouteConfig>(config: R) =>
  createRoute({ ...prepend(config, [requireAuth('candidate')]), security: [{ bearer: [] }] });

export const signedInRoute = <R extends RouteConfig>(config: R) =>
  createRoute({ ...prepend(config, [requireAuth()]), security: [{ bearer: [] }] });

/**
 * Open to every signed-in staff member, whatever their privileges: what any workstation needs
 * to work at all, such as the master-data lists its pickers read. Served under /api/staff; every
 * /api/admin route names a privilege instead.
 */
export const anyStaffRoute = <R extends RouteConfig>(config: R) =>
  createRoute({ ...prepend(config, [requireAuth('staff')]), security: [{ bearer: [] }] });

/**
 * A staff route names the privilege it needs here, next to its handler (DESIGN "Prefixes").
 * The privilege is also written into the OpenAPI document as x-privilege, which is what the
 * authorisation test walks.
 */
export const staffRoute = <R extends RouteConfig>(config: R & { privilege: readonly [PrivilegeCode | readonly [PrivilegeCode, ...PrivilegeCode[]], PermissionAction] }) => {
  const { privilege, ...rest } = config;
  const [codeOrCodes, action] = privilege;
  // A read several stages share (the centres of a city) names each code that may read it; the
  // document keeps the first as `code` and lists them all in `anyOf`.
  const codes: readonly PrivilegeCode[] = typeof codeOrCodes === 'string' ? [codeOrCodes] : codeOrCodes;
  return createRoute({
    ...prepend(rest as unknown as R, [requireAuth('staff'), requirePrivilege(codes, action)]),
    security: [{ bearer: [] }],
    'x-privilege': { code: codes[0]!, action, ...(codes.length > 1 ? { anyOf: [...codes] } : {}) },
  });
};
