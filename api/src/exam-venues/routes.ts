import { z } from '@hono/zod-openapi';
import { examVenueListQuerySchema, examVenueRoomSchema, examVenueSchema, idSchema } from '@psc/core';
import { auditContext } from '../audit/record-audit';
import { errorResponses, ok } from '../http/envelope';
import { createRouter, staffRoute } from '../http/router';
import { idParams } from '../master/params';
import {
  addExamVenueRoom,
  createExamVenue,
  deleteExamVenue,
  deleteExamVenueRoom,
  getExamVenue,
  listCitiesWithVenues,
  listExamVenues,
  updateExamVenue,
  updateExamVenueRoom,
} from './exam-venues';

// Exam centres and their rooms [MC] (spec §2 exam-center, exam-center-list/{id}, center-list;
// spec §3 "Exam centre"; spec §5 "Exam centre capacity minimum 1").

const jsonBody = <T extends z.ZodType>(schemaOf: T) => ({ required: true, content: { 'application/json': { schema: schemaOf } } });
const answer = (description: string) => ({ 200: { description }, ...errorResponses });
const roomParams = idParams.extend({ roomId: idSchema('validation.number') });

export const examVenueRoutes = createRouter()
  .openapi(
    staffRoute({
      method: 'get',
      path: '/exam-venues',
      privilege: ['MC', 'read'],
      summary: 'A page of exam centres, by city and name, with their active rooms and seats',
      request: { query: examVenueListQuerySchema },
      responses: answer('{ items: [{ id, examCentreId, cityNameEn, cityNameNp, nameEn, nameNp, capacity, rooms, seats, ... }], total }'),
    }),
    async (c) => ok(c, await listExamVenues(c.get('deps').db, c.req.valid('query'))),
  )
  .openapi(
    staffRoute({
      method: 'get',
      path: '/exam-venue-cities',
      // Centre allocation (ECA) and rooms, invigilators and reports (PEC) read the same list.
      privilege: [['MC', 'ECA', 'PEC'], 'read'],
      summary: 'Cities with their active exam centres, each with its active rooms, and the capacity, room and seat totals',
      request: { query: z.object({ cityId: examVenueListQuerySchema.shape.cityId }) },
      responses: answer('[{ cityId, cityNameEn, cityNameNp, capacity, rooms, seats, venues: [{ id, nameEn, nameNp, capacity, seats, rooms: [{ id, roomNumber, floor, seats }] }] }]'),
    }),
    async (c) => ok(c, await listCitiesWithVenues(c.get('deps').db, c.req.valid('query').cityId)),
  )
  .openapi(
    staffRoute({ method: 'get', path: '/exam-venues/{id}', privilege: ['MC', 'read'], summary: 'One exam centre with all its rooms', request: { params: idParams }, responses: answer('The centre') }),
    async (c) => ok(c, await getExamVenue(c.get('deps').db, c.req.valid('param').id)),
  )
  .openapi(
    staffRoute({ method: 'post', path: '/exam-venues', privilege: ['MC', 'create'], summary: 'Add an exam centre in a city', request: { body: jsonBody(examVenueSchema) }, responses: answer('The centre') }),
    async (c) => ok(c, await createExamVenue(c.get('deps').db, c.req.valid('json'), auditContext(c)), 'admin.saved'),
  )
  .openapi(
    staffRoute({
      method: 'put',
      path: '/exam-venues/{id}',
      privilege: ['MC', 'update'],
      summary: 'Change an exam centre (deactivate it with isActive false)',
      request: { params: idParams, body: jsonBody(examVenueSchema) },
      responses: answer('The centre'),
    }),
    async (c) => ok(c, await updateExamVenue(c.get('deps').db, c.req.valid('param').id, c.req.valid('json'), auditContext(c)), 'admin.saved'),
  )
  .openapi(
    staffRoute({
      method: 'delete',
      path: '/exam-venues/{id}',
      privilege: ['MC', 'delete'],
      summary: 'Delete an exam centre and its rooms; 409 while an allocation refers to either',
      request: { params: idParams },
      responses: answer('Deleted'),
    }),
    async (c) => {
      const id = c.req.valid('param').id;
      await deleteExamVenue(c.get('deps').db, id, auditContext(c));
      return ok(c, { id }, 'admin.deleted');
    },
  )
  .openapi(
    staffRoute({
      method: 'post',
      path: '/exam-venues/{id}/rooms',
      privilege: ['MC', 'create'],
      summary: 'Add a room to an exam centre (its number unique in the centre)',
      request: { params: idParams, body: jsonBody(examVenueRoomSchema) },
      responses: answer('The room'),
    }),
    async (c) => ok(c, await addExamVenueRoom(c.get('deps').db, c.req.valid('param').id, c.req.valid('json'), auditContext(c)), 'admin.saved'),
  )
  .openapi(
    staffRoute({
      method: 'put',
      path: '/exam-venues/{id}/rooms/{roomId}',
      privilege: ['MC', 'update'],
      summary: 'Change a room (deactivate it with isActive false)',
      request: { params: roomParams, body: jsonBody(examVenueRoomSchema) },
      responses: answer('The room'),
    }),
    async (c) => {
      const { id, roomId } = c.req.valid('param');
      return ok(c, await updateExamVenueRoom(c.get('deps').db, id, roomId, c.req.valid('json'), auditContext(c)), 'admin.saved');
    },
  )
  .openapi(
    staffRoute({
      method: 'delete',
      path: '/exam-venues/{id}/rooms/{roomId}',
      privilege: ['MC', 'delete'],
      summary: 'Delete a room; 409 while an allocation refers to it',
      request: { params: roomParams },
      responses: answer('Deleted'),
    }),
    async (c) => {
      const { id, roomId } = c.req.valid('param');
      await deleteExamVenueRoom(c.get('deps').db, id, roomId, auditContext(c));
      return ok(c, { id: roomId }, 'admin.deleted');
    },
  );
