import { z } from '@hono/zod-openapi';
import {
  ebpCodeLookupSchema,
  ebpCodeVerificationSchema,
  localizeIssues,
  onlinePaymentConfirmSchema,
  onlinePaymentFailureSchema,
  onlinePaymentStartSchema,
  translate,
  voucherFieldsSchema,
  type MessageKey,
} from '@psc/core';
import { schema } from '@psc/db';
import { asc, eq } from 'drizzle-orm';
import { getFileStorage } from '../files/file-storage';
import { errorResponses, ok } from '../http/envelope';
import { AppError } from '../http/errors';
import { candidateRoute, createRouter, publicRoute } from '../http/router';
import { checkPaymentByCode, checkVoucherFile, lookUpEbpCode, submitEbpCode, submitVoucher } from './manual-payment';
import { closeFailedOnlinePayment, confirmOnlinePayment, startOnlinePayment, type OnlinePaymentAnswer } from './online-payment';
import { getPaymentGateway } from './payment-gateway';
import { readPaymentReceipt } from './read-payment-receipt';

// The candidate's payments (spec §2 voucher upload, online payment return
// routes /rmis/payment/success|failure, /ebp-code-verification, /ebp-code-local-verification).

const jsonBody = <T extends z.ZodType>(schemaOf: T) => ({ required: true, content: { 'application/json': { schema: schemaOf } } });
const answer = (description: string) => ({ 200: { description }, ...errorResponses });

const MESSAGE_BY_STATUS: Record<OnlinePaymentAnswer['status'], MessageKey> = {
  initiated: 'payment.pending',
  completed: 'payment.completed',
  failed: 'payment.failed',
  'refund-due': 'payment.refundDue',
  expired: 'payment.expired',
};

const codeParams = z.object({ paymentCode: z.string().min(1).max(64) });
const receiptParams = z.object({ transactionUuid: z.string().regex(/^[A-Za-z0-9-]{1,80}$/) });

