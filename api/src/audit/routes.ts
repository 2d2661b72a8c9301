import { z } from '@hono/zod-openapi';
import { idSchema, instantSchema } from '@psc/core';
import { errorResponses, ok } from '../http/envelope';
import { createRouter, staffRoute } from '../http/router';
import { listAuditLog } from './list-audit';

// The staff audit trail [UM read]: who changed what, with the row before and after.
export const auditRoutes = createRouter().openapi(
  staffRoute({
    method: 'get',
    path: '/audit-log',
    privilege: ['UM', 'read'],
    summary: 'Audit rows, newest first, by entity, actor and period',
    request: {
      query: z.object({
        entity: z.string().max(60, { error: 'validation.tooLong' }).optional(),
        entityId: z.string().max(60, { error: 'validation.tooLong' }).optional(),
        actorUserId: idSchema('validation.number').optional(),
        from: instantSchema.optional(),
        to: instantSchema.optional(),
        page: z.coerce.number({ error: 'validation.number' }).int().min(1).max(100_000).default(1),
        pageSize: z.coerce.number({ error: 'validation.number' }).int().min(1).max(200).default(50),
      }),
    },
    responses: { 200: { description: '{ items, total }' }, ...errorResponses },
  }),
  async (c) => ok(c, await listAuditLog(c.get('deps').db, c.req.valid('query'))),
);
