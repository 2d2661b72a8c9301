import { z } from '@hono/zod-openapi';
import { promotionApproveSchema, promotionRejectSchema, promotionSchema, type Promotion } from '@psc/core';
import { fiscalYearQuery, listPageQuery } from '../advertisements/routes';
import { auditContext } from '../audit/record-audit';
import { errorResponses, ok } from '../http/envelope';
import { createRouter, staffRoute } from '../http/router';
import { idParams } from '../master/params';
import { approvePromotion, createPromotion, getPromotion, listPromotions, rejectPromotion, updatePromotion } from './promotions';

const jsonBody = <T extends z.ZodType>(schema: T) => ({ required: true, content: { 'application/json': { schema } } });
const answer = (description: string) => ({ 200: { description }, ...errorResponses });

// spec §2 configuratuin/add-promotion (spelt so) and configuration/approve-promotion [MC];
// §4 "Promotion: draft, live or rejected".
export const promotionRoutes = createRouter()
  .openapi(
    staffRoute({
      method: 'get',
      path: '/promotions',
      privilege: ['MC', 'read'],
      summary: 'A page of promotion vacancies, newest first',
      request: {
        query: listPageQuery.extend({ status: z.enum(['draft', 'live', 'rejected'], { error: 'validation.chooseOne' }).optional(), fiscalYear: fiscalYearQuery }),
      },
      responses: answer('{ items, total }'),
    }),
    async (c) => ok(c, await listPromotions(c.get('deps').db, c.req.valid('query'))),
  )
  .openapi(
    staffRoute({ method: 'post', path: '/promotions', privilege: ['MC', 'create'], summary: 'Add a promotion vacancy (as a draft)', request: { body: jsonBody(promotionSchema) }, responses: answer('The promotion') }),
    async (c) => ok(c, await createPromotion(c.get('deps').db, c.req.valid('json') as Promotion, auditContext(c)), 'admin.saved'),
  )
  .openapi(
    staffRoute({ method: 'get', path: '/promotions/{id}', privilege: ['MC', 'read'], summary: 'One promotion vacancy', request: { params: idParams }, responses: answer('The promotion') }),
    async (c) => ok(c, await getPromotion(c.get('deps').db, c.req.valid('param').id)),
  )
  .openapi(
    staffRoute({
      method: 'put',
      path: '/promotions/{id}',
      privilege: ['MC', 'update'],
      summary: 'Change a draft promotion vacancy',
      request: { params: idParams, body: jsonBody(promotionSchema) },
      responses: answer('The promotion'),
    }),
    async (c) => ok(c, await updatePromotion(c.get('deps').db, c.req.valid('param').id, c.req.valid('json') as Promotion, auditContext(c)), 'admin.saved'),
  )
  .openapi(
    staffRoute({
      method: 'post',
      path: '/promotions/{id}/approve',
      privilege: ['MC', 'approve'],
      summary: 'Approve a draft promotion (draft -> live)',
      request: { params: idParams, body: jsonBody(promotionApproveSchema) },
      responses: answer('The promotion'),
    }),
    async (c) => ok(c, await approvePromotion(c.get('deps').db, c.req.valid('param').id, c.req.valid('json').remarks, auditContext(c)), 'admin.saved'),
  )
  .openapi(
    staffRoute({
      method: 'post',
      path: '/promotions/{id}/reject',
      privilege: ['MC', 'reject'],
      summary: 'Reject a draft promotion, with the reason (draft -> rejected)',
      request: { params: idParams, body: jsonBody(promotionRejectSchema) },
      responses: answer('The promotion'),
    }),
    async (c) => ok(c, await rejectPromotion(c.get('deps').db, c.req.valid('param').id, c.req.valid('json').remarks, auditContext(c)), 'admin.saved'),
  );
