import { z } from '@hono/zod-openapi';
import { applicationDeleteSchema } from '@psc/core';
import { auditContext } from '../audit/record-audit';
import { errorResponses, ok } from '../http/envelope';
import { excelAnswer, excelResponse } from '../http/excel';
import { createRouter, staffRoute } from '../http/router';
import { idParams } from '../master/params';
import { ensureDashboardCounts } from '../dashboard/dashboard-counts';
import { countApplications, listReapplicants } from './application-reports';
import { deleteApplication } from './delete-application';
import { applicationCountWorkbook, reapplicantsWorkbook } from './report-workbooks';

// Reports [ER] and deleting a candidate's application [CAD delete]. The reports read deps.readDb
// (the replica when there is one): a count a moment behind the primary is still the report.
// Each report's /excel answers the rows its screen shows for the same filters, all pages of them.

const answer = (description: string) => ({ 200: { description }, ...errorResponses });

const reportQuery = z.object({
  advertisementCode: z.string().trim().max(30, { error: 'validation.tooLong' }).optional(),
  fiscalYear: z.string().trim().max(7, { error: 'validation.fiscalYearInvalid' }).optional(),
});
const pagedReportQuery = reportQuery.extend({
  page: z.coerce.number({ error: 'validation.number' }).int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number({ error: 'validation.number' }).int().min(1).max(500).default(50),
});

export const reportRoutes = createRouter()
  .openapi(
    staffRoute({
      method: 'get',
      path: '/reports/application-count',
      privilege: ['ER', 'read'],
      summary: 'Applications per advertisement by status and payment state (application-count-report)',
      request: { query: reportQuery },
      responses: answer('[{ advertisementCode, fiscalYear, total, pending, approved, ..., paid, verificationPending, unpaid, countedAt }] (counted every minute)'),
    }),
    async (c) => {
      await ensureDashboardCounts(c.get('deps').db);
      return ok(c, await countApplications(c.get('deps').readDb, c.req.valid('query')));
    },
  )
  .openapi(
    staffRoute({
      method: 'get',
      path: '/reports/re-applicants',
      privilege: ['ER', 'read'],
      summary: 'Candidates who applied again after an earlier application expired',
      request: { query: pagedReportQuery },
      responses: answer('{ items, total }'),
    }),
    async (c) => ok(c, await listReapplicants(c.get('deps').readDb, c.req.valid('query'))),
  )
  .openapi(
    staffRoute({
      method: 'get',
      path: '/reports/application-count/excel',
      privilege: ['ER', 'read'],
      summary: 'The application count report as an Excel workbook (.xlsx), same filters',
      request: { query: reportQuery },
      responses: excelAnswer,
    }),
    async (c) => {
      await ensureDashboardCounts(c.get('deps').db);
      return excelResponse(await applicationCountWorkbook(c.get('deps').readDb, c.req.valid('query'), c.get('lang'))) as never;
    },
  )
  .openapi(
    staffRoute({
      method: 'get',
      path: '/reports/re-applicants/excel',
      privilege: ['ER', 'read'],
      summary: 'Every re-applicant the filters name as an Excel workbook (.xlsx)',
      request: { query: reportQuery },
      responses: excelAnswer,
    }),
    async (c) => excelResponse(await reapplicantsWorkbook(c.get('deps').readDb, c.req.valid('query'), c.get('lang'))) as never,
  );

export const applicationAdminRoutes = createRouter().openapi(
  staffRoute({
    method: 'delete',
    path: '/applications/{id}',
    privilege: ['CAD', 'delete'],
    summary: "Delete a candidate's application, with the reason (?remarks=); audited, on its timeline",
    request: { params: idParams, query: applicationDeleteSchema },
    responses: answer('{ id, deletedAt }'),
  }),
  async (c) => ok(c, await deleteApplication(c.get('deps').db, c.req.valid('param').id, c.req.valid('query').remarks, auditContext(c)), 'application.deleted'),
);
