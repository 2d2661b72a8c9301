import { z } from '@hono/zod-openapi';
import {
  ADVERTISEMENT_STATUSES,
  advertisementConfigurationSchema,
  advertisementDatesSchema,
  advertisementExamCentresSchema,
  advertisementNumberChangeSchema,
  advertisementOptionalSubjectsSchema,
  advertisementQuotaAddSchema,
  advertisementRejectSchema,
  advertisementTransitionSchema,
  type AdvertisementConfiguration,
  type AdvertisementDates,
} from '@psc/core';
import type { Context } from 'hono';
import { auditContext } from '../audit/record-audit';
import type { AppEnv } from '../context';
import { errorResponses, ok } from '../http/envelope';
import { createRouter, staffRoute } from '../http/router';
import { idParams } from '../master/params';
import { advertisementApplicationCounts } from './application-counts';
import {
  addAdvertisementQuota,
  allocateNumberForAdvertisement,
  changeAdvertisementDates,
  changeAdvertisementQuotaNumber,
  configureAdvertisement,
  setAdvertisementExamCentres,
  setAdvertisementOptionalSubjects,
  transitionAdvertisement,
  type AdvertisementActor,
} from './change-advertisement';
import { getAdvertisement, listAdvertisements, reportAdvertisements, summarizeAdvertisementStatuses } from './read-advertisements';
import { excelAnswer, excelResponse } from '../http/excel';
import { advertisementReportWorkbook } from './advertisement-report-workbook';

const jsonBody = <T extends z.ZodType>(schema: T) => ({ required: true, content: { 'application/json': { schema } } });
const answer = (description: string) => ({ 200: { description }, ...errorResponses });

const actorOf = (c: Context<AppEnv>): AdvertisementActor => ({ ...auditContext(c), lang: c.get('lang') });

/** ?fiscalYear=2082/83 (spec §9 fiscal years in B.S.). */
export const fiscalYearQuery = z
  .string()
  .trim()
  .regex(/^\d{4}\/\d{2}$/, { error: 'validation.fiscalYearInvalid' })
  .optional();
const statusQuery = z.enum(ADVERTISEMENT_STATUSES, { error: 'validation.chooseOne' }).optional();

/** ?page&pageSize (at most 100)&search of the staff recruitment lists. */
export const listPageQuery = z.object({
  page: z.coerce.number({ error: 'validation.number' }).int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number({ error: 'validation.number' }).int().min(1).max(100).default(20),
  search: z.string().trim().max(100, { error: 'validation.tooLong' }).optional(),
});

const quotaParams = idParams.extend({ quotaId: idParams.shape.id });

const transitions = [
  { action: 'pre-live', privilege: ['PA', 'update'], summary: 'Pre-live publish: send a configured advertisement for publication (configured -> pending)' },
  { action: 'publish', privilege: ['PA', 'approve'], summary: 'Publish a pending advertisement (every date set, at least one exam centre)' },
  { action: 'reject', privilege: ['PA', 'reject'], summary: 'Reject a pending advertisement, with a remark (pending -> rejected)' },
  { action: 'close', privilege: ['PA', 'update'], summary: 'Close a published advertisement' },
  { action: 'open', privilege: ['PA', 'update'], summary: 'Open a closed advertisement again' },
] as const;