export const paymentRoutes = createRouter()
  .openapi(
    candidateRoute({ method: 'get', path: '/banks', summary: 'Banks a voucher may be deposited at (active ones, by name)', responses: answer('[{ id, code, nameEn, nameNp }]') }),
    async (c) => {
      const { banks } = schema;
      const rows = await c
        .get('deps')
        .db.select({ id: banks.id, code: banks.code, nameEn: banks.nameEn, nameNp: banks.nameNp })
        .from(banks)
        .where(eq(banks.isActive, true))
        .orderBy(asc(banks.nameEn));
      return ok(c, rows);
    },
  )
  .openapi(
    candidateRoute({
      method: 'post',
      path: '/payments/online',
      summary: 'Start paying a due charge online, or resume its open session: answers the signed form to post to the gateway (eSewa ePay v2)',
      request: { body: jsonBody(onlinePaymentStartSchema) },
      responses: answer('{ paymentId, chargeId, transactionUuid, amount, status, form: { action, method, fields } }'),
    }),
    async (c) => {
      const deps = c.get('deps');
      const gateway = getPaymentGateway(deps);
      // The way back is the configured public address: a request header (Origin) is the
      // caller's to choose, and would send the candidate's payment answer elsewhere.
      const result = await startOnlinePayment(deps.db, gateway, c.get('log'), {
        userId: c.get('auth').userId,
        chargeId: c.req.valid('json').chargeId,
        publicUrl: deps.config.publicUrl,
        sessionMinutes: deps.config.onlinePaymentSessionMinutes,
        lang: c.get('lang'),
      });
      return ok(c, result, 'payment.started');
    },
  )
  .openapi(
    candidateRoute({
      method: 'post',
      path: '/payments/online/confirm',
      summary: "The success redirect's data: signature checked, then the gateway asked server to server; replays change nothing",
      request: { body: jsonBody(onlinePaymentConfirmSchema) },
      responses: answer('{ paymentId, chargeId, transactionUuid, amount, status }'),
    }),
    async (c) => {
      const deps = c.get('deps');
      const result = await confirmOnlinePayment(deps.db, getPaymentGateway(deps), c.get('log'), { userId: c.get('auth').userId, data: c.req.valid('json').data });
      return ok(c, result, MESSAGE_BY_STATUS[result.status]);
    },
  )
  .openapi(
    candidateRoute({
      method: 'post',
      path: '/payments/online/failure',
      summary: 'The failure redirect: the gateway is asked what happened to the transaction',
      request: { body: jsonBody(onlinePaymentFailureSchema) },
      responses: answer('{ paymentId, chargeId, transactionUuid, amount, status }'),
    }),
    async (c) => {
      const deps = c.get('deps');
      const result = await closeFailedOnlinePayment(deps.db, getPaymentGateway(deps), c.get('log'), {
        userId: c.get('auth').userId,
        transactionUuid: c.req.valid('json').transactionUuid,
      });
      return ok(c, result, MESSAGE_BY_STATUS[result.status]);
    },
  )
  .openapi(
    candidateRoute({
      method: 'post',
      path: '/payments/voucher',
      summary: 'Upload a bank voucher (multipart: chargeId, bankId, voucherNumber, mobile, file JPG/PNG <= 500 KB by content)',
      request: {
        body: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: z.object({
                chargeId: z.string().optional(),
                bankId: z.string().optional(),
                voucherNumber: z.string().optional(),
                mobile: z.string().optional(),
                file: z.any().optional().openapi({ type: 'string', format: 'binary' }),
              }),
            },
          },
        },
      },
      responses: answer('{ paymentId, chargeId, amount, status, verificationGroup }'),
    }),
    async (c) => {
      const lang = c.get('lang');
      const body = await c.req.parseBody({ all: true });
      const text = Object.fromEntries(Object.entries(body).filter(([, value]) => typeof value === 'string'));
      const parsed = voucherFieldsSchema.safeParse(text);
      const file = await checkVoucherFile(body);
      const errors: Record<string, string[]> = parsed.success ? {} : localizeIssues(parsed.error, lang);
      if (!file.ok) errors.file = [translate(lang, file.messageKey)];
      if (!parsed.success || !file.ok) throw new AppError('VALIDATION_FAILED', { errors });
      const deps = c.get('deps');
      const result = await submitVoucher(deps.db, getFileStorage(deps), { userId: c.get('auth').userId, fields: parsed.data, upload: file.upload });
      return ok(c, result, 'payment.voucherSubmitted');
    },
  )
  .openapi(
    candidateRoute({
      method: 'post',
      path: '/payments/ebp-code-verification',
      summary: 'Name the EBP code of a payment made through the revenue system, for a due charge (verified by staff)',
      request: { body: jsonBody(ebpCodeVerificationSchema) },
      responses: answer('{ paymentId, chargeId, amount, status, verificationGroup }'),
    }),
    async (c) => {
      const { chargeId, ebpCode } = c.req.valid('json');
      return ok(c, await submitEbpCode(c.get('deps').db, { userId: c.get('auth').userId, chargeId, ebpCode }), 'payment.ebpCodeSubmitted');
    },
  )
  .openapi(
    candidateRoute({
      method: 'post',
      path: '/payments/ebp-code-local-verification',
      summary: 'Whether an EBP code is already recorded here (and, if it is mine, its state)',
      request: { body: jsonBody(ebpCodeLookupSchema) },
      responses: answer('{ used, mine?, status?, amount?, chargeId?, verificationGroup? }'),
    }),
    async (c) => ok(c, await lookUpEbpCode(c.get('deps').db, { userId: c.get('auth').userId, ebpCode: c.req.valid('json').ebpCode })),
  )
  .openapi(
    candidateRoute({
      method: 'get',
      path: '/payments/receipts/{transactionUuid}',
      summary: "The receipt of one of my settled payments, with its verification code (another candidate's, or one not settled: 404)",
      request: { params: receiptParams },
      responses: answer('{ verificationCode, method, amount, paidOn, advertisementCode, applicationReceiptCode, names... }'),
    }),
    async (c) => ok(c, await readPaymentReceipt(c.get('deps').db, { userId: c.get('auth').userId, transactionUuid: c.req.valid('param').transactionUuid })),
  );

export const publicPaymentRoutes = createRouter().openapi(
  publicRoute({
    method: 'get',
    path: '/payments/check/{paymentCode}',
    summary: 'Payment check by code (EBP code, voucher number or transaction id): method, status, amount, dates only',
    request: { params: codeParams },
    responses: answer('{ method, status, verificationGroup, amount, paidOn, createdAt }'),
  }),
  async (c) => ok(c, await checkPaymentByCode(c.get('deps').db, c.req.valid('param').paymentCode.trim())),
);
