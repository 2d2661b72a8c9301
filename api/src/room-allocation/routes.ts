import { z } from '@hono/zod-openapi';
import { idSchema, invigilatorAllocationSaveSchema, roomAllocationSaveSchema, ROOM_ALLOCATION_STATUSES, type InvigilatorAllocationSaveInput, type PrivilegeCode, type RoomAllocationSaveInput } from '@psc/core';
import { auditContext } from '../audit/record-audit';
import { errorResponses, ok } from '../http/envelope';
import { excelResponse } from '../http/excel';
import { createRouter, staffRoute } from '../http/router';
import { idParams } from '../master/params';
import { gateList, gateListWorkbook, listSittings, sittingReport, sittingReportWorkbook } from './centre-reports';
import { finaliseInvigilators, forwardInvigilators, getInvigilators, revertInvigilators, saveInvigilators } from './invigilator-allocation';
import { finaliseRooms, finaliseSitting, forwardRooms, getRange, listRanges, rangeCandidates, revertRooms, saveRooms, saveSittingDefaultSplit } from './room-allocation';

// Room allocation [PEC], invigilator allocation [ES and PEC] and the exam-centre reports [PEC]
// (spec §2 room-allocation, exam-center-rooms, assign-rooms, invigilator-allocation,
// allocate-invigilator, view-invigilator, view-candidate, exam-center-report; spec §7 "Room and
// invigilator allocation: temporary and final save by {id}, revert (DELETE), forward
// advertisement by {id}, existing room allocation by {id}, invigilator allocated by {id}").
// Saving is `create`, forwarding `create`, the final save `approve` (the approver's, once
// forwarded), revert `delete`.

const jsonBody = <T extends z.ZodType>(schemaOf: T) => ({ required: true, content: { 'application/json': { schema: schemaOf } } });
const answer = (description: string) => ({ 200: { description }, ...errorResponses });

const optionalId = z.preprocess((value) => (value === '' ? undefined : value), idSchema('validation.number').optional());
const rangeQuery = z.object({
  advertisementId: optionalId,
  examPaperId: optionalId,
  status: z.enum(ROOM_ALLOCATION_STATUSES, { error: 'validation.chooseOne' }).optional(),
});
const candidateQuery = z.object({
  roomId: optionalId,
  page: z.coerce.number({ error: 'validation.number' }).int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number({ error: 'validation.number' }).int().min(1).max(500).default(100),
});

/** A report answers JSON, or with format=xlsx the same report as an Excel workbook. */
const formatQuery = z.object({ format: z.enum(['json', 'xlsx'], { error: 'validation.chooseOne' }).optional() });

