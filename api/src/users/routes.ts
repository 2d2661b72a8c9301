import { z } from '@hono/zod-openapi';
import { idSchema, staffPasswordResetSchema, staffUserCreateSchema, staffUserUpdateSchema } from '@psc/core';
import { auditContext } from '../audit/record-audit';
import { envelopeSchema, errorResponses, ok } from '../http/envelope';
import { createRouter, staffRoute } from '../http/router';
import { idParams } from '../master/params';
import { listUsers } from './list-users';
import { createStaffUser, getUserDetails, getUserDetailsByMasterId, resetStaffPassword, updateStaffUser, type StaffUserCreate, type StaffUserUpdate } from './staff-users';

const pageQuery = z.object({
  page: z.coerce.number({ error: 'validation.number' }).int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number({ error: 'validation.number' }).int().min(1).max(200).default(50),
  search: z.string().trim().max(100, { error: 'validation.tooLong' }).optional(),
  kind: z.enum(['candidate', 'staff']).optional(),
  roleId: idSchema('validation.number').optional(),
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

const jsonBody = <T extends z.ZodType>(schema: T) => ({ required: true, content: { 'application/json': { schema } } });
const answer = (description: string) => ({ 200: { description }, ...errorResponses });

// spec §2 userlist, usercreation, userDetails, fullDetails [UM]; internal/passwordreset [PUM].
export const userAdminRoutes = createRouter()
  .openapi(
    staffRoute({
      method: 'get',
      path: '/users',
      privilege: ['UM', 'read'],
      summary: 'Users, newest first, filtered by name, user name, e-mail or mobile, kind and role',
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
    staffRoute({ method: 'get', path: '/users/{id}', privilege: ['UM', 'read'], summary: 'A user with roles (and a candidate’s locks)', request: { params: idParams }, responses: answer('The user') }),
    async (c) => ok(c, await getUserDetails(c.get('deps').db, c.req.valid('param').id)),
  )
  .openapi(
    staffRoute({
      method: 'get',
      path: '/users/by-master-id/{masterId}',
      privilege: ['UM', 'read'],
      summary: 'A user found by masterId, with roles (and a candidate’s locks)',
      request: { params: z.object({ masterId: idSchema('validation.number', 'bigint') }) },
      responses: answer('The user'),
    }),
    async (c) => ok(c, await getUserDetailsByMasterId(c.get('deps').db, c.req.valid('param').masterId)),
  )
  .openapi(
    staffRoute({ method: 'post', path: '/users', privilege: ['UM', 'create'], summary: 'Create a staff user', request: { body: jsonBody(staffUserCreateSchema) }, responses: answer('The user') }),
    async (c) => ok(c, await createStaffUser(c.get('deps').db, c.req.valid('json') as StaffUserCreate, auditContext(c)), 'admin.saved'),
  )
  .openapi(
    staffRoute({
      method: 'put',
      path: '/users/{id}',
      privilege: ['UM', 'update'],
      summary: 'Change a staff user’s names, contact and roles',
      request: { params: idParams, body: jsonBody(staffUserUpdateSchema) },
      responses: answer('The user'),
    }),
    async (c) => ok(c, await updateStaffUser(c.get('deps').db, c.req.valid('param').id, c.req.valid('json') as StaffUserUpdate, auditContext(c)), 'admin.saved'),
  )
  .openapi(
    staffRoute({
      method: 'post',
      path: '/users/{id}/reset-password',
      privilege: ['PUM', 'update'],
      summary: 'Set a staff user’s password; they must change it at the next sign-in, and their sessions end',
      request: { params: idParams, body: jsonBody(staffPasswordResetSchema) },
      responses: answer('Done'),
    }),
    async (c) => {
      const id = c.req.valid('param').id;
      await resetStaffPassword(c.get('deps').db, id, c.req.valid('json').newPassword, auditContext(c));
      return ok(c, { id }, 'admin.passwordReset');
    },
  );
