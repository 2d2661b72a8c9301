import { z } from '@hono/zod-openapi';
import { decisionRemarksSchema, REQUISITION_KINDS, REQUISITION_STATUSES, requisitionDecisionSchema, requisitionSchema, translate, type Requisition } from '@psc/core';
import { auditContext } from '../audit/record-audit';
import { getFileStorage } from '../files/file-storage';
import { errorEnvelopeSchema, errorResponses, ok } from '../http/envelope';
import { AppError } from '../http/errors';
import { createRouter, staffRoute } from '../http/router';
import { idParams } from '../master/params';
import { decideRequisition, deleteRequisition } from './decide-requisition';
import { getRequisition, listRequisitions } from './list-requisitions';
import { checkRequisitionDocument, readRequisitionDocument, storeRequisitionDocument } from './requisition-document';
import { runService } from './run-service';
import { createRequisition, updateRequisition } from './save-requisition';

// Requisitions by post and by service [RQ], their document, and their
// approval (spec §2 requisition, post-requisition, service-requisition, approval/requisition).

const jsonBody = <T extends z.ZodType>(schema: T) => ({ required: true, content: { 'application/json': { schema } } });
const answer = (description: string) => ({ 200: { description }, ...errorResponses });

const listQuery = z.object({
  page: z.coerce.number({ error: 'validation.number' }).int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number({ error: 'validation.number' }).int().min(1).max(100).default(50),
  search: z.string().trim().max(100, { error: 'validation.tooLong' }).optional(),
  status: z.enum(REQUISITION_STATUSES, { error: 'validation.chooseOne' }).optional(),
  fiscalYear: z.string().trim().max(7, { error: 'validation.fiscalYearInvalid' }).optional(),
  kind: z.enum(REQUISITION_KINDS, { error: 'validation.chooseOne' }).optional(),
});

const fileIdParams = z.object({ fileId: z.string().max(64) });

