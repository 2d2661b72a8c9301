import type { z } from '@hono/zod-openapi';
import { relevanceSchema, type Relevance } from '@psc/core';
import { listPageQuery } from '../advertisements/routes';
import { auditContext } from '../audit/record-audit';
import { errorResponses, ok } from '../http/envelope';
import { createRouter, staffRoute } from '../http/router';
import { idParams } from '../master/params';
import { createRelevance, deleteRelevance, getRelevance, listRelevances } from './relevances';

const jsonBody = <T extends z.ZodType>(schema: T) => ({ required: true, content: { 'application/json': { schema } } });
const answer = (description: string) => ({ 200: { description }, ...errorResponses });

// spec §2 configuration/relevance with create and view [MC].
export const relevanceRoutes = createRouter()
  .openapi(
    staffRoute({
      method: 'get',
      path: '/relevances',
      privilege: ['MC', 'read'],
      summary: 'A page of relevance rules (faculty relevant to a service), newest first',
      request: { query: listPageQuery.extend({ serviceId: idParams.shape.id.optional() }) },
      responses: answer('{ items, total }'),
    }),
    async (c) => ok(c, await listRelevances(c.get('deps').db, c.req.valid('query'))),
  )
  .openapi(
    staffRoute({ method: 'post', path: '/relevances', privilege: ['MC', 'create'], summary: 'Add a relevance rule', request: { body: jsonBody(relevanceSchema) }, responses: answer('The rule') }),
    async (c) => ok(c, await createRelevance(c.get('deps').db, c.req.valid('json') as Relevance, auditContext(c)), 'admin.saved'),
  )
  .openapi(
    staffRoute({ method: 'get', path: '/relevances/{id}', privilege: ['MC', 'read'], summary: 'One relevance rule', request: { params: idParams }, responses: answer('The rule') }),
    async (c) => ok(c, await getRelevance(c.get('deps').db, c.req.valid('param').id)),
  )
  .openapi(
    staffRoute({ method: 'delete', path: '/relevances/{id}', privilege: ['MC', 'delete'], summary: 'Remove a relevance rule', request: { params: idParams }, responses: answer('{ id }') }),
    async (c) => ok(c, await deleteRelevance(c.get('deps').db, c.req.valid('param').id, auditContext(c)), 'admin.deleted'),
  );
