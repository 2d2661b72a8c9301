import { createRoute, z, type RouteConfig } from '@hono/zod-openapi';
import { changePasswordSchema, signInSchema } from '@psc/core';
import { schema, userFullNameEn, userFullNameNp } from '@psc/db';
import { eq } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context';
import { getClientAddress } from '../http/client-address';
import { envelopeSchema, errorResponses, ok } from '../http/envelope';
import { AppError } from '../http/errors';
import { createRouter, publicRoute } from '../http/router';
import { requireAuth } from './authenticate';
import { changeStaffPassword } from './change-staff-password';
import { authenticateClient } from './clients';
import { loadPrivileges, loadRoles } from './privileges';
import { signInLimitsOf } from './rate-limit';
import { refreshSession, signInWithPassword, signOut } from './sessions';

/**
 * Open to any signed-in user, including a candidate who must still change a temporary password:
 * the portal needs the session facts (mustChangePassword) and a way out (spec §4).
 */
export const sessionRoute = <R extends RouteConfig>(config: R) => {
  const own = config.middleware ? (Array.isArray(config.middleware) ? config.middleware : [config.middleware]) : [];
  return createRoute({ ...config, middleware: [requireAuth(undefined, { allowPendingPasswordChange: true }), ...own], security: [{ bearer: [] }] });
};

/**
 * Open to a member of staff even while a password reset by another member of staff must still
 * be changed: this is the way out of it.
 */
const staffPasswordChangeRoute = <R extends RouteConfig>(config: R) =>
  createRoute({ ...config, middleware: [requireAuth('staff', { allowPendingPasswordChange: true })], security: [{ bearer: [] }] });

const requireBodyContentType = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.req.header('content-type')) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  await next();
});

const tokenRequestSchema = z
  .discriminatedUnion(
    'grant_type',
    [
      signInSchema.extend({ grant_type: z.literal('password') }),
      z.object({
        grant_type: z.literal('refresh_token'),
        refresh_token: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }).max(512, { error: 'validation.tooLong' }),
      }),
    ],
    { error: 'validation.grantTypeInvalid' },
  )
  .openapi('TokenRequest');

const tokenPairSchema = z
  .object({
    accessToken: z.string(),
    refreshToken: z.string(),
    tokenType: z.literal('Bearer'),
    expiresIn: z.number().int(),
  })
  .openapi('TokenPair');

const initSchema = z
  .object({
    user: z.object({
      id: z.number().int(),
      masterId: z.number().int(),
      kind: z.enum(['candidate', 'staff']),
      username: z.string(),
      email: z.string(),
      firstNameEn: z.string(),
      middleNameEn: z.string().nullable(),
      lastNameEn: z.string(),
      fullNameEn: z.string(),
      fullNameNp: z.string().nullable(),
      mustChangePassword: z.boolean(),
    }),
    roles: z.array(z.object({ id: z.number().int(), name: z.string() })),
    privileges: z.array(z.object({ code: z.string(), actions: z.array(z.string()) })),
  })
  .openapi('SessionInit');

