import { z } from '@hono/zod-openapi';
import { examRescheduleSchema, examScheduleDecisionSchema, examScheduleSaveSchema, examScheduleSkipSchema, idSchema, publicHolidaySchema, type ExamScheduleDecisionInput, type ExamScheduleSaveInput } from '@psc/core';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../applications/rows-of';
import { auditContext } from '../audit/record-audit';
import { errorResponses, ok } from '../http/envelope';
import { AppError } from '../http/errors';
import { candidateRoute, createRouter, publicRoute, staffRoute } from '../http/router';
import { idParams } from '../master/params';
import {
  applicationSchedule,
  approvedSchedule,
  createHoliday,
  decideSchedule,
  deleteHoliday,
  getSchedule,
  listHolidays,
  listSchedules,
  reschedule,
  saveSchedule,
  skipPaper,
  submitSchedule,
} from './exam-schedule';

// Exam scheduling [ES] (spec §2 exam-scheduling with pending and completed, schedule-exam,
// approve-exam-schedule, approval-exam-schedule/{id}; spec §7 "Exam scheduling: by {id}, skip by
// {id}, save, review, review for all approvals"); public holidays [MC]; the approved schedule on a
// candidate's own application and on the public advertisement.

const jsonBody = <T extends z.ZodType>(schemaOf: T) => ({ required: true, content: { 'application/json': { schema: schemaOf } } });
const answer = (description: string) => ({ 200: { description }, ...errorResponses });

const listQuery = z.object({
  state: z.enum(['pending', 'completed', 'review'], { error: 'validation.chooseOne' }).default('pending'),
  page: z.coerce.number({ error: 'validation.number' }).int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number({ error: 'validation.number' }).int().min(1).max(200).default(50),
});
const paperParams = z.object({ id: idSchema('validation.number'), paperId: idSchema('validation.number') });

