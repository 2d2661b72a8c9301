import { z } from '@hono/zod-openapi';
import { idSchema, NOTIFICATION_CHANNELS } from '@psc/core';
import { errorResponses, ok } from '../http/envelope';
import { candidateRoute, createRouter } from '../http/router';
import { listMyNotifications, markMyNotificationsRead } from './candidate-notifications';

// The candidate's notifications (spec §2): their own outbox messages, read marks. Every
// statement is bound to the caller's user id; no route takes another candidate's id.

const answer = (description: string) => ({ 200: { description }, ...errorResponses });
const messageParams = z.object({ channel: z.enum(NOTIFICATION_CHANNELS, { error: 'validation.invalid' }), id: idSchema('validation.number') });

export const notificationRoutes = createRouter()
  .openapi(
    candidateRoute({
      method: 'get',
      path: '/notifications',
      summary: "The candidate's latest e-mails and SMS (newest first, secrets shown by kind only) and the unread count",
      responses: answer('{ items: [{ channel, id, kind, text, createdAt, isRead }], unread }'),
    }),
    async (c) => ok(c, await listMyNotifications(c.get('deps').db, c.get('auth').userId)),
  )
  .openapi(
    candidateRoute({
      method: 'post',
      path: '/notifications/read',
      summary: "Mark all the candidate's messages read",
      responses: answer('{ marked }'),
    }),
    async (c) => ok(c, await markMyNotificationsRead(c.get('deps').db, c.get('auth').userId)),
  )
  .openapi(
    candidateRoute({
      method: 'post',
      path: '/notifications/{channel}/{id}/read',
      summary: 'Mark one of the candidate\'s own messages read (another person\'s is passed over)',
      request: { params: messageParams },
      responses: answer('{ marked }'),
    }),
    async (c) => ok(c, await markMyNotificationsRead(c.get('deps').db, c.get('auth').userId, c.req.valid('param'))),
  );
