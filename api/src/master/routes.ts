import { z } from '@hono/zod-openapi';
import { fitsColumn, isMasterDataType, localizeIssues, MASTER_DATA_SCHEMAS, MASTER_DATA_TYPES, postQualificationSchema, translate, type MasterDataType } from '@psc/core';
import type { Context } from 'hono';
import type { AppEnv } from '../context';
import { AppError } from '../http/errors';
import { auditContext } from '../audit/record-audit';
import { errorResponses, ok } from '../http/envelope';
import { anyStaffRoute, createRouter, staffRoute } from '../http/router';
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
import { idParams, pageQuery } from './params';
import { MASTER_REGISTRY, type MasterEntry } from './registry';

const jsonBody = <T extends z.ZodType>(schema: T) => ({ required: true, content: { 'application/json': { schema } } });
const answer = (description: string) => ({ 200: { description }, ...errorResponses });

export const masterRoutes = createRouter();

const typeParams = z.object({ type: z.string().max(40, { error: 'validation.tooLong' }) });
const typeAndIdParams = typeParams.extend(idParams.shape);
// Each type's own schema (core MASTER_DATA_SCHEMAS) checks the body in the handler; one generic
// set of routes keeps the API to five master-data routes rather than five per type. The document
// still describes every type's body, each marked with the {type} it is sent to, so a reader (and
// the bad-input walk) sees the fields the handler checks.
for (const type of MASTER_DATA_TYPES) {
  masterRoutes.openAPIRegistry.register(`MasterRow-${type}`, MASTER_DATA_SCHEMAS[type].meta({ 'x-path-parameters': { type } }));
}
const anyRow = z.record(z.string(), z.unknown()).openapi({
  description: `The fields of the type: see MASTER_DATA_SCHEMAS (${MASTER_DATA_TYPES.join(', ')})`,
  oneOf: MASTER_DATA_TYPES.map((type) => ({ $ref: `#/components/schemas/MasterRow-${type}` })),
});

/** An unknown type is a bad path parameter (checked here, after the body has been read as JSON). */
function findEntry(c: Context<AppEnv>, type: string): MasterEntry {
  const entry = isMasterDataType(type) ? MASTER_REGISTRY.get(type) : undefined;
  if (!entry) throw new AppError('VALIDATION_FAILED', { errors: { type: [translate(c.get('lang'), 'validation.chooseOne')] } });
  return entry;
}

/** The entry of a route with an id: an id its table's column cannot hold names no row. */
function findEntryWithId(c: Context<AppEnv>, type: string, id: number): MasterEntry {
  const entry = findEntry(c, type);
  if (!fitsColumn(id, entry.idColumn)) throw new AppError('NOT_FOUND');
  return entry;
}

function parseRow(c: Context<AppEnv>, type: MasterDataType, body: unknown): Record<string, unknown> {
  const result = MASTER_DATA_SCHEMAS[type].safeParse(body);
  if (!result.success) throw new AppError('VALIDATION_FAILED', { errors: localizeIssues(result.error, c.get('lang')) });
  return result.data as Record<string, unknown>;
}

// spec §2 master-data tables, §7 "find-all, by-id, save and generic delete /{type}/{id}".
masterRoutes
  .openapi(
    staffRoute({ method: 'get', path: '/master/{type}', privilege: ['MC', 'read'], summary: 'A page of a master-data type', request: { params: typeParams, query: pageQuery }, responses: answer('{ items, total }') }),
    async (c) => ok(c, await listMasterRows(c.get('deps').db, findEntry(c, c.req.valid('param').type), c.req.valid('query'))),
  )
  .openapi(
    staffRoute({ method: 'get', path: '/master/{type}/{id}', privilege: ['MC', 'read'], summary: 'One master-data row', request: { params: typeAndIdParams }, responses: answer('The row') }),
    async (c) => {
      const { type, id } = c.req.valid('param');
      return ok(c, await getMasterRow(c.get('deps').db, findEntryWithId(c, type, id), id));
    },
  )
  .openapi(
    staffRoute({ method: 'post', path: '/master/{type}', privilege: ['MC', 'create'], summary: 'Add a master-data row', request: { params: typeParams, body: jsonBody(anyRow) }, responses: answer('The new row') }),
    async (c) => {
      const entry = findEntry(c, c.req.valid('param').type);
      return ok(c, await createMasterRow(c.get('deps').db, entry, parseRow(c, entry.type, c.req.valid('json')), auditContext(c)), 'admin.saved');
    },
  )
  .openapi(
    staffRoute({
      method: 'put',
      path: '/master/{type}/{id}',
      privilege: ['MC', 'update'],
      summary: 'Change a master-data row',
      request: { params: typeAndIdParams, body: jsonBody(anyRow) },
      responses: answer('The changed row'),
    }),
    async (c) => {
      const { type, id } = c.req.valid('param');
      const entry = findEntryWithId(c, type, id);
      return ok(c, await updateMasterRow(c.get('deps').db, entry, id, parseRow(c, entry.type, c.req.valid('json')), auditContext(c)), 'admin.saved');
    },
  )
  .openapi(
    staffRoute({
      method: 'delete',
      path: '/master/{type}/{id}',
      privilege: ['MC', 'delete'],
      summary: 'Delete a master-data row; 409 while anything refers to it',
      request: { params: typeAndIdParams },
      responses: answer('Deleted'),
    }),
    async (c) => {
      const { type, id } = c.req.valid('param');
      await deleteMasterRow(c.get('deps').db, findEntryWithId(c, type, id), id, auditContext(c));
      return ok(c, { id }, 'admin.deleted');
    },
  );

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

// The feed the workstation's cache pulls. Every staff member's workstation needs the
// lists its pickers read (a requisition officer chooses posts and offices), so reading the feed
// needs a staff sign-in but no privilege; changing master data needs MC.
export const masterFeedRoutes = createRouter();

masterFeedRoutes.openapi(
  anyStaffRoute({
    method: 'get',
    path: '/master-data/changes',
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