export const requisitionRoutes = createRouter()
  .openapi(
    staffRoute({
      method: 'post',
      path: '/requisitions/documents',
      privilege: ['RQ', 'create'],
      summary: 'Upload a requisition document (multipart field "file": JPEG, PNG or PDF under 500 KB, judged by content)',
      request: { body: { required: true, content: { 'multipart/form-data': { schema: z.object({ file: z.any().optional().openapi({ type: 'string', format: 'binary' }) }) } } } },
      responses: answer('{ fileId, contentType, byteSize, originalName }'),
    }),
    async (c) => {
      const check = await checkRequisitionDocument(await c.req.parseBody({ all: true }));
      if (!check.ok) throw new AppError('VALIDATION_FAILED', { errors: { [check.field]: [translate(c.get('lang'), check.messageKey)] } });
      const deps = c.get('deps');
      return ok(c, await storeRequisitionDocument(deps.db, getFileStorage(deps), check, auditContext(c)), 'admin.saved');
    },
  )
  .openapi(
    staffRoute({
      method: 'get',
      path: '/requisitions/documents/{fileId}',
      privilege: ['RQ', 'read'],
      summary: 'The bytes of a requisition document',
      request: { params: fileIdParams },
      responses: {
        200: {
          description: 'The bytes, with the content type detected at upload',
          content: {
            'image/jpeg': { schema: z.string().openapi({ format: 'binary' }) },
            'image/png': { schema: z.string().openapi({ format: 'binary' }) },
            'application/pdf': { schema: z.string().openapi({ format: 'binary' }) },
          },
        },
        ...errorResponses,
        404: { description: 'No such requisition document', content: { 'application/json': { schema: errorEnvelopeSchema } } },
      },
    }),
    async (c) => {
      const deps = c.get('deps');
      const file = await readRequisitionDocument(deps.db, getFileStorage(deps), c.req.valid('param').fileId);
      if (!file) throw new AppError('NOT_FOUND');
      const extension = file.contentType === 'application/pdf' ? 'pdf' : file.contentType === 'image/png' ? 'png' : 'jpg';
      return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, {
        'Content-Type': file.contentType,
        'Content-Length': String(file.bytes.length),
        'Content-Disposition': `inline; filename="requisition-document.${extension}"`,
        'Cache-Control': 'private, max-age=86400, immutable',
        ETag: `"${file.sha256}"`,
      }) as never;
    },
  )
  .openapi(
    staffRoute({
      method: 'get',
      path: '/requisitions',
      privilege: ['RQ', 'read'],
      summary: 'Requisitions, newest first, by status, fiscal year, kind and search',
      request: { query: listQuery },
      responses: answer('{ items, total }'),
    }),
    async (c) => ok(c, await listRequisitions(c.get('deps').db, c.req.valid('query'))),
  )
  .openapi(
    staffRoute({ method: 'get', path: '/requisitions/{id}', privilege: ['RQ', 'read'], summary: 'One requisition with its document and decision', request: { params: idParams }, responses: answer('The requisition') }),
    async (c) => ok(c, await getRequisition(c.get('deps').db, c.req.valid('param').id)),
  )
  .openapi(
    staffRoute({
      method: 'post',
      path: '/requisitions',
      privilege: ['RQ', 'create'],
      summary: 'Enter a requisition by post or by service (stored as submitted)',
      request: { body: jsonBody(requisitionSchema) },
      responses: answer('{ id }'),
    }),
    async (c) => ok(c, await runService(c, () => createRequisition(c.get('deps').db, c.req.valid('json') as Requisition, auditContext(c))), 'admin.saved'),
  )
  .openapi(
    staffRoute({
      method: 'put',
      path: '/requisitions/{id}',
      privilege: ['RQ', 'update'],
      summary: 'Change a submitted or rejected requisition (a rejected one is submitted again)',
      request: { params: idParams, body: jsonBody(requisitionSchema) },
      responses: answer('{ id }'),
    }),
    async (c) =>
      ok(c, await runService(c, () => updateRequisition(c.get('deps').db, c.req.valid('param').id, c.req.valid('json') as Requisition, auditContext(c))), 'admin.saved'),
  )
  .openapi(
    staffRoute({
      method: 'post',
      path: '/requisitions/{id}/approve',
      privilege: ['RQ', 'approve'],
      summary: 'Approve a submitted requisition, with a remark (not by the officer who entered it)',
      request: { params: idParams, body: jsonBody(requisitionDecisionSchema) },
      responses: answer('{ id, status }'),
    }),
    async (c) => {
      const { remarks } = c.req.valid('json');
      return ok(c, await decideRequisition(c.get('deps').db, c.req.valid('param').id, { decision: 'approved', remarks }, auditContext(c)), 'requisition.approved');
    },
  )
  .openapi(
    staffRoute({
      method: 'post',
      path: '/requisitions/{id}/reject',
      privilege: ['RQ', 'reject'],
      summary: 'Reject a submitted requisition, with a remark (not by the officer who entered it)',
      request: { params: idParams, body: jsonBody(requisitionDecisionSchema) },
      responses: answer('{ id, status }'),
    }),
    async (c) => {
      const { remarks } = c.req.valid('json');
      return ok(c, await decideRequisition(c.get('deps').db, c.req.valid('param').id, { decision: 'rejected', remarks }, auditContext(c)), 'requisition.rejected');
    },
  )
  .openapi(
    staffRoute({
      method: 'delete',
      path: '/requisitions/{id}',
      privilege: ['RQ', 'delete'],
      summary: 'Delete a requisition that is not approved, with a remark (?remarks=)',
      request: { params: idParams, query: z.object({ remarks: decisionRemarksSchema }) },
      responses: answer('{ id }'),
    }),
    async (c) => ok(c, await deleteRequisition(c.get('deps').db, c.req.valid('param').id, c.req.valid('query').remarks, auditContext(c)), 'admin.deleted'),
  );
