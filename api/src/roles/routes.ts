import { roleSchema } from '@psc/core';
import { auditContext } from '../audit/record-audit';
import { errorResponses, ok } from '../http/envelope';
import { createRouter, staffRoute } from '../http/router';
import { idParams } from '../master/params';
import { createRole, deleteRole, getRole, listModules, listRoles, updateRole, type RoleValues } from './role-rows';

const jsonBody = { required: true, content: { 'application/json': { schema: roleSchema } } };
const answer = (description: string) => ({ 200: { description }, ...errorResponses });

// spec §2 rolelist, rolecreation, modulelist: [UM] screens.
export const roleRoutes = createRouter()
  .openapi(
    staffRoute({ method: 'get', path: '/roles', privilege: ['UM', 'read'], summary: 'Roles with their per-module permissions', responses: answer('Roles') }),
    async (c) => ok(c, await listRoles(c.get('deps').db)),
  )
  .openapi(
    staffRoute({ method: 'get', path: '/modules', privilege: ['UM', 'read'], summary: 'Modules (privilege codes)', responses: answer('Modules') }),
    async (c) => ok(c, await listModules(c.get('deps').db)),
  )
  .openapi(
    staffRoute({ method: 'get', path: '/roles/{id}', privilege: ['UM', 'read'], summary: 'One role, its permissions and how many users hold it', request: { params: idParams }, responses: answer('The role') }),
    async (c) => ok(c, await getRole(c.get('deps').db, c.req.valid('param').id)),
  )
  .openapi(
    staffRoute({ method: 'post', path: '/roles', privilege: ['UM', 'create'], summary: 'Create a role', request: { body: jsonBody }, responses: answer('The role') }),
    async (c) => ok(c, await createRole(c.get('deps').db, c.req.valid('json') as RoleValues, auditContext(c)), 'admin.saved'),
  )
  .openapi(
    staffRoute({
      method: 'put',
      path: '/roles/{id}',
      privilege: ['UM', 'update'],
      summary: 'Change a role; its holders get the new privileges at their next request',
      request: { params: idParams, body: jsonBody },
      responses: answer('The role'),
    }),
    async (c) => ok(c, await updateRole(c.get('deps').db, c.req.valid('param').id, c.req.valid('json') as RoleValues, auditContext(c)), 'admin.saved'),
  )
  .openapi(
    staffRoute({ method: 'delete', path: '/roles/{id}', privilege: ['UM', 'delete'], summary: 'Delete a role; 409 while users hold it', request: { params: idParams }, responses: answer('Deleted') }),
    async (c) => {
      const id = c.req.valid('param').id;
      await deleteRole(c.get('deps').db, id, auditContext(c));
      return ok(c, { id }, 'admin.deleted');
    },
  );