export const roomAllocationRoutes = createRouter()
  .openapi(
    staffRoute({ method: 'get', path: '/room-allocation/ranges', privilege: ['PEC', 'read'], summary: "Centres' roll ranges of final centre allocations, by sitting, with their room and invigilator states", request: { query: rangeQuery }, responses: answer('{ items }') }),
    async (c) => ok(c, await listRanges(c.get('deps').db, c.req.valid('query') as z.output<typeof rangeQuery>)),
  )
  .openapi(
    staffRoute({ method: 'get', path: '/room-allocation/ranges/{id}', privilege: ['PEC', 'read'], summary: "One centre's range with its rooms and their saved (or suggested) shares", request: { params: idParams }, responses: answer('{ range, suggested, problem, seats, rooms }') }),
    async (c) => ok(c, await getRange(c.get('deps').db, c.req.valid('param').id, c.get('deps').config.seatsPerInvigilator)),
  )
  .openapi(
    staffRoute({ method: 'put', path: '/room-allocation/ranges/{id}', privilege: ['PEC', 'create'], summary: 'Temporary save of the room split (the shares typed, or the default split when none)', request: { params: idParams, body: jsonBody(roomAllocationSaveSchema) }, responses: answer('{ rangeId, roomStatus, shares }') }),
    async (c) => ok(c, await saveRooms(c.get('deps').db, c.req.valid('param').id, c.req.valid('json') as RoomAllocationSaveInput, auditContext(c)), 'roomAllocation.saved'),
  )
  .openapi(
    staffRoute({ method: 'post', path: '/room-allocation/ranges/{id}/forward', privilege: ['PEC', 'create'], summary: 'Forward the saved room split for approval', request: { params: idParams }, responses: answer('{ rangeId, roomStatus }') }),
    async (c) => ok(c, await forwardRooms(c.get('deps').db, c.req.valid('param').id, auditContext(c)), 'roomAllocation.forwarded'),
  )
  .openapi(
    staffRoute({ method: 'post', path: '/room-allocation/ranges/{id}/final', privilege: ['PEC', 'approve'], summary: "Final save: every candidate of the range gets the room and seat of the split", request: { params: idParams }, responses: answer('{ rangeId, roomStatus, seated }') }),
    async (c) => ok(c, await finaliseRooms(c.get('deps').db, c.req.valid('param').id, auditContext(c)), 'roomAllocation.finalised'),
  )
  .openapi(
    staffRoute({ method: 'delete', path: '/room-allocation/ranges/{id}', privilege: ['PEC', 'delete'], summary: 'Revert: back to pending; the split, the seats and the invigilators are cleared', request: { params: idParams }, responses: answer('{ rangeId, roomStatus }') }),
    async (c) => ok(c, await revertRooms(c.get('deps').db, c.req.valid('param').id, auditContext(c)), 'roomAllocation.reverted'),
  )
  // A sitting's every centre at once (its centre allocation's id): the same states and privileges
  // as one centre's save and final save, for the 150 centres of a big sitting in two calls.
  .openapi(
    staffRoute({
      method: 'put',
      path: '/room-allocation/allocations/{id}/default-split',
      privilege: ['PEC', 'create'],
      summary: "Temporary save of the default split at every centre of the sitting still pending; the others are left alone and counted, a centre whose rooms do not fit is reported",
      request: { params: idParams },
      responses: answer('{ allocationId, saved, skipped, seated, problems }'),
    }),
    async (c) => ok(c, await saveSittingDefaultSplit(c.get('deps').db, c.req.valid('param').id, auditContext(c), c.get('lang')), 'roomAllocation.sittingSaved'),
  )
  .openapi(
    staffRoute({
      method: 'post',
      path: '/room-allocation/allocations/{id}/final',
      privilege: ['PEC', 'approve'],
      summary: 'Final save of every centre of the sitting saved or forwarded: each checked against its rooms and seated, in one transaction',
      request: { params: idParams },
      responses: answer('{ allocationId, saved, skipped, seated, problems }'),
    }),
    async (c) => ok(c, await finaliseSitting(c.get('deps').db, c.req.valid('param').id, auditContext(c), c.get('lang')), 'roomAllocation.sittingFinalised'),
  )
  .openapi(
    staffRoute({ method: 'get', path: '/exam-centre-reports/sittings', privilege: ['PEC', 'read'], summary: 'Sittings with a final centre allocation, with their centres and how many are final', responses: answer('{ items }') }),
    async (c) => ok(c, await listSittings(c.get('deps').db)),
  )
  .openapi(
    staffRoute({
      method: 'get',
      path: '/exam-centre-reports/sittings/{id}',
      privilege: ['PEC', 'read'],
      summary: "One sitting's centres, rooms, roll ranges, counts and invigilators; with format=xlsx an Excel workbook, a sheet per centre, in the caller's language",
      request: { params: idParams, query: formatQuery },
      responses: answer('{ sitting, centres }, or the workbook'),
    }),
    async (c) => {
      const { db } = c.get('deps');
      const id = c.req.valid('param').id;
      if ((c.req.valid('query') as z.output<typeof formatQuery>).format === 'xlsx') return excelResponse(await sittingReportWorkbook(db, id, c.get('lang'))) as never;
      return ok(c, await sittingReport(db, id));
    },
  )
  .openapi(
    staffRoute({
      method: 'get',
      path: '/exam-centre-reports/ranges/{id}/gate-list',
      privilege: ['PEC', 'read'],
      summary: "One centre's gate (door) list: its rooms' roll ranges; with format=xlsx an Excel workbook",
      request: { params: idParams, query: formatQuery },
      responses: answer('The centre with its rooms, or the workbook'),
    }),
    async (c) => {
      const { db } = c.get('deps');
      const id = c.req.valid('param').id;
      if ((c.req.valid('query') as z.output<typeof formatQuery>).format === 'xlsx') return excelResponse(await gateListWorkbook(db, id, c.get('lang'))) as never;
      return ok(c, await gateList(db, id));
    },
  );

