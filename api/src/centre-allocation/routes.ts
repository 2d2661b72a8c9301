import { z } from '@hono/zod-openapi';
import { centreAllocationSaveSchema, idSchema, toLatinDigits, withMessage, type CentreAllocationSaveInput } from '@psc/core';
import { auditContext } from '../audit/record-audit';
import { errorResponses, ok } from '../http/envelope';
import { excelAnswer, excelResponse } from '../http/excel';
import { createRouter, staffRoute } from '../http/router';
import {
  allocationHistory,
  allocationReport,
  completeAllocation,
  getSitting,
  listAllocatedAdvertisements,
  listAllocatedCandidates,
  listSittings,
  removeCentre,
  revertAllocation,
  saveAllocation,
} from './centre-allocation';
import { allocationReportWorkbook } from './centre-allocation-workbook';

// Exam-centre allocation [ECA] (spec §2 exam-center-allocation and its allocate, allocatedCandidate,
// report and history; spec §7 "Exam centre allocation: details, temporary save, final save,
// allocated centres by {id}, assigned centre, delete assigned centre by {deleteId}, reverse
// allocation by {id}, remove centre by {id}, report by {advtCode}/{pageNumber}/{pageLength}").

const jsonBody = <T extends z.ZodType>(schemaOf: T) => ({ required: true, content: { 'application/json': { schema: schemaOf } } });
const answer = (description: string) => ({ 200: { description }, ...errorResponses });
const page = {
  page: z.coerce.number({ error: 'validation.number' }).int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number({ error: 'validation.number' }).int().min(1).max(500).default(50),
};
const searchText = z.string().trim().max(100).overwrite(toLatinDigits).optional();
const optionalId = z.preprocess((value) => (value === '' ? undefined : value), idSchema('validation.number').optional());

const sittingsQuery = z.object({ ...page, search: searchText, status: z.enum(['pending', 'temporary', 'final', 'complete'], { error: 'validation.chooseOne' }).optional() });
const candidatesQuery = z.object({ ...page, search: searchText, venueId: optionalId });
const reportQuery = z.object({ ...page, advertisementCode: searchText, advertisementId: optionalId });
const excelQuery = z.object({ advertisementCode: z.string(withMessage('rollNumbers.advertisementRequired')).trim().min(1, withMessage('rollNumbers.advertisementRequired')).max(30).overwrite(toLatinDigits) });
const historyQuery = z.object({ ...page, advertisementId: optionalId, examPaperId: optionalId });
const advertisementsQuery = z.object({ ...page, search: searchText });
const sittingParams = z.object({ id: idSchema('validation.number'), paperId: idSchema('validation.number') });
const venueParams = sittingParams.extend({ venueId: idSchema('validation.number') });

const SITTING = '/centre-allocations/sittings/{id}/papers/{paperId}';

