import { z } from '@hono/zod-openapi';
import { advertisementPaymentUpdateSchema, ebpCodeRenameSchema, fitsColumn, idSchema, PAYMENT_STATUSES, paymentUpdateSchema, paymentVerificationSchema, translate, VERIFICATION_GROUPS } from '@psc/core';
import { schema } from '@psc/db';
import { eq } from 'drizzle-orm';
import { auditContext } from '../audit/record-audit';
import { getFileStorage } from '../files/file-storage';
import { errorEnvelopeSchema, errorResponses, ok } from '../http/envelope';
import { AppError } from '../http/errors';
import { createRouter, staffRoute } from '../http/router';
import { idParams } from '../master/params';
import { compareRmis, readRmisWorkbook } from './compare-rmis';
import { findPayment, findPaymentByEbpCode, listPayments } from './list-payments';
import { getPaymentGateway } from '../payments/payment-gateway';
import { synchronisePayment } from './synchronise-payment';
import { moveAdvertisementPayments, renameEbpCode, updatePayment, verifyPayment } from './verify-payment';

// Staff payment work [CPM]: verification groups, verify, update, EBP code
// rename, check by EBP code, refunds, compare-rmis-data, synchronising an online payment.

const jsonBody = <T extends z.ZodType>(schemaOf: T) => ({ required: true, content: { 'application/json': { schema: schemaOf } } });
const answer = (description: string) => ({ 200: { description }, ...errorResponses });

const listQuery = z.object({
  page: z.coerce.number({ error: 'validation.number' }).int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number({ error: 'validation.number' }).int().min(1).max(200).default(50),
  search: z.string().trim().max(100, { error: 'validation.tooLong' }).optional(),
  group: z.enum(VERIFICATION_GROUPS, { error: 'validation.chooseOne' }).optional(),
  status: z.enum(PAYMENT_STATUSES, { error: 'validation.chooseOne' }).optional(),
  advertisementId: idSchema('validation.number').optional(),
});
const refundQuery = listQuery.omit({ group: true, status: true });
const codeParams = z.object({ code: z.string().min(1).max(64) });

