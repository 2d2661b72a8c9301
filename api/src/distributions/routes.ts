import { z } from '@hono/zod-openapi';
import {
  advertisementNumberRequestSchema,
  DISTRIBUTION_STATUSES,
  distributionApprovalSchema,
  distributionRejectionSchema,
  distributionSchema,
  quotaSharesSchema,
  type Distribution,
} from '@psc/core';
import { auditContext } from '../audit/record-audit';
import { errorResponses, ok } from '../http/envelope';
import { createRouter, staffRoute } from '../http/router';
import { idParams } from '../master/params';
import { runService } from '../requisitions/run-service';
import { createDistribution, generateAdvertisementNumber } from './create-distribution';
import { approveDistribution, rejectDistribution } from './decide-distribution';
import { listQuotaShares, saveQuotaShares } from './quota-shares';
import { getDistribution, listDistributionRequests, listDistributions, proposeRequisitionDistribution } from './read-distributions';

// Percentage distribution [PD] and advertisement numbers (spec §2
// percentage-distribution, approval/percentage-distribution; §5 manual distribution rules).

const jsonBody = <T extends z.ZodType>(schema: T) => ({ required: true, content: { 'application/json': { schema } } });
const answer = (description: string) => ({ 200: { description }, ...errorResponses });

const pageQuery = z.object({
  page: z.coerce.number({ error: 'validation.number' }).int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number({ error: 'validation.number' }).int().min(1).max(100).default(50),
  search: z.string().trim().max(100, { error: 'validation.tooLong' }).optional(),
  fiscalYear: z.string().trim().max(7, { error: 'validation.fiscalYearInvalid' }).optional(),
});
const distributionQuery = pageQuery.extend({ status: z.enum(DISTRIBUTION_STATUSES, { error: 'validation.chooseOne' }).optional() });
const requisitionParams = z.object({ requisitionId: idParams.shape.id });

export const distributionRoutes = createRouter()
  .openapi(
    staffRoute({ method: 'get', path: '/quota-shares', privilege: ['PD', 'read'], summary: 'Each quota with its share of all vacancies (hundredths of a percent)', responses: answer('[{ quotaId, code, nameEn, nameNp, isActive, basisPoints }]') }),
    async (c) => ok(c, await listQuotaShares(c.get('deps').db)),
  )
  .openapi(
    staffRoute({
      method: 'put',
      path: '/quota-shares',
      privilege: ['PD', 'update'],
      summary: 'Set quota shares; all shares together must make exactly 100% (10000)',
      request: { body: jsonBody(quotaSharesSchema) },
      responses: answer('The shares after the change'),
    }),
    async (c) => ok(c, await runService(c, () => saveQuotaShares(c.get('deps').db, c.req.valid('json').shares, auditContext(c))), 'admin.saved'),
  )
  .openapi(
    staffRoute({
      method: 'get',
      path: '/distributions/requests',
      privilege: ['PD', 'read'],
      summary: 'Approved requisitions with their distribution status (none, pending, approved, rejected)',
      request: { query: pageQuery },
      responses: answer('{ items, total }'),
    }),
    async (c) => ok(c, await listDistributionRequests(c.get('deps').db, c.req.valid('query'))),
  )
  .openapi(
    staffRoute({
      method: 'get',
      path: '/distributions/proposal/{requisitionId}',
      privilege: ['PD', 'read'],
      summary: 'The automatic proposal: the requisition total split by the configured quota shares',
      request: { params: requisitionParams },
      responses: answer('{ requisitionId, total, lines: [{ quotaId, code, nameEn, nameNp, vacancies }] }'),
    }),
    async (c) => ok(c, await proposeRequisitionDistribution(c.get('deps').db, c.req.valid('param').requisitionId)),
  )
  .openapi(
    staffRoute({
      method: 'post',
      path: '/advertisement-numbers',
      privilege: ['PD', 'create'],
      summary: "Generate the next advertisement number from the range of an approved requisition's office and fiscal year",
      request: { body: jsonBody(advertisementNumberRequestSchema) },
      responses: answer('{ id, number, fiscalYear, label }'),
    }),
    async (c) => ok(c, await generateAdvertisementNumber(c.get('deps').db, c.req.valid('json').requisitionId, auditContext(c)), 'admin.saved'),
  )
  .openapi(
    staffRoute({ method: 'get', path: '/distributions', privilege: ['PD', 'read'], summary: 'Distributions by status, newest first', request: { query: distributionQuery }, responses: answer('{ items, total }') }),
    async (c) => ok(c, await listDistributions(c.get('deps').db, c.req.valid('query'))),
  )
  .openapi(
    staffRoute({ method: 'get', path: '/distributions/{id}', privilege: ['PD', 'read'], summary: 'One distribution with its lines, requisition and advertisement', request: { params: idParams }, responses: answer('The distribution') }),
    async (c) => ok(c, await getDistribution(c.get('deps').db, c.req.valid('param').id)),
  )
  .openapi(
    staffRoute({
      method: 'post',
      path: '/distributions',
      privilege: ['PD', 'create'],
      summary: "Distribute an approved requisition's vacancies across quotas, one advertisement number per line (spec §5 rules)",
      request: { body: jsonBody(distributionSchema) },
      responses: answer('{ id }'),
    }),
    async (c) => ok(c, await runService(c, () => createDistribution(c.get('deps').db, c.req.valid('json') as Distribution, auditContext(c))), 'admin.saved'),
  )
  .openapi(
    staffRoute({
      method: 'post',
      path: '/distributions/{id}/approve',
      privilege: ['PD', 'approve'],
      summary: 'Approve a pending distribution (not by its author): creates the draft advertisement with its quotas and numbers',
      request: { params: idParams, body: jsonBody(distributionApprovalSchema) },
      responses: answer('{ id, status, advertisementId, code }'),
    }),
    async (c) =>
      ok(c, await runService(c, () => approveDistribution(c.get('deps').db, c.req.valid('param').id, c.req.valid('json').remarks, auditContext(c))), 'distribution.approved'),
  )
  .openapi(
    staffRoute({
      method: 'post',
      path: '/distributions/{id}/reject',
      privilege: ['PD', 'reject'],
      summary: 'Reject a pending distribution with a remark (not by its author); its numbers become free again',
      request: { params: idParams, body: jsonBody(distributionRejectionSchema) },
      responses: answer('{ id, status }'),
    }),
    async (c) => ok(c, await rejectDistribution(c.get('deps').db, c.req.valid('param').id, c.req.valid('json').remarks, auditContext(c)), 'distribution.rejected'),
  );
