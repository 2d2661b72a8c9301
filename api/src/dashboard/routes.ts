import { z } from '@hono/zod-openapi';
import { envelopeSchema, ok } from '../http/envelope';
import { candidateRoute, createRouter } from '../http/router';
import { countCandidateDashboard } from './count-candidate-dashboard';

const dashboardSchema = z
  .object({ counters: z.array(z.object({ key: z.string(), value: z.number().int() })) })
  .openapi('CandidateDashboard');

export const dashboardRoutes = createRouter().openapi(
  candidateRoute({
    method: 'get',
    path: '/dashboard',
    summary: "The candidate's dashboard counters",
    responses: {
      200: { description: 'Counters', content: { 'application/json': { schema: envelopeSchema(dashboardSchema) } } },
    },
  }),
  async (c) => ok(c, { counters: await countCandidateDashboard(c.get('deps').db, c.get('auth').userId) }),
);