// spec §2 publish-advertisement, change-advertisement-date, configure-optional-subject/{id},
// advertisementlist, advertisementlistDetails, bigyapan/status [PA]; addQuotaToExistingAdvertisements
// [AQTEA]; advertisement-report [AR]. The lifecycle rule is core/src/recruitment/advertisement-lifecycle.ts.
export const advertisementRoutes = createRouter()
  // Before /advertisements/{id}, which would otherwise take "status-summary" for an id.
  .openapi(
    staffRoute({
      method: 'get',
      path: '/advertisements/status-summary',
      privilege: ['PA', 'read'],
      summary: 'How many advertisements are in each status (bigyapan/status)',
      request: { query: z.object({ fiscalYear: fiscalYearQuery }) },
      responses: answer('{ fiscalYear, counts: [{ status, count }], total }'),
    }),
    async (c) => ok(c, await summarizeAdvertisementStatuses(c.get('deps').db, c.req.valid('query'))),
  )
  .openapi(
    staffRoute({
      method: 'get',
      path: '/advertisements/{id}/application-counts',
      privilege: ['PA', 'read'],
      summary: "The advertisement's applications counted by status, payment state and quota (advertisement/get-count)",
      request: { params: idParams },
      responses: answer('{ advertisement, total, byStatus, byPaymentState, byQuota }'),
    }),
    async (c) => ok(c, await advertisementApplicationCounts(c.get('deps').db, c.req.valid('param').id)),
  )
  .openapi(
    staffRoute({
      method: 'get',
      path: '/advertisements',
      privilege: ['PA', 'read'],
      summary: 'A page of advertisements, newest first',
      request: { query: listPageQuery.extend({ status: statusQuery, fiscalYear: fiscalYearQuery }) },
      responses: answer('{ items, total }'),
    }),
    async (c) => ok(c, await listAdvertisements(c.get('deps').db, c.req.valid('query'))),
  )
  .openapi(
    staffRoute({ method: 'get', path: '/advertisements/{id}', privilege: ['PA', 'read'], summary: 'One advertisement: dates, quotas, options, allowed actions, history', request: { params: idParams }, responses: answer('The advertisement') }),
    async (c) => ok(c, await getAdvertisement(c.get('deps').db, c.req.valid('param').id)),
  )
  .openapi(
    staffRoute({
      method: 'put',
      path: '/advertisements/{id}/configuration',
      privilege: ['PA', 'update'],
      summary: 'Configure: dates, age limits, exam centres and optional subjects (-> configured)',
      request: { params: idParams, body: jsonBody(advertisementConfigurationSchema) },
      responses: answer('{ id, code, status, fromStatus }'),
    }),
    async (c) => ok(c, await configureAdvertisement(c.get('deps').db, c.req.valid('param').id, c.req.valid('json') as AdvertisementConfiguration, actorOf(c)), 'admin.saved'),
  )
  .openapi(
    staffRoute({
      method: 'put',
      path: '/advertisements/{id}/dates',
      privilege: ['PA', 'update'],
      summary: 'Change the dates (publish, payment, submission, double fee, age cut-off, re-apply window)',
      request: { params: idParams, body: jsonBody(advertisementDatesSchema) },
      responses: answer('{ id, code, status, fromStatus }'),
    }),
    async (c) => ok(c, await changeAdvertisementDates(c.get('deps').db, c.req.valid('param').id, c.req.valid('json') as AdvertisementDates, actorOf(c)), 'admin.saved'),
  )
  .openapi(
    staffRoute({
      method: 'put',
      path: '/advertisements/{id}/exam-centres',
      privilege: ['PA', 'update'],
      summary: 'The exam centres candidates may choose from',
      request: { params: idParams, body: jsonBody(advertisementExamCentresSchema) },
      responses: answer('{ id, code, status, fromStatus }'),
    }),
    async (c) => ok(c, await setAdvertisementExamCentres(c.get('deps').db, c.req.valid('param').id, c.req.valid('json').examCentreIds, actorOf(c)), 'admin.saved'),
  )
  .openapi(
    staffRoute({
      method: 'put',
      path: '/advertisements/{id}/optional-subjects',
      privilege: ['PA', 'update'],
      summary: 'The optional subjects candidates choose one of',
      request: { params: idParams, body: jsonBody(advertisementOptionalSubjectsSchema) },
      responses: answer('{ id, code, status, fromStatus }'),
    }),
    async (c) => ok(c, await setAdvertisementOptionalSubjects(c.get('deps').db, c.req.valid('param').id, c.req.valid('json').subjectIds, actorOf(c)), 'admin.saved'),
  )
  .openapi(
    staffRoute({
      method: 'post',
      path: '/advertisements/{id}/numbers',
      privilege: ['PA', 'update'],
      summary: 'Allocate a new number from the advertisement’s office range, for updating a quota’s number',
      request: { params: idParams },
      responses: answer('{ id, number, fiscalYear, rangeId, label }'),
    }),
    async (c) => ok(c, await allocateNumberForAdvertisement(c.get('deps').db, c.req.valid('param').id, 'update-number', actorOf(c)), 'admin.saved'),
  )
  .openapi(
    staffRoute({
      method: 'put',
      path: '/advertisements/{id}/quotas/{quotaId}/number',
      privilege: ['PA', 'update'],
      summary: 'Give a quota of the advertisement a new number (spec §5: a new number is required)',
      request: { params: quotaParams, body: jsonBody(advertisementNumberChangeSchema) },
      responses: answer('{ id, code, status, fromStatus }'),
    }),
    async (c) => {
      const { id, quotaId } = c.req.valid('param');
      return ok(c, await changeAdvertisementQuotaNumber(c.get('deps').db, id, quotaId, c.req.valid('json'), actorOf(c)), 'admin.saved');
    },
  )
  .openapi(
    staffRoute({
      method: 'post',
      path: '/advertisements/{id}/quota-numbers',
      privilege: ['AQTEA', 'create'],
      summary: 'Allocate a number for a quota to be added to the advertisement',
      request: { params: idParams },
      responses: answer('{ id, number, fiscalYear, rangeId, label }'),
    }),
    async (c) => ok(c, await allocateNumberForAdvertisement(c.get('deps').db, c.req.valid('param').id, 'add-quota', actorOf(c)), 'admin.saved'),
  )
  .openapi(
    staffRoute({
      method: 'post',
      path: '/advertisements/{id}/quotas',
      privilege: ['AQTEA', 'create'],
      summary: 'Add a quota to an existing advertisement; its total vacancy grows',
      request: { params: idParams, body: jsonBody(advertisementQuotaAddSchema) },
      responses: answer('{ id, code, status, fromStatus }'),
    }),
    async (c) => ok(c, await addAdvertisementQuota(c.get('deps').db, c.req.valid('param').id, c.req.valid('json'), actorOf(c)), 'admin.saved'),
  )
  .openapi(
    staffRoute({
      method: 'get',
      path: '/reports/advertisements',
      privilege: ['AR', 'read'],
      summary: 'The advertisement report: numbers, names, vacancies by quota, status and dates',
      request: { query: z.object({ fiscalYear: fiscalYearQuery, status: statusQuery }) },
      responses: answer('{ items, total, totalVacancy }'),
    }),
    async (c) => ok(c, await reportAdvertisements(c.get('deps').readDb, c.req.valid('query'))),
  )
  .openapi(
    staffRoute({
      method: 'get',
      path: '/reports/advertisements/excel',
      privilege: ['AR', 'read'],
      summary: 'The advertisement report as an Excel workbook (.xlsx), same filters',
      request: { query: z.object({ fiscalYear: fiscalYearQuery, status: statusQuery }) },
      responses: excelAnswer,
    }),
    // Read from the replica when there is one, as the other reports are.
    async (c) => excelResponse(await advertisementReportWorkbook(c.get('deps').readDb, c.req.valid('query'), c.get('lang'))) as never,
  );

// One route per transition, each with its own privilege (publish needs PA approve, reject PA reject).
for (const { action, privilege, summary } of transitions) {
  const body = action === 'reject' ? advertisementRejectSchema : advertisementTransitionSchema;
  advertisementRoutes.openapi(
    staffRoute({ method: 'post', path: `/advertisements/{id}/${action}`, privilege, summary, request: { params: idParams, body: jsonBody(body) }, responses: answer('{ id, code, status, fromStatus }') }),
    async (c) => {
      const { remarks } = c.req.valid('json') as { remarks: string | null };
      return ok(c, await transitionAdvertisement(c.get('deps').db, c.req.valid('param').id, action, remarks, actorOf(c)), 'admin.saved');
    },
  );
}
