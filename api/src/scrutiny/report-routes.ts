import { z } from '@hono/zod-openapi';
import { casteClassificationQuerySchema, scrutinyReopenSchema, scrutinyReportQuerySchema } from '@psc/core';
import { auditContext } from '../audit/record-audit';
import { errorResponses, ok } from '../http/envelope';
import { excelAnswer, excelResponse } from '../http/excel';
import { createRouter, staffRoute } from '../http/router';
import { idParams } from '../master/params';
import { finaliseScrutiny, listFinalisationEvents, listFinalisations, reopenScrutiny } from './finalise-scrutiny';
import { assertAdvertisement } from './read-scrutiny';
import { casteClassification, casteClassificationWorkbook, scrutinyReport, scrutinyReportWorkbook } from './scrutiny-report';

// Finalised scrutiny [SM] (spec §2 finalized-scrutiny; §4 "Scrutiny allocation: ... finalise"),
// the scrutiny report [SD] (spec §2 scrutiny/report; §5) and the caste classification of the
// approved applicants [SC] (spec §2 scrutiny/caste-classification). The report and the
// classification read deps.readDb (the replica when there is one, a moment behind the primary);
// finalising and the finalisation lists, which follow the officer's own change, read the primary.

const answer = (description: string) => ({ 200: { description }, ...errorResponses });
const pageQuery = z.object({
  page: z.coerce.number({ error: 'validation.number' }).int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number({ error: 'validation.number' }).int().min(1).max(200).default(50),
});
const classificationQuery = casteClassificationQuerySchema;
const reportFilterQuery = scrutinyReportQuerySchema.omit({ page: true, pageSize: true });

export const scrutinyReportRoutes = createRouter()
  .openapi(
    staffRoute({
      method: 'get',
      path: '/scrutiny/finalisations',
      privilege: ['SM', 'read'],
      summary: 'Advertisements in scrutiny (applications closed) with their applications by scrutiny status and whether the scrutiny is finalised',
      request: { query: pageQuery },
      responses: answer('{ items, total }'),
    }),
    async (c) => ok(c, await listFinalisations(c.get('deps').db, c.req.valid('query'))),
  )
  .openapi(
    staffRoute({
      method: 'get',
      path: '/scrutiny/advertisements/{id}/finalisation-events',
      privilege: ['SM', 'read'],
      summary: "The advertisement's finalise and reopen history, latest first",
      request: { params: idParams },
      responses: answer('[{ id, action, remark, actor, at }]'),
    }),
    async (c) => {
      const db = c.get('deps').db;
      const { id } = c.req.valid('param');
      await assertAdvertisement(db, id);
      return ok(c, await listFinalisationEvents(db, id));
    },
  )
  .openapi(
    staffRoute({
      method: 'post',
      path: '/scrutiny/advertisements/{id}/finalisation',
      privilege: ['SM', 'update'],
      summary: "Finalise the advertisement's scrutiny; refused, with the counts, while any application is unallocated, pending or on hold",
      request: { params: idParams },
      responses: answer('{ advertisementId, finalised, finalisedAt, counts }'),
    }),
    async (c) => ok(c, await finaliseScrutiny(c.get('deps').db, c.req.valid('param').id, auditContext(c)), 'scrutinyFinal.finalised'),
  )
  .openapi(
    staffRoute({
      method: 'post',
      path: '/scrutiny/advertisements/{id}/reopening',
      privilege: ['SM', 'update'],
      summary: "Reopen a finalised scrutiny, with a remark saying why (audited); decisions and moves are allowed again",
      request: { params: idParams, body: { required: true, content: { 'application/json': { schema: scrutinyReopenSchema } } } },
      responses: answer('{ advertisementId, finalised, reopenedAt }'),
    }),
    async (c) => ok(c, await reopenScrutiny(c.get('deps').db, c.req.valid('param').id, c.req.valid('json'), auditContext(c)), 'scrutinyFinal.reopened'),
  )
  .openapi(
    staffRoute({
      method: 'get',
      path: '/scrutiny/report',
      privilege: ['SD', 'read'],
      summary: 'Per application of one advertisement at one exam centre: scrutiny status, officer, quotas decided; office, advertisement code, fiscal year and exam centre required',
      request: { query: scrutinyReportQuerySchema },
      responses: answer('{ advertisement, counts, items, total, page, pageSize }'),
    }),
    async (c) => ok(c, await scrutinyReport(c.get('deps').readDb, c.req.valid('query'), c.get('lang'))),
  )
  .openapi(
    staffRoute({
      method: 'get',
      path: '/scrutiny/report/excel',
      privilege: ['SD', 'read'],
      summary: 'The whole scrutiny report of the four filters as an Excel workbook (.xlsx), in the caller\'s language',
      request: { query: reportFilterQuery },
      responses: excelAnswer,
    }),
    async (c) => excelResponse(await scrutinyReportWorkbook(c.get('deps').readDb, c.req.valid('query'), c.get('lang'))) as never,
  )
  .openapi(
    staffRoute({
      method: 'get',
      path: '/scrutiny/caste-classification',
      privilege: ['SC', 'read'],
      summary: "The advertisement's approved applicants counted by caste/ethnicity, inclusive group (quota), gender and permanent district",
      request: { query: classificationQuery },
      responses: answer('{ advertisement, total, byCaste, byQuota, byGender, byDistrict }'),
    }),
    async (c) => ok(c, await casteClassification(c.get('deps').readDb, c.req.valid('query').advertisementCode, c.get('lang'))),
  )
  .openapi(
    staffRoute({
      method: 'get',
      path: '/scrutiny/caste-classification/excel',
      privilege: ['SC', 'read'],
      summary: 'The caste classification as an Excel workbook (.xlsx), one sheet per table',
      request: { query: classificationQuery },
      responses: excelAnswer,
    }),
    async (c) => excelResponse(await casteClassificationWorkbook(c.get('deps').readDb, c.req.valid('query').advertisementCode, c.get('lang'))) as never,
  );
