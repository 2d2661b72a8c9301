import { z } from '@hono/zod-openapi';
import { banSchema, profileLockSchema, voucherLockSchema } from '@psc/core';
import { auditContext } from '../audit/record-audit';
import { errorResponses, ok } from '../http/envelope';
import { createRouter, staffRoute } from '../http/router';
import { idParams } from '../master/params';
import { banUser, clearLock, searchCandidates, setLock, unbanUser } from './locks';

const userIdParams = z.object({ userId: idParams.shape.id });
const jsonBody = <T extends z.ZodType>(schema: T) => ({ required: true, content: { 'application/json': { schema } } });
const answer = (description: string) => ({ 200: { description }, ...errorResponses });

// spec §2 usermanagement: profile lock [UM], user ban [PM], voucher lock [VLU], search [UM].
export const userManagementRoutes = createRouter()
  .openapi(
    staffRoute({
      method: 'get',
      path: '/candidates/search',
      privilege: ['UM', 'read'],
      summary: 'Candidates by name, user name, e-mail, mobile, citizenship number or masterId',
      request: {
        query: z.object({
          q: z.string({ error: 'validation.searchTermRequired' }).trim().min(1, { error: 'validation.searchTermRequired' }).max(100, { error: 'validation.tooLong' }),
          page: z.coerce.number({ error: 'validation.number' }).int().min(1).max(100_000).default(1),
          pageSize: z.coerce.number({ error: 'validation.number' }).int().min(1).max(200).default(50),
        }),
      },
      responses: answer('{ items, total }'),
    }),
    async (c) => ok(c, await searchCandidates(c.get('deps').db, c.req.valid('query'))),
  )
  .openapi(
    staffRoute({
      method: 'post',
      path: '/candidates/{userId}/profile-lock',
      privilege: ['UM', 'update'],
      summary: 'Lock a candidate’s profile from a start (now when absent) to an expiry',
      request: { params: userIdParams, body: jsonBody(profileLockSchema) },
      responses: answer('The lock'),
    }),
    async (c) => {
      const body = c.req.valid('json');
      return ok(c, await setLock(c.get('deps').db, c.req.valid('param').userId, 'profile', { from: body.lockedFromAd, until: body.lockedUntilAd, reason: body.reason }, auditContext(c)), 'admin.saved');
    },
  )
  .openapi(
    staffRoute({ method: 'delete', path: '/candidates/{userId}/profile-lock', privilege: ['UM', 'update'], summary: 'Unlock a candidate’s profile', request: { params: userIdParams }, responses: answer('Unlocked') }),
    async (c) => ok(c, await clearLock(c.get('deps').db, c.req.valid('param').userId, 'profile', auditContext(c)), 'admin.saved'),
  )
  .openapi(
    staffRoute({
      method: 'post',
      path: '/candidates/{userId}/voucher-lock',
      privilege: ['VLU', 'update'],
      summary: 'Lock a candidate’s voucher from a start (now when absent) to an expiry',
      request: { params: userIdParams, body: jsonBody(voucherLockSchema) },
      responses: answer('The lock'),
    }),
    async (c) => {
      const body = c.req.valid('json');
      return ok(c, await setLock(c.get('deps').db, c.req.valid('param').userId, 'voucher', { from: body.lockedFromAd, until: body.lockedUntilAd, reason: body.reason }, auditContext(c)), 'admin.saved');
    },
  )
  .openapi(
    staffRoute({ method: 'delete', path: '/candidates/{userId}/voucher-lock', privilege: ['VLU', 'update'], summary: 'Unlock a candidate’s voucher', request: { params: userIdParams }, responses: answer('Unlocked') }),
    async (c) => ok(c, await clearLock(c.get('deps').db, c.req.valid('param').userId, 'voucher', auditContext(c)), 'admin.saved'),
  )
  .openapi(
    staffRoute({
      method: 'post',
      path: '/users/{id}/ban',
      privilege: ['PM', 'update'],
      summary: 'Block a user (open-ended when no end is given); their next request is refused',
      request: { params: idParams, body: jsonBody(banSchema) },
      responses: answer('The ban'),
    }),
    async (c) => ok(c, await banUser(c.get('deps').db, c.req.valid('param').id, c.req.valid('json'), auditContext(c)), 'admin.saved'),
  )
  .openapi(
    staffRoute({ method: 'delete', path: '/users/{id}/ban', privilege: ['PM', 'update'], summary: 'Lift a user’s block', request: { params: idParams }, responses: answer('Lifted') }),
    async (c) => ok(c, await unbanUser(c.get('deps').db, c.req.valid('param').id, auditContext(c)), 'admin.saved'),
  );
