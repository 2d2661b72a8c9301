import { z } from '@hono/zod-openapi';
import { idSchema, scrutinyAllocationSchema, scrutinyReallocationSchema, scrutinySwitchSchema } from '@psc/core';
import { auditContext } from '../audit/record-audit';
import { errorResponses, ok } from '../http/envelope';
import { createRouter, staffRoute } from '../http/router';
import { idParams } from '../master/params';
import { allocateScrutiny, reallocateScrutiny, switchScrutiny } from './allocate-scrutiny';
import {
  allocationReport,
  assertAdvertisement,
  getScrutinyAdvertisement,
  listAllocationHistory,
  listClosedAdvertisements,
  listUnallocatedApplications,
  officerAllocationReport,
} from './read-scrutiny';
import { listOfficerWorkloads } from './scrutiny-officers';

// Scrutiny allocation [SA] (spec §2 scrutiny-allocation[/{id}], scrutiny-reallocation/{id},
// re-allocation/{id}, scrutiny-allocation-history, allocation/report; §4 "Scrutiny allocation"),
// and one officer's record for the scrutiny report [SD] (allocation/reportIndividual/{userDetails}).

const jsonBody = <T extends z.ZodType>(schemaOf: T) => ({ required: true, content: { 'application/json': { schema: schemaOf } } });
const answer = (description: string) => ({ 200: { description }, ...errorResponses });

const pageQuery = z.object({
  page: z.coerce.number({ error: 'validation.number' }).int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number({ error: 'validation.number' }).int().min(1).max(200).default(50),
});
const historyQuery = pageQuery.extend({ advertisementId: idSchema('validation.number').optional() });
const reportQuery = z.object({ advertisementId: idSchema('validation.number').optional() });

export const scrutinyRoutes = createRouter()
  .openapi(
    staffRoute({
      method: 'get',
      path: '/scrutiny/advertisements',
      privilege: ['SA', 'read'],
      summary: 'Advertisements whose applications have closed (past the double-fee date), with paid, allocated and unallocated counts',
      request: { query: pageQuery },
      responses: answer('{ items, total }'),
    }),
    async (c) => ok(c, await listClosedAdvertisements(c.get('deps').db, c.req.valid('query'))),
  )
  .openapi(
    staffRoute({
      method: 'get',
      path: '/scrutiny/advertisements/{id}',
      privilege: ['SA', 'read'],
      summary: 'One advertisement with its paid, allocated and unallocated counts, and whether its applications have closed',
      request: { params: idParams },
      responses: answer('{ id, code, fiscalYear, postNameEn, postNameNp, doubleFeeLastDate, paid, allocated, unallocated, isClosed }'),
    }),
    async (c) => ok(c, await getScrutinyAdvertisement(c.get('deps').db, c.req.valid('param').id)),
  )
  .openapi(
    staffRoute({
      method: 'get',
      path: '/scrutiny/advertisements/{id}/unallocated',
      privilege: ['SA', 'read'],
      summary: "The advertisement's paid applications not allocated to an officer yet, oldest first",
      request: { params: idParams, query: pageQuery },
      responses: answer('{ items, total }'),
    }),
    async (c) => ok(c, await listUnallocatedApplications(c.get('deps').db, c.req.valid('param').id, c.req.valid('query'))),
  )
  .openapi(
    staffRoute({
      method: 'get',
      path: '/scrutiny/advertisements/{id}/officers',
      privilege: ['SA', 'read'],
      summary: 'The scrutiny officers (SC) with what each holds of this advertisement and in all',
      request: { params: idParams },
      responses: answer('[{ id, username, fullNameEn, fullNameNp, allocated, unfinished, unfinishedAll }]'),
    }),
    async (c) => {
      const db = c.get('deps').db;
      const { id } = c.req.valid('param');
      await assertAdvertisement(db, id);
      return ok(c, await listOfficerWorkloads(db, id));
    },
  )
  .openapi(
    staffRoute({
      method: 'post',
      path: '/scrutiny/advertisements/{id}/allocations',
      privilege: ['SA', 'create'],
      summary: "Allocate the advertisement's waiting paid applications evenly among officers, or by the count typed for each",
      request: { params: idParams, body: jsonBody(scrutinyAllocationSchema) },
      responses: answer('{ advertisementId, mode, allocated, officers: [{ officerId, count }], unallocated }'),
    }),
    async (c) => ok(c, await allocateScrutiny(c.get('deps').db, c.req.valid('param').id, c.req.valid('json'), auditContext(c), c.get('lang')), 'scrutiny.allocated'),
  )
  .openapi(
    staffRoute({
      method: 'post',
      path: '/scrutiny/advertisements/{id}/reallocations',
      privilege: ['SA', 'update'],
      summary: "Hand an officer's unfinished (pending or on hold) applications of the advertisement to another officer: all, or a count",
      request: { params: idParams, body: jsonBody(scrutinyReallocationSchema) },
      responses: answer('{ advertisementId, fromOfficerId, toOfficerId, reallocated }'),
    }),
    async (c) => ok(c, await reallocateScrutiny(c.get('deps').db, c.req.valid('param').id, c.req.valid('json'), auditContext(c), c.get('lang')), 'scrutiny.reallocated'),
  )
  .openapi(
    staffRoute({
      method: 'post',
      path: '/scrutiny/advertisements/{id}/switches',
      privilege: ['SA', 'update'],
      summary: "Exchange two officers' unfinished applications of the advertisement",
      request: { params: idParams, body: jsonBody(scrutinySwitchSchema) },
      responses: answer('{ advertisementId, officerId, otherOfficerId, movedToOther, movedToOfficer }'),
    }),
    async (c) => ok(c, await switchScrutiny(c.get('deps').db, c.req.valid('param').id, c.req.valid('json'), auditContext(c), c.get('lang')), 'scrutiny.switched'),
  )
  .openapi(
    staffRoute({
      method: 'get',
      path: '/scrutiny/allocation-history',
      privilege: ['SA', 'read'],
      summary: 'Allocation actions, latest first: allocate, reallocate, switch; who, from, to, how many, when',
      request: { query: historyQuery },
      responses: answer('{ items, total }'),
    }),
    async (c) => ok(c, await listAllocationHistory(c.get('deps').db, c.req.valid('query'))),
  )
  .openapi(
    staffRoute({
      method: 'get',
      path: '/scrutiny/allocation-report',
      privilege: ['SA', 'read'],
      summary: 'Per officer: allocated, completed, remaining, on hold, pending, approved, rejected, forms; of one advertisement or all',
      request: { query: reportQuery },
      responses: answer('{ officers, totals }'),
    }),
    async (c) => ok(c, await allocationReport(c.get('deps').db, c.req.valid('query'))),
  )
  .openapi(
    staffRoute({
      method: 'get',
      path: '/scrutiny/allocation-report/officers/{id}',
      privilege: ['SD', 'read'],
      summary: "One officer's scrutiny record: per advertisement allocated, completed, remaining, on hold, pending, approved, rejected, forms; and the totals",
      request: { params: idParams },
      responses: answer('{ officer, advertisements, totals }'),
    }),
    async (c) => ok(c, await officerAllocationReport(c.get('deps').db, c.req.valid('param').id)),
  );