export const paymentAdminRoutes = createRouter()
  .openapi(
    staffRoute({
      method: 'get',
      path: '/payments',
      privilege: ['CPM', 'read'],
      summary: 'Payments by verification group, status, advertisement and search (code, candidate, advertisement code)',
      request: { query: listQuery },
      responses: answer('{ items, total }'),
    }),
    async (c) => ok(c, await listPayments(c.get('deps').db, c.req.valid('query'))),
  )
  .openapi(
    staffRoute({
      method: 'get',
      path: '/payments/refunds',
      privilege: ['CPM', 'read'],
      summary: 'Payments that arrived for a charge already paid, kept for refund',
      request: { query: refundQuery },
      responses: answer('{ items, total }'),
    }),
    async (c) => ok(c, await listPayments(c.get('deps').db, { ...c.req.valid('query'), status: 'refund-due' })),
  )
  .openapi(
    staffRoute({
      method: 'get',
      path: '/payments/by-ebp/{code}',
      privilege: ['CPM', 'read'],
      summary: 'The payment recorded under an EBP code (checkPaymentByEbpCode)',
      request: { params: codeParams },
      responses: answer('The payment'),
    }),
    async (c) => ok(c, await findPaymentByEbpCode(c.get('deps').db, c.req.valid('param').code)),
  )
  .openapi(
    staffRoute({
      method: 'post',
      path: '/payments/compare-rmis',
      privilege: ['CPM', 'read'],
      summary: "Reconcile the revenue system's Excel export (multipart: file .xlsx, advertisementId?) with the payments recorded here",
      request: {
        body: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: z.object({ file: z.any().optional().openapi({ type: 'string', format: 'binary' }), advertisementId: z.string().optional() }),
            },
          },
        },
      },
      responses: answer('{ matched, missingHere, missingThere, amountDiffers }'),
    }),
    async (c) => {
      const lang = c.get('lang');
      const body = await c.req.parseBody();
      const file = body.file;
      if (!(file instanceof File) || file.size === 0) throw new AppError('VALIDATION_FAILED', { errors: { file: [translate(lang, 'validation.fileRequired')] } });
      const advertisementId = typeof body.advertisementId === 'string' && body.advertisementId !== '' ? Number(body.advertisementId) : undefined;
      if (advertisementId !== undefined && !fitsColumn(advertisementId, 'integer')) {
        throw new AppError('VALIDATION_FAILED', { errors: { advertisementId: [translate(lang, 'validation.number')] } });
      }
      const rows = await readRmisWorkbook(new Uint8Array(await file.arrayBuffer()));
      return ok(c, await compareRmis(c.get('deps').db, rows, { advertisementId }));
    },
  )
  .openapi(
    staffRoute({
      method: 'post',
      path: '/payments/advertisement-update',
      privilege: ['CPM', 'approve'],
      summary: "Advertisement payment update: move an advertisement's verified payments from one paid group to another",
      request: { body: jsonBody(advertisementPaymentUpdateSchema) },
      responses: answer('{ moved }'),
    }),
    async (c) => ok(c, await moveAdvertisementPayments(c.get('deps').db, c.req.valid('json'), auditContext(c), c.get('lang')), 'payment.verified'),
  )
  .openapi(
    staffRoute({ method: 'get', path: '/payments/{id}', privilege: ['CPM', 'read'], summary: 'One payment with its charge, candidate and bank', request: { params: idParams }, responses: answer('The payment') }),
    async (c) => ok(c, await findPayment(c.get('deps').db, c.req.valid('param').id)),
  )
  .openapi(
    staffRoute({
      method: 'get',
      path: '/payments/{id}/voucher',
      privilege: ['CPM', 'read'],
      summary: 'The voucher image of a payment',
      request: { params: idParams },
      responses: {
        200: {
          description: 'The image bytes',
          content: { 'image/jpeg': { schema: z.string().openapi({ format: 'binary' }) }, 'image/png': { schema: z.string().openapi({ format: 'binary' }) } },
        },
        ...errorResponses,
        404: { description: 'No such payment or no voucher image', content: { 'application/json': { schema: errorEnvelopeSchema } } },
      },
    }),
    async (c) => {
      const deps = c.get('deps');
      const { payments, storedFiles } = schema;
      const [row] = await deps.db
        .select({ sha256: storedFiles.sha256, contentType: storedFiles.contentType })
        .from(payments)
        .innerJoin(storedFiles, eq(storedFiles.id, payments.voucherFileId))
        .where(eq(payments.id, c.req.valid('param').id));
      const bytes = row ? await getFileStorage(deps).get(row.sha256) : null;
      if (!row || !bytes) throw new AppError('NOT_FOUND');
      return c.body(bytes as Uint8Array<ArrayBuffer>, 200, { 'Content-Type': row.contentType, 'Content-Length': String(bytes.length), 'Cache-Control': 'private, no-store' }) as never;
    },
  )
  .openapi(
    staffRoute({
      method: 'post',
      path: '/payments/{id}/verify',
      privilege: ['CPM', 'approve'],
      summary: 'Put a voucher or EBP payment in a verification group (approved and the like settle the charge; rejected reopens it)',
      request: { params: idParams, body: jsonBody(paymentVerificationSchema) },
      responses: answer('{ id, status, verificationGroup }'),
    }),
    async (c) => ok(c, await verifyPayment(c.get('deps').db, c.req.valid('param').id, c.req.valid('json'), auditContext(c)), 'payment.verified'),
  )
  .openapi(
    staffRoute({
      method: 'post',
      path: '/payments/{id}/synchronise',
      privilege: ['CPM', 'update'],
      summary: 'Ask the gateway about an online payment the candidate never returned from (checkSynchronisedPayment)',
      request: { params: idParams },
      responses: answer('{ paymentId, chargeId, transactionUuid, amount, status }'),
    }),
    async (c) => {
      const deps = c.get('deps');
      return ok(c, await synchronisePayment(deps.db, getPaymentGateway(deps), c.get('log'), c.req.valid('param').id, auditContext(c)));
    },
  )
  .openapi(
    staffRoute({
      method: 'put',
      path: '/payments/{id}',
      privilege: ['CPM', 'update'],
      summary: 'Correct a payment record (bank, voucher number, payer name, paid on), with remarks',
      request: { params: idParams, body: jsonBody(paymentUpdateSchema) },
      responses: answer('{ id }'),
    }),
    async (c) => ok(c, await updatePayment(c.get('deps').db, c.req.valid('param').id, c.req.valid('json'), auditContext(c)), 'common.saved'),
  )
  .openapi(
    staffRoute({
      method: 'put',
      path: '/payments/{id}/ebp-code',
      privilege: ['CPM', 'update'],
      summary: 'Replace the EBP code of a payment (renameEbpCode), with remarks',
      request: { params: idParams, body: jsonBody(ebpCodeRenameSchema) },
      responses: answer('{ id, ebpCode }'),
    }),
    async (c) => ok(c, await renameEbpCode(c.get('deps').db, c.req.valid('param').id, c.req.valid('json'), auditContext(c)), 'common.saved'),
  );