// The advertisements with their centres and the report are read by the screens of the route table's
// assign-exam-center [MC] and assigned-exam-center/{id} [PEC] as well as by ECA's own (spec §2).
export const centreAllocationRoutes = createRouter()
  .openapi(
    staffRoute({ method: 'get', path: '/centre-allocations/sittings', privilege: ['ECA', 'read'], summary: 'Sittings that can be allocated (approved schedule, roll numbers, paper not skipped) with their state and counts', request: { query: sittingsQuery }, responses: answer('{ items, total }') }),
    async (c) => ok(c, await listSittings(c.get('deps').db, c.req.valid('query') as z.output<typeof sittingsQuery>)),
  )
  .openapi(
    staffRoute({ method: 'get', path: SITTING, privilege: ['ECA', 'read'], summary: "One sitting: candidates by city, the cities' centres with free seats at its time, the saved ranges, and a proposal when none is saved", request: { params: sittingParams }, responses: answer('The sitting') }),
    async (c) => {
      const { id, paperId } = c.req.valid('param');
      return ok(c, await getSitting(c.get('deps').db, id, paperId));
    },
  )
  .openapi(
    staffRoute({ method: 'put', path: SITTING, privilege: ['ECA', 'create'], summary: "Temporary save: replace the sitting's centre ranges", request: { params: sittingParams, body: jsonBody(centreAllocationSaveSchema) }, responses: answer('{ status, centres, candidates }') }),
    async (c) => {
      const { id, paperId } = c.req.valid('param');
      return ok(c, await saveAllocation(c.get('deps').db, id, paperId, c.req.valid('json') as CentreAllocationSaveInput, false, c.get('lang'), auditContext(c)), 'centreAllocation.temporarySaved');
    },
  )
  .openapi(
    staffRoute({ method: 'post', path: `${SITTING}/final`, privilege: ['ECA', 'update'], summary: 'Final save: the ranges with every roll number given a centre; writes the seat rows', request: { params: sittingParams, body: jsonBody(centreAllocationSaveSchema) }, responses: answer('{ status, centres, candidates }') }),
    async (c) => {
      const { id, paperId } = c.req.valid('param');
      return ok(c, await saveAllocation(c.get('deps').db, id, paperId, c.req.valid('json') as CentreAllocationSaveInput, true, c.get('lang'), auditContext(c)), 'centreAllocation.finalSaved');
    },
  )
  .openapi(
    staffRoute({ method: 'post', path: `${SITTING}/revert`, privilege: ['ECA', 'update'], summary: 'Revert a final allocation to temporary (refused once any centre has final rooms)', request: { params: sittingParams }, responses: answer('{ status }') }),
    async (c) => {
      const { id, paperId } = c.req.valid('param');
      return ok(c, await revertAllocation(c.get('deps').db, id, paperId, c.get('lang'), auditContext(c)), 'centreAllocation.reverted');
    },
  )
  .openapi(
    staffRoute({ method: 'post', path: `${SITTING}/complete`, privilege: ['ECA', 'approve'], summary: "Complete a final allocation once every centre's rooms and invigilators are final", request: { params: sittingParams }, responses: answer('{ status }') }),
    async (c) => {
      const { id, paperId } = c.req.valid('param');
      return ok(c, await completeAllocation(c.get('deps').db, id, paperId, c.get('lang'), auditContext(c)), 'centreAllocation.completed');
    },
  )
  .openapi(
    staffRoute({ method: 'delete', path: `${SITTING}/centres/{venueId}`, privilege: ['ECA', 'update'], summary: "Remove one centre's range while the allocation is temporary", request: { params: venueParams }, responses: answer('{ removed }') }),
    async (c) => {
      const { id, paperId, venueId } = c.req.valid('param');
      return ok(c, await removeCentre(c.get('deps').db, id, paperId, venueId, auditContext(c)), 'centreAllocation.removed');
    },
  )
  .openapi(
    staffRoute({ method: 'get', path: `${SITTING}/candidates`, privilege: ['ECA', 'read'], summary: "The sitting's allocated candidates with their centre, by roll; search by roll number or name", request: { params: sittingParams, query: candidatesQuery }, responses: answer('{ items, total }') }),
    async (c) => {
      const { id, paperId } = c.req.valid('param');
      return ok(c, await listAllocatedCandidates(c.get('deps').db, id, paperId, c.req.valid('query') as z.output<typeof candidatesQuery>));
    },
  )
  .openapi(
    staffRoute({ method: 'get', path: '/centre-allocations/report', privilege: [['ECA', 'PEC', 'MC'], 'read'], summary: 'Per advertisement, sitting and centre: the ranges and counts, paged', request: { query: reportQuery }, responses: answer('{ items, total }') }),
    async (c) => ok(c, await allocationReport(c.get('deps').readDb, c.req.valid('query') as z.output<typeof reportQuery>)),
  )
  .openapi(
    staffRoute({ method: 'get', path: '/centre-allocations/report/excel', privilege: [['ECA', 'PEC', 'MC'], 'read'], summary: "One advertisement's allocation report as an Excel workbook (.xlsx), in the caller's language", request: { query: excelQuery }, responses: excelAnswer }),
    async (c) => excelResponse(await allocationReportWorkbook(c.get('deps').readDb, c.req.valid('query').advertisementCode, c.get('lang'))) as never,
  )
  .openapi(
    staffRoute({ method: 'get', path: '/centre-allocations/advertisements', privilege: [['ECA', 'PEC', 'MC'], 'read'], summary: 'Advertisements with allocated centres', request: { query: advertisementsQuery }, responses: answer('{ items, total }') }),
    async (c) => ok(c, await listAllocatedAdvertisements(c.get('deps').db, c.req.valid('query') as z.output<typeof advertisementsQuery>)),
  )
  .openapi(
    staffRoute({ method: 'get', path: '/centre-allocations/history', privilege: ['ECA', 'read'], summary: 'Who saved, finalised, reverted, completed or removed what, and when', request: { query: historyQuery }, responses: answer('{ items, total }') }),
    async (c) => ok(c, await allocationHistory(c.get('deps').db, c.req.valid('query') as z.output<typeof historyQuery>)),
  );
