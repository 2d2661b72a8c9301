import { z } from '@hono/zod-openapi';
import { examPaperOrderSchema, examPaperSchema, idSchema, optionalField, type ExamPaper, type ExamPaperOrder } from '@psc/core';
import { auditContext } from '../audit/record-audit';
import { errorResponses, ok } from '../http/envelope';
import { createRouter, staffRoute } from '../http/router';
import { idParams } from '../master/params';
import { createExamPaper, deleteExamPaper, getExamPaper, getExamPaperDetail, listExamPapers, reorderExamPapers, updateExamPaper } from './exam-papers';

// Exam papers [PE] (spec §2 paper-configuration; spec §7 "Paper filter by {classId}, {postId},
// {masterDivId}; paper config by {id}") and one paper's detail with its history [MC] (spec §2
// paper-detail/{id} [MC]). The master division is the service group (db/src/schema/exams.ts).

const jsonBody = <T extends z.ZodType>(schema: T) => ({ required: true, content: { 'application/json': { schema } } });
const answer = (description: string) => ({ 200: { description }, ...errorResponses });
const optionalId = optionalField(idSchema('validation.number'));

const listQuery = z.object({
  classId: optionalId,
  postId: optionalId,
  serviceGroupId: optionalId,
  page: z.coerce.number({ error: 'validation.number' }).int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number({ error: 'validation.number' }).int().min(1).max(100).default(50),
});

export const examPaperRoutes = createRouter()
  .openapi(
    staffRoute({
      method: 'get',
      path: '/exam-papers',
      privilege: ['PE', 'read'],
      summary: "Papers by class, post and master division (service group), each post's exam in its order",
      request: { query: listQuery },
      responses: answer('{ items, total }'),
    }),
    async (c) => {
      const query = c.req.valid('query') as z.output<typeof listQuery>;
      return ok(c, await listExamPapers(c.get('deps').db, query));
    },
  )
  .openapi(
    staffRoute({
      method: 'post',
      path: '/exam-papers/reorder',
      privilege: ['PE', 'update'],
      summary: "Put a post's exam in a new order (every paper of it, first paper first)",
      request: { body: jsonBody(examPaperOrderSchema) },
      responses: answer('{ ids }'),
    }),
    async (c) => ok(c, await reorderExamPapers(c.get('deps').db, c.req.valid('json') as ExamPaperOrder, auditContext(c)), 'admin.saved'),
  )
  .openapi(
    staffRoute({ method: 'get', path: '/exam-papers/{id}', privilege: ['PE', 'read'], summary: 'One paper', request: { params: idParams }, responses: answer('The paper') }),
    async (c) => ok(c, await getExamPaper(c.get('deps').db, c.req.valid('param').id)),
  )
  .openapi(
    staffRoute({
      method: 'get',
      path: '/exam-papers/{id}/detail',
      privilege: ['MC', 'read'],
      summary: "One paper with its history from the audit log (paper-detail)",
      request: { params: idParams },
      responses: answer('{ paper, history }'),
    }),
    async (c) => ok(c, await getExamPaperDetail(c.get('deps').db, c.req.valid('param').id)),
  )
  .openapi(
    staffRoute({
      method: 'post',
      path: '/exam-papers',
      privilege: ['PE', 'create'],
      summary: "Add a paper at the end of its post's exam",
      request: { body: jsonBody(examPaperSchema) },
      responses: answer('{ id }'),
    }),
    async (c) => ok(c, await createExamPaper(c.get('deps').db, c.req.valid('json') as ExamPaper, auditContext(c)), 'admin.saved'),
  )
  .openapi(
    staffRoute({
      method: 'put',
      path: '/exam-papers/{id}',
      privilege: ['PE', 'update'],
      summary: 'Change a paper (moved to another post or group, it goes last in that exam)',
      request: { params: idParams, body: jsonBody(examPaperSchema) },
      responses: answer('{ id }'),
    }),
    async (c) => ok(c, await updateExamPaper(c.get('deps').db, c.req.valid('param').id, c.req.valid('json') as ExamPaper, auditContext(c)), 'admin.saved'),
  )
  .openapi(
    staffRoute({
      method: 'delete',
      path: '/exam-papers/{id}',
      privilege: ['PE', 'delete'],
      summary: 'Delete a paper nothing refers to yet (409 once a schedule or other record uses it)',
      request: { params: idParams },
      responses: answer('{ id }'),
    }),
    async (c) => ok(c, await deleteExamPaper(c.get('deps').db, c.req.valid('param').id, auditContext(c)), 'admin.deleted'),
  );
