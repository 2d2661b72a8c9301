import type { z } from '@hono/zod-openapi';
import { rollNumberAssignLateSchema, rollNumberGenerateSchema } from '@psc/core';
import { auditContext } from '../audit/record-audit';
import { errorResponses, ok } from '../http/envelope';
import { createRouter, staffRoute } from '../http/router';
import { idParams } from '../master/params';
import { assignLateRollNumbers, generateRollNumbers } from './generate-roll-numbers';
import { getRollNumberAdvertisement, listRollNumberAdvertisements } from './read-roll-numbers';

// Roll numbers [SA] (spec §2 generate/rollNo; §5 "Roll generation").

const jsonBody = <T extends z.ZodType>(schemaOf: T) => ({ required: true, content: { 'application/json': { schema: schemaOf } } });
const answer = (description: string) => ({ 200: { description }, ...errorResponses });

export const rollNumberRoutes = createRouter()
  .openapi(
    staffRoute({
      method: 'get',
      path: '/roll-numbers/advertisements',
      privilege: ['SA', 'read'],
      summary: 'The advertisements whose scrutiny is finalised, with approved and numbered counts and their roll-number range',
      responses: answer('[{ id, code, fiscalYear, postNameEn, postNameNp, approved, numbered, rollFrom, rollTo, admitCardsIssuedAt }]'),
    }),
    async (c) => ok(c, await listRollNumberAdvertisements(c.get('deps').db)),
  )
  .openapi(
    staffRoute({
      method: 'get',
      path: '/roll-numbers/advertisements/{id}',
      privilege: ['SA', 'read'],
      summary: "One advertisement's approved count, configured and taken ranges, a suggested range, its numbers by centre and the generation history",
      request: { params: idParams },
      responses: answer('{ id, code, approved, missing, configuredRanges, takenRanges, suggestedRange, range, admitCardsIssuedAt, byCentre, history }'),
    }),
    async (c) => ok(c, await getRollNumberAdvertisement(c.get('deps').db, c.req.valid('param').id)),
  )
  .openapi(
    staffRoute({
      method: 'post',
      path: '/roll-numbers/generate',
      privilege: ['SA', 'create'],
      summary: "Generate (or, until admit cards are issued, regenerate) an advertisement's roll numbers over a range, by centre then name",
      request: { body: jsonBody(rollNumberGenerateSchema) },
      responses: answer('{ advertisementId, advertisementCode, action, rollFrom, rollTo, assigned }'),
    }),
    async (c) => ok(c, await generateRollNumbers(c.get('deps').db, c.req.valid('json'), auditContext(c)), 'rollNumbers.generated'),
  )
  .openapi(
    staffRoute({
      method: 'post',
      path: '/roll-numbers/assign-late',
      privilege: ['SA', 'update'],
      summary: "Give approved applications without a roll number the next free numbers of the advertisement's range, nobody else renumbered",
      request: { body: jsonBody(rollNumberAssignLateSchema) },
      responses: answer('{ advertisementId, advertisementCode, action, rollFrom, rollTo, assigned }'),
    }),
    async (c) => ok(c, await assignLateRollNumbers(c.get('deps').db, c.req.valid('json'), auditContext(c)), 'rollNumbers.lateAssigned'),
  );
