import { z } from '@hono/zod-openapi';
import { idSchema, scrutinyDecisionSchema, scrutinyQueueQuerySchema } from '@psc/core';
import { auditContext } from '../audit/record-audit';
import { errorResponses, ok } from '../http/envelope';
import { createRouter, staffRoute } from '../http/router';
import { idParams } from '../master/params';
import { decideScrutiny } from './decide-scrutiny';
import { listOfficerAdvertisements, listOfficerQueue, nextPendingApplication } from './officer-queue';
import { readPreReview } from './pre-review';

// The scrutiny officer's desk [SC] (spec §2 pre-review; §3 "Pre-review view"; §4 "Scrutiny and
// pre-review status"): the officer's own queue, the next pending application, one application's
// pre-review view, and the decisions on it.

const answer = (description: string) => ({ 200: { description }, ...errorResponses });
// Without `after`, the first pending one (the queue screen's N).
const nextQuery = z.object({ after: idSchema('validation.number').optional(), advertisementId: idSchema('validation.number').optional() });

export const scrutinyOfficerRoutes = createRouter()
  .openapi(
    staffRoute({
      method: 'get',
      path: '/scrutiny/queue',
      privilege: ['SC', 'read'],
      summary: 'The applications allocated to me, by status, searched by name, master id or citizenship number, with the count in each status',
      request: { query: scrutinyQueueQuerySchema },
      responses: answer('{ items, total, counts: { pending, approved, hold, rejected } }'),
    }),
    async (c) => ok(c, await listOfficerQueue(c.get('deps').db, c.get('auth').userId, c.req.valid('query'))),
  )
  .openapi(
    staffRoute({
      method: 'get',
      path: '/scrutiny/queue/advertisements',
      privilege: ['SC', 'read'],
      summary: 'The advertisements I hold applications of, latest first, with the count in each status, and my totals',
      responses: answer('{ items: [{ id, code, fiscalYear, organizationId, postNameEn, postNameNp, counts, total }], totals }'),
    }),
    async (c) => ok(c, await listOfficerAdvertisements(c.get('deps').db, c.get('auth').userId)),
  )
  .openapi(
    staffRoute({
      method: 'get',
      path: '/scrutiny/queue/next',
      privilege: ['SC', 'read'],
      summary: 'My next pending application after the given one (wrapping round), or my first; null when none is pending',
      request: { query: nextQuery },
      responses: answer('{ id, advertisementId, advertisementCode, organizationId } or { id: null }'),
    }),
    async (c) => {
      const { after, advertisementId } = c.req.valid('query');
      return ok(c, await nextPendingApplication(c.get('deps').db, c.get('auth').userId, after ?? 0, advertisementId));
    },
  )
  .openapi(
    staffRoute({
      method: 'get',
      path: '/scrutiny/applications/{id}',
      privilege: ['SC', 'read'],
      summary: "One application's pre-review view: profile, files, dates, age, qualification, quotas and decisions; for its officer, or a holder of SA or SD",
      request: { params: idParams },
      responses: answer('{ application, advertisement, profile, qualification, age, quotas, payments, decisions }'),
    }),
    async (c) => {
      const auth = c.get('auth');
      // requirePrivilege has loaded the caller's privileges for this request.
      const supervises = Boolean(auth.privileges?.get('SA')?.has('read') || auth.privileges?.get('SD')?.has('read'));
      return ok(c, await readPreReview(c.get('deps'), c.req.valid('param').id, { userId: auth.userId, supervises }));
    },
  )
  .openapi(
    staffRoute({
      method: 'post',
      path: '/scrutiny/applications/{id}/decisions',
      privilege: ['SC', 'update'],
      summary: 'Approve, hold, reject or revert an application allocated to me, as a whole or one claimed quota; a remark is required for hold, reject and revert',
      request: { params: idParams, body: { required: true, content: { 'application/json': { schema: scrutinyDecisionSchema } } } },
      responses: answer('{ applicationId, decisionId, status, version, applicationStatus, quotas, notified }'),
    }),
    async (c) => ok(c, await decideScrutiny(c.get('deps').db, c.req.valid('param').id, c.req.valid('json'), auditContext(c)), 'scrutiny.decided'),
  );