/**
 * The invigilator routes, once per privilege that opens them: spec §2 gives the examination
 * section [ES] allocate-invigilator, view-invigilator and view-candidate, and [PEC]
 * invigilator-allocation and assign-invigilator; a route names one privilege, so each is served
 * under its own prefix.
 */
function invigilatorRoutes(code: PrivilegeCode, prefix: string) {
  return createRouter()
    .openapi(
      staffRoute({ method: 'get', path: `${prefix}/ranges`, privilege: [code, 'read'], summary: "Centres' ranges whose rooms are final, with their invigilator states", request: { query: rangeQuery }, responses: answer('{ items }') }),
      async (c) => ok(c, await listRanges(c.get('deps').db, { ...(c.req.valid('query') as z.output<typeof rangeQuery>), status: 'final' })),
    )
    .openapi(
      staffRoute({ method: 'get', path: `${prefix}/ranges/{id}`, privilege: [code, 'read'], summary: "One range's rooms with the invigilators each needs, who is assigned, and whom to choose from", request: { params: idParams }, responses: answer('{ range, rooms, assigned, invigilators }') }),
      async (c) => ok(c, await getInvigilators(c.get('deps').db, c.req.valid('param').id, c.get('deps').config.seatsPerInvigilator)),
    )
    .openapi(
      staffRoute({ method: 'get', path: `${prefix}/ranges/{id}/candidates`, privilege: [code, 'read'], summary: "A range's (or one room's) candidates with their room and seat", request: { params: idParams, query: candidateQuery }, responses: answer('{ range, total, items }') }),
      async (c) => ok(c, await rangeCandidates(c.get('deps').db, c.req.valid('param').id, c.req.valid('query') as z.output<typeof candidateQuery>)),
    )
    .openapi(
      staffRoute({ method: 'put', path: `${prefix}/ranges/{id}`, privilege: [code, 'create'], summary: 'Temporary save of the chief and the rooms\u2019 invigilators', request: { params: idParams, body: jsonBody(invigilatorAllocationSaveSchema) }, responses: answer('{ rangeId, invigilatorStatus }') }),
      async (c) => {
        const deps = c.get('deps');
        return ok(c, await saveInvigilators(deps.db, c.req.valid('param').id, c.req.valid('json') as InvigilatorAllocationSaveInput, auditContext(c), c.get('lang'), deps.config.seatsPerInvigilator), 'invigilatorAllocation.saved');
      },
    )
    .openapi(
      staffRoute({ method: 'post', path: `${prefix}/ranges/{id}/forward`, privilege: [code, 'create'], summary: 'Forward the invigilators for approval', request: { params: idParams }, responses: answer('{ rangeId, invigilatorStatus }') }),
      async (c) => ok(c, await forwardInvigilators(c.get('deps').db, c.req.valid('param').id, auditContext(c)), 'invigilatorAllocation.forwarded'),
    )
    .openapi(
      staffRoute({ method: 'post', path: `${prefix}/ranges/{id}/final`, privilege: [code, 'approve'], summary: 'Final save of the invigilators: one chief, every room its invigilators, no clash', request: { params: idParams }, responses: answer('{ rangeId, invigilatorStatus }') }),
      async (c) => {
        const deps = c.get('deps');
        return ok(c, await finaliseInvigilators(deps.db, c.req.valid('param').id, auditContext(c), c.get('lang'), deps.config.seatsPerInvigilator), 'invigilatorAllocation.finalised');
      },
    )
    .openapi(
      staffRoute({ method: 'delete', path: `${prefix}/ranges/{id}`, privilege: [code, 'delete'], summary: "Revert: the range's invigilators are cleared, back to pending", request: { params: idParams }, responses: answer('{ rangeId, invigilatorStatus }') }),
      async (c) => ok(c, await revertInvigilators(c.get('deps').db, c.req.valid('param').id, auditContext(c)), 'invigilatorAllocation.reverted'),
    );
}

/** [PEC] invigilator-allocation and assign-invigilator. */
export const pecInvigilatorRoutes = invigilatorRoutes('PEC', '/invigilator-allocation');
/** [ES] allocate-invigilator, view-invigilator and view-candidate. */
export const esInvigilatorRoutes = invigilatorRoutes('ES', '/invigilator-duties');
