import { z } from '@hono/zod-openapi';
import { MASTER_DATA_SCHEMAS, MASTER_DATA_TYPES, postQualificationSchema, type MasterDataType } from '@psc/core';
import { auditContext } from '../audit/record-audit';
import { errorResponses, ok } from '../http/envelope';
import { createRouter, staffRoute } from '../http/router';
import { FEED_MAX_LIMIT, listMasterDataChanges } from './list-changes';
import { createMasterRow, deleteMasterRow, getMasterRow, listMasterRows, updateMasterRow } from './master-rows';
import {
  createPostQualification,
  deletePostQualification,
  getPostQualification,
  listPostQualifications,
  updatePostQualification,
  type PostQualificationValues,
} from './post-qualifications';
import { MASTER_REGISTRY } from './registry';

export const pageQuery = z.object({
  page: z.coerce.number({ error: 'validation.number' }).int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number({ error: 'validation.number' }).int().min(1).max(500).default(50),
  search: z.string().trim().max(100, { error: 'validation.tooLong' }).optional(),
});

export const idParams = z.object({ id: z.coerce.number({ error: 'validation.number' }).int().min(1).max(2_147_483_647) });

const jsonBody = <T extends z.ZodType>(schema: T) => ({ required: true, content: { 'application/json': { schema } } });
const answer = (description: string) => ({ 200: { description }, ...errorResponses });

export const masterRoutes = createRouter();

// spec §2 master-data tables, §7 "find-all, by-id, save and generic delete /{type}/{id}": one set
// of routes per type, so that each route's body is described by that type's schema.
function addTypeRoutes(type: MasterDataType) {
  const entry = MASTER_REGISTRY.get(type)!;
  const body = MASTER_DATA_SCHEMAS[type];
  const path = `/master/${type}`;
  masterRoutes
    .openapi(
      staffRoute({ method: 'get', path, privilege: ['MC', 'read'], summary: `List ${type}`, request: { query: pageQuery }, responses: answer('A page of rows') }),
      async (c) => ok(c, await listMasterRows(c.get('deps').db, entry, c.req.valid('query'))),
    )
    .openapi(
      staffRoute({ method: 'get', path: `${path}/{id}`, privilege: ['MC', 'read'], summary: `One of ${type}`, request: { params: idParams }, responses: answer('The row') }),
      async (c) => ok(c, await getMasterRow(c.get('deps').db, entry, c.req.valid('param').id)),
    )
    .openapi(
      staffRoute({ method: 'post', path, privilege: ['MC', 'create'], summary: `Add to ${type}`, request: { body: jsonBody(body) }, responses: answer('The new row') }),
      async (c) => ok(c, await createMasterRow(c.get('deps').db, entry, c.req.valid('json') as Record<string, unknown>, auditContext(c)), 'admin.saved'),
    )
    .openapi(
      staffRoute({
        method: 'put',
        path: `${path}/{id}`,
        privilege: ['MC', 'update'],
        summary: `Change one of ${type}`,
        request: { params: idParams, body: jsonBody(body) },
        responses: answer('The changed row'),
      }),
      async (c) =>
        ok(c, await updateMasterRow(c.get('deps').db, entry, c.req.valid('param').id, c.req.valid('json') as Record<string, unknown>, auditContext(c)), 'admin.saved'),
    )
    .openapi(
      staffRoute({
        method: 'delete',
        path: `${path}/{id}`,
        privilege: ['MC', 'delete'],
        summary: `Delete one of ${type}; 409 while anything refers to it`,
        request: { params: idParams },
        responses: answer('Deleted'),
      }),
      async (c) => {
        const id = c.req.valid('param').id;
        await deleteMasterRow(c.get('deps').db, entry, id, auditContext(c));
        return ok(c, { id }, 'admin.deleted');
      },
    );
}
for (const type of MASTER_DATA_TYPES) addTypeRoutes(type);

// Spec academic-qualification, create-qualification/{id}, view-qualification/{id}.
masterRoutes
  .openapi(
    staffRoute({ method: 'get', path: '/qualifications', privilege: ['MC', 'read'], summary: 'Minimum qualification per post', request: { query: pageQuery }, responses: answer('A page') }),
    async (c) => ok(c, await listPostQualifications(c.get('deps').db, c.req.valid('query'))),
  )
  .openapi(
    staffRoute({ method: 'get', path: '/qualifications/{id}', privilege: ['MC', 'read'], summary: 'One post qualification', request: { params: idParams }, responses: answer('The qualification') }),
    async (c) => ok(c, await getPostQualification(c.get('deps').db, c.req.valid('param').id)),
  )
  .openapi(
    staffRoute({
      method: 'post',
      path: '/qualifications',
      privilege: ['MC', 'create'],
      summary: 'Set the minimum qualification of a post (one per post)',
      request: { body: jsonBody(postQualificationSchema) },
      responses: answer('The qualification'),
    }),
    async (c) => ok(c, await createPostQualification(c.get('deps').db, c.req.valid('json') as PostQualificationValues, auditContext(c)), 'admin.saved'),
  )
  .openapi(
    staffRoute({
      method: 'put',
      path: '/qualifications/{id}',
      privilege: ['MC', 'update'],
      summary: 'Change a post qualification',
      request: { params: idParams, body: jsonBody(postQualificationSchema) },
      responses: answer('The qualification'),
    }),
    async (c) =>
      ok(c, await updatePostQualification(c.get('deps').db, c.req.valid('param').id, c.req.valid('json') as PostQualificationValues, auditContext(c)), 'admin.saved'),
  )
  .openapi(
    staffRoute({ method: 'delete', path: '/qualifications/{id}', privilege: ['MC', 'delete'], summary: 'Delete a post qualification', request: { params: idParams }, responses: answer('Deleted') }),
    async (c) => {
      const id = c.req.valid('param').id;
      await deletePostQualification(c.get('deps').db, id, auditContext(c));
      return ok(c, { id }, 'admin.deleted');
    },
  );

// Issue 5: the feed the workstation's cache pulls.
masterRoutes.openapi(
  staffRoute({
    method: 'get',
    path: '/master-data/changes',
    privilege: ['MC', 'read'],
    summary: 'Master-data changes after a sequence number, oldest first, with the current rows',
    request: {
      query: z.object({
        since: z.coerce.number({ error: 'validation.number' }).int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
        limit: z.coerce.number({ error: 'validation.number' }).int().min(1).max(FEED_MAX_LIMIT).default(1000),
      }),
    },
    responses: answer('{ changes, lastSeq, hasMore }'),
  }),
  async (c) => ok(c, await listMasterDataChanges(c.get('deps').db, c.req.valid('query'))),
);
