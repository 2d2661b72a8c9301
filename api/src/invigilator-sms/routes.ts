import { z, type z as Z } from '@hono/zod-openapi';
import { invigilatorSmsSelectionSchema, toLatinDigits } from '@psc/core';
import { auditContext } from '../audit/record-audit';
import { errorResponses, ok } from '../http/envelope';
import { createRouter, staffRoute } from '../http/router';
import { idParams } from '../master/params';
import { readSparrowCredit } from '../messaging/sms-provider';
import { dutiesOf, getSitting, listSittings, venuesOf } from './invigilator-duties';
import { progressOf, resendFailed, sendInvigilatorSms } from './send-invigilator-sms';

// Bulk invigilator SMS [BIS] (spec §2 "BIS: bulk SMS"): every route needs the BIS privilege.

const jsonBody = <T extends Z.ZodType>(schemaOf: T) => ({ required: true, content: { 'application/json': { schema: schemaOf } } });
const answer = (description: string) => ({ 200: { description }, ...errorResponses });

/** ?venues=3,5 (digits in either script): the centres to preview; all of the sitting's without it. */
const previewQuery = z.object({
  // A sitting has at most a few hundred centres: ids of up to 9 digits, comma-separated.
  venues: z
    .string()
    .max(2_000, { error: 'validation.tooLong' })
    .regex(/^[0-9०-९]{1,9}(,[0-9०-९]{1,9})*$/, { error: 'validation.number' })
    .optional()
    .transform((text) => (text ? toLatinDigits(text).split(',').map(Number).filter((id) => id > 0) : undefined)),
});

export const invigilatorSmsRoutes = createRouter()
  .openapi(
    staffRoute({
      method: 'get',
      path: '/invigilator-sms/sittings',
      privilege: ['BIS', 'read'],
      summary: 'The sittings (an advertisement\'s scheduled paper) that have centres, with how many invigilators are on duty',
      responses: answer('[{ id, advertisementCode, paperNameEn, paperNameNp, examDate, startTime, status, duties }]'),
    }),
    async (c) => ok(c, await listSittings(c.get('deps').db)),
  )
  .openapi(
    staffRoute({
      method: 'get',
      path: '/invigilator-sms/sittings/{id}/preview',
      privilege: ['BIS', 'read'],
      summary: 'Each invigilator on duty in the sitting (or at the centres given) with the SMS they would get and its state',
      request: { params: idParams, query: previewQuery },
      responses: answer('{ sitting, venues, duties: [{ rangeId, invigilatorId, venueId, duty, roomNumber, nameEn, nameNp, mobile, mobileValid, message, parts, smsState }] }'),
    }),
    async (c) => {
      const db = c.get('deps').db;
      const sitting = await getSitting(db, c.req.valid('param').id);
      return ok(c, { sitting, venues: await venuesOf(db, sitting.id), duties: await dutiesOf(db, sitting, c.req.valid('query').venues) });
    },
  )
  .openapi(
    staffRoute({
      method: 'post',
      path: '/invigilator-sms/sittings/{id}/send',
      privilege: ['BIS', 'create'],
      summary: "Queue each invigilator's duty SMS once (a retried send queues none again; a changed duty is sent again with its new text)",
      request: { params: idParams, body: jsonBody(invigilatorSmsSelectionSchema) },
      responses: answer('{ batchId, queued, requeued, unchanged, withoutMobile }'),
    }),
    async (c) =>
      ok(c, await sendInvigilatorSms(c.get('deps').db, c.req.valid('param').id, c.req.valid('json').venueIds, auditContext(c)), 'invigilatorSms.queued'),
  )
  .openapi(
    staffRoute({
      method: 'get',
      path: '/invigilator-sms/sittings/{id}/progress',
      privilege: ['BIS', 'read'],
      summary: "The sitting's messages by batch: queued, retrying, sent and failed, with the failures and the gateway's answers",
      request: { params: idParams },
      responses: answer('{ totals, batches, failures: [{ outboxId, toNumber, nameEn, nameNp, providerAnswer, attempts, failed }] }'),
    }),
    async (c) => ok(c, await progressOf(c.get('deps').db, c.req.valid('param').id)),
  )
  .openapi(
    staffRoute({
      method: 'post',
      path: '/invigilator-sms/sittings/{id}/resend-failed',
      privilege: ['BIS', 'update'],
      summary: "Give the sitting's failed messages another round of attempts (the same rows: nothing is queued twice)",
      request: { params: idParams },
      responses: answer('{ resent }'),
    }),
    async (c) => ok(c, await resendFailed(c.get('deps').db, c.req.valid('param').id, auditContext(c)), 'invigilatorSms.resent'),
  )
  .openapi(
    staffRoute({
      method: 'get',
      path: '/invigilator-sms/credit',
      privilege: ['BIS', 'read'],
      summary: "The SMS gateway's remaining credit (Sparrow SMS); null with another provider or when the gateway does not answer",
      responses: answer('{ provider, available, consumed } | null'),
    }),
    async (c) => {
      const { config, logger } = c.get('deps');
      if (config.smsProvider !== 'sparrow') return ok(c, null);
      try {
        return ok(c, { provider: 'sparrow', ...(await readSparrowCredit(config.sparrow)) });
      } catch (error) {
        logger.warn({ error: error instanceof Error ? error.message : 'unknown' }, 'sms credit not read');
        return ok(c, null);
      }
    },
  );
