import { z } from '@hono/zod-openapi';
import { envelopeSchema, errorResponses, ok } from '../http/envelope';
import { createRouter, staffRoute } from '../http/router';
import { listMailOutbox, listSmsOutbox, OUTBOX_STATUSES } from './list-outbox';

const outboxQuery = z.object({
  page: z.coerce.number({ error: 'validation.number' }).int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number({ error: 'validation.number' }).int().min(1).max(200).default(20),
  status: z.enum(OUTBOX_STATUSES).optional(),
  kind: z.string().trim().max(50, { error: 'validation.tooLong' }).optional(),
  search: z.string().trim().max(100, { error: 'validation.tooLong' }).optional(),
});

const delivery = {
  kind: z.string(),
  userId: z.number().int().nullable(),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  nextAttemptAt: z.string(),
  sentAt: z.string().nullable(),
};

const mailRow = z.object({ id: z.number().int(), to: z.string(), subject: z.string(), bodyText: z.string(), ...delivery }).openapi('OutboxMail');
const smsRow = z.object({ id: z.number().int(), to: z.string(), body: z.string(), ...delivery }).openapi('OutboxSms');

// Without SMTP (or an SMS gateway) messages stay in the outbox and an administrator
// reads them here, under user management [UM]. The bodies hold temporary passwords and links,
// which is why reading them needs the privilege.
export const outboxRoutes = createRouter()
  .openapi(
    staffRoute({
      method: 'get',
      path: '/outbox/mail',
      privilege: ['UM', 'read'],
      summary: 'Mail outbox, newest first, with bodies',
      request: { query: outboxQuery },
      responses: {
        200: { description: 'A page of mail', content: { 'application/json': { schema: envelopeSchema(z.object({ items: z.array(mailRow), total: z.number().int() })) } } },
        ...errorResponses,
      },
    }),
    async (c) => ok(c, await listMailOutbox(c.get('deps').db, c.req.valid('query'))),
  )
  .openapi(
    staffRoute({
      method: 'get',
      path: '/outbox/sms',
      privilege: ['UM', 'read'],
      summary: 'SMS outbox, newest first, with texts',
      request: { query: outboxQuery },
      responses: {
        200: { description: 'A page of SMS', content: { 'application/json': { schema: envelopeSchema(z.object({ items: z.array(smsRow), total: z.number().int() })) } } },
        ...errorResponses,
      },
    }),
    async (c) => ok(c, await listSmsOutbox(c.get('deps').db, c.req.valid('query'))),
  );