export const examScheduleRoutes = createRouter()
  .openapi(
    staffRoute({ method: 'get', path: '/exam-schedules', privilege: ['ES', 'read'], summary: 'Advertisements to schedule: pending, completed (approved) or in review', request: { query: listQuery }, responses: answer('{ items, total }') }),
    async (c) => ok(c, await listSchedules(c.get('deps').db, c.req.valid('query') as z.output<typeof listQuery>)),
  )
  .openapi(
    staffRoute({ method: 'get', path: '/exam-schedules/{id}', privilege: ['ES', 'read'], summary: "One advertisement's schedule, its papers, exam window and holidays", request: { params: idParams }, responses: answer('The schedule') }),
    async (c) => ok(c, await getSchedule(c.get('deps').db, c.req.valid('param').id, c.get('deps').config.examWindowDays)),
  )
  .openapi(
    staffRoute({ method: 'put', path: '/exam-schedules/{id}', privilege: ['ES', 'create'], summary: "Save papers' dates, start times and durations (or skips)", request: { params: idParams, body: jsonBody(examScheduleSaveSchema) }, responses: answer('{ advertisementId, status }') }),
    async (c) => ok(c, await saveSchedule(c.get('deps').db, c.req.valid('param').id, c.req.valid('json') as ExamScheduleSaveInput, auditContext(c), c.get('deps').config.examWindowDays), 'admin.saved'),
  )
  .openapi(
    staffRoute({ method: 'post', path: '/exam-schedules/{id}/papers/{paperId}/skip', privilege: ['ES', 'create'], summary: 'Skip (bypass) one paper, with the reason', request: { params: paperParams, body: jsonBody(examScheduleSkipSchema) }, responses: answer('{ advertisementId, status }') }),
    async (c) => {
      const { id, paperId } = c.req.valid('param');
      const body = c.req.valid('json') as z.output<typeof examScheduleSkipSchema>;
      return ok(c, await skipPaper(c.get('deps').db, id, paperId, body.skipReason, auditContext(c), c.get('deps').config.examWindowDays), 'examSchedule.skipped');
    },
  )
  .openapi(
    staffRoute({ method: 'post', path: '/exam-schedules/{id}/review', privilege: ['ES', 'create'], summary: 'Send the schedule for approval by another officer', request: { params: idParams }, responses: answer('{ advertisementId, status }') }),
    async (c) => ok(c, await submitSchedule(c.get('deps').db, c.req.valid('param').id, auditContext(c), c.get('deps').config.examWindowDays), 'examSchedule.submitted'),
  )
  .openapi(
    staffRoute({ method: 'post', path: '/exam-schedules/{id}/decision', privilege: ['ES', 'approve'], summary: 'Approve (notifies the approved applicants) or send back with a remark', request: { params: idParams, body: jsonBody(examScheduleDecisionSchema) }, responses: answer('{ advertisementId, status, notified }') }),
    async (c) => {
      const input = c.req.valid('json') as ExamScheduleDecisionInput;
      return ok(c, await decideSchedule(c.get('deps').db, c.req.valid('param').id, input, auditContext(c)), input.decision === 'approve' ? 'examSchedule.approved' : 'examSchedule.sentBack');
    },
  )
  .openapi(
    staffRoute({ method: 'post', path: '/exam-schedules/{id}/reschedule', privilege: ['ES', 'update'], summary: 'Re-schedule an approved schedule: back to pending, with the reason', request: { params: idParams, body: jsonBody(examRescheduleSchema) }, responses: answer('{ advertisementId, status }') }),
    async (c) => ok(c, await reschedule(c.get('deps').db, c.req.valid('param').id, (c.req.valid('json') as z.output<typeof examRescheduleSchema>).remark, auditContext(c)), 'examSchedule.rescheduled'),
  )
  .openapi(
    staffRoute({ method: 'get', path: '/public-holidays', privilege: ['MC', 'read'], summary: 'Public holidays (no exam on them)', responses: answer('{ items }') }),
    async (c) => ok(c, await listHolidays(c.get('deps').db)),
  )
  .openapi(
    staffRoute({ method: 'post', path: '/public-holidays', privilege: ['MC', 'create'], summary: 'Add a public holiday', request: { body: jsonBody(publicHolidaySchema) }, responses: answer('{ id }') }),
    async (c) => ok(c, await createHoliday(c.get('deps').db, c.req.valid('json') as z.output<typeof publicHolidaySchema>, auditContext(c)), 'admin.saved'),
  )
  .openapi(
    staffRoute({ method: 'delete', path: '/public-holidays/{id}', privilege: ['MC', 'delete'], summary: 'Remove a public holiday', request: { params: idParams }, responses: answer('{ id }') }),
    async (c) => ok(c, await deleteHoliday(c.get('deps').db, c.req.valid('param').id, auditContext(c)), 'admin.deleted'),
  );

/** The candidate's own application's approved schedule (mounted under /api/psc). */
export const candidateExamScheduleRoutes = createRouter().openapi(
  candidateRoute({ method: 'get', path: '/applications/{id}/exam-schedule', summary: "My application's exam schedule, once approved", request: { params: idParams }, responses: answer('{ schedule }') }),
  async (c) => ok(c, await applicationSchedule(c.get('deps').db, c.req.valid('param').id, c.get('auth').userId)),
);

const codeParams = z.object({
  code: z
    .string()
    .max(40, { error: 'validation.tooLong' })
    .transform((code) => code.replace(/^(\d{4})-(\d{2})-(\d+)$/, '$1/$2-$3')),
});

/** A published advertisement's approved schedule (mounted under /api/public). */
export const publicExamScheduleRoutes = createRouter().openapi(
  publicRoute({ method: 'get', path: '/advertisements/{code}/exam-schedule', summary: "A published advertisement's exam schedule, once approved", request: { params: codeParams }, responses: answer('{ schedule }') }),
  async (c) => {
    const db = c.get('deps').db;
    const [advertisement] = rowsOf<{ id: number }>(await db.execute(sql`select id from advertisements where code = ${c.req.valid('param').code} and status = 'published'`));
    if (!advertisement) throw new AppError('NOT_FOUND');
    return ok(c, { schedule: await approvedSchedule(db, advertisement.id) });
  },
);