export const authRoutes = createRouter()
  .openapi(
    publicRoute({
      method: 'post',
      path: '/token',
      summary: 'Sign in (grant_type=password) or refresh a session (grant_type=refresh_token)',
      middleware: [requireBodyContentType] as const,
      description: 'The client is identified by HTTP Basic credentials (spec §7).',
      request: {
        headers: z.object({ authorization: z.string().optional().openapi({ description: 'Basic base64(clientId:clientSecret)' }) }),
        body: {
          // Not "required": that would run the JSON and the form validator both. The
          // middleware below insists on a content type, so exactly one of them runs.
          content: {
            'application/json': { schema: tokenRequestSchema },
            'application/x-www-form-urlencoded': { schema: tokenRequestSchema },
          },
        },
      },
      responses: {
        200: { description: 'Tokens', content: { 'application/json': { schema: envelopeSchema(tokenPairSchema) } } },
        ...errorResponses,
      },
    }),
    async (c) => {
      const deps = c.get('deps');
      const contentType = c.req.header('content-type') ?? '';
      const body = contentType.includes('json') ? c.req.valid('json') : c.req.valid('form');
      const client = await authenticateClient(deps.db, c.req.header('authorization'));
      if (body.grant_type === 'password') {
        const tokens = await signInWithPassword(deps, {
          client,
          username: body.username,
          password: body.password,
          address: getClientAddress(c),
        });
        return ok(c, tokens, 'auth.signedIn');
      }
      return ok(c, await refreshSession(deps, { client, refreshToken: body.refresh_token }), 'auth.refreshed');
    },
  )
  .openapi(
    sessionRoute({
      method: 'get',
      path: '/privileges/get/init',
      summary: 'The signed-in user, roles and privilege codes with their actions (spec §6)',
      responses: {
        200: { description: 'Session facts', content: { 'application/json': { schema: envelopeSchema(initSchema) } } },
        ...errorResponses,
      },
    }),
    async (c) => {
      const { db } = c.get('deps');
      const auth = c.get('auth');
      const { users } = schema;
      const [user] = await db
        .select({
          id: users.id,
          masterId: users.masterId,
          kind: users.kind,
          username: users.username,
          email: users.email,
          firstNameEn: users.firstNameEn,
          middleNameEn: users.middleNameEn,
          lastNameEn: users.lastNameEn,
          fullNameEn: userFullNameEn,
          fullNameNp: userFullNameNp,
          mustChangePassword: users.mustChangePassword,
        })
        .from(users)
        .where(eq(users.id, auth.userId))
        .limit(1);
      if (!user) throw new AppError('UNAUTHENTICATED');
      const [roles, privileges] = await Promise.all([loadRoles(db, auth.userId), loadPrivileges(db, auth.userId)]);
      return ok(c, {
        user,
        roles,
        privileges: [...privileges].map(([code, actions]) => ({ code, actions: [...actions] })),
      });
    },
  )
  .openapi(
    sessionRoute({
      method: 'post',
      path: '/logout',
      summary: 'Sign out: revokes this session and, when given, the refresh token family',
      request: {
        body: {
          required: false,
          content: {
            'application/json': {
              schema: z.object({ refreshToken: z.string().max(512, { error: 'validation.tooLong' }).optional() }),
            },
          },
        },
      },
      responses: {
        200: { description: 'Signed out', content: { 'application/json': { schema: envelopeSchema(z.null()) } } },
        ...errorResponses,
      },
    }),
    async (c) => {
      const auth = c.get('auth');
      const body = c.req.valid('json');
      await signOut(c.get('deps').db, { userId: auth.userId, familyId: auth.familyId, refreshToken: body.refreshToken });
      return ok(c, null, 'auth.signedOut');
    },
  )
  .openapi(
    staffPasswordChangeRoute({
      method: 'post',
      path: '/change-password',
      summary: "A member of staff changes their own password (the way out of a reset's must-change)",
      request: { body: { required: true, content: { 'application/json': { schema: changePasswordSchema } } } },
      responses: {
        200: { description: 'Changed; the other sessions of the user end', content: { 'application/json': { schema: envelopeSchema(z.null()) } } },
        ...errorResponses,
      },
    }),
    async (c) => {
      const auth = c.get('auth');
      const body = c.req.valid('json');
      await changeStaffPassword(c.get('deps').db, signInLimitsOf(c.get('deps').config), {
        userId: auth.userId,
        familyId: auth.familyId,
        oldPassword: body.oldPassword,
        newPassword: body.newPassword,
        lang: c.get('lang'),
        requestId: c.get('requestId'),
        ipAddress: getClientAddress(c),
      });
      return ok(c, null, 'auth.passwordChanged');
    },
  );
