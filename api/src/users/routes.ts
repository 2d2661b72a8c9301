import { z } from '@hono/zod-openapi';
import { envelopeSchema, errorResponses, ok } from '../http/envelope';
import { createRouter, staffRoute } from '../http/router';
import { listModules, listRoles, listUsers } from './list-users';

const pageQuery = z.object({
  page: z.coerce.number({ error: 'validation.number' }).int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number({ error: 'validation.number' }).int().min(1).max(200).default(50),
  search: z.string().trim().max(100, { error: 'validation.tooLong' }).optional(),
  kind: z.enum(['candidate', 'staff']).optional(),
});

const userRow = z.object({
  id: z.number().int(),
  masterId: z.number().int(),
  kind: z.enum(['candidate', 'staff']),
  username: z.string(),
  email: z.string(),
  mobile: z.string().nullable(),
  fullNameEn: z.string(),
  fullNameNp: z.string().nullable(),
  isBlocked: z.boolean(),
  createdAt: z.string(),
});

// spec §2: userlist, rolelist and modulelist are [UM] screens.
export const userAdminRoutes = createRouter()
  .openapi(
    staffRoute({
      method: 'get',
      path: '/users',
      privilege: ['UM', 'read'],
      summary: 'Users, newest first, filtered by name, user name, e-mail or mobile',
      request: { query: pageQuery },
      responses: {
        200: {
          description: 'A page of users',
          content: { 'application/json': { schema: envelopeSchema(z.object({ items: z.array(userRow), total: z.number().int() })) } },
        },
        ...errorResponses,
      },
    }),
    async (c) => ok(c, await listUsers(c.get('deps').db, c.req.valid('query'))),
  )
  .openapi(
    staffRoute({
      method: 'get',
      path: '/roles',
      privilege: ['UM', 'read'],
      summary: 'Roles with their per-module permissions',
      responses: { 200: { description: 'Roles' }, ...errorResponses },
    }),
    async (c) => ok(c, await listRoles(c.get('deps').db)),
  )
  .openapi(
    staffRoute({
      method: 'get',
      path: '/modules',
      privilege: ['UM', 'read'],
      summary: 'Modules (privilege codes)',
      responses: { 200: { description: 'Modules' }, ...errorResponses },
    }),
    async (c) => ok(c, await listModules(c.get('deps').db)),
  );
