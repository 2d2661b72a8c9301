import { z } from '@hono/zod-openapi';
import { envelopeSchema, errorResponses, ok } from '../http/envelope';
import { anyStaffRoute, candidateRoute, createRouter } from '../http/router';
import { countCandidateDashboard } from './count-candidate-dashboard';
import { ensureDashboardCounts } from './dashboard-counts';
import { countCandidatesByCountry, countCandidatesByPlace, countStageMovement, countToday, listDashboardFiscalYears } from './staff-dashboard';

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

const staffDashboardQuery = z.object({
  fiscalYear: z.string().trim().max(7, { error: 'validation.fiscalYearInvalid' }).optional(),
});

// spec §2: the dashboard opens to every member of staff (no privilege in brackets); it holds
// counts only, never a candidate's name or details.
export const staffDashboardRoutes = createRouter().openapi(
  anyStaffRoute({
    method: 'get',
    path: '/dashboard',
    summary: 'The staff dashboard: candidates and applications by province and district and by country abroad, stage movement per advertisement, today',
    request: { query: staffDashboardQuery },
    responses: { 200: { description: '{ fiscalYears, fiscalYear, countedAt, byPlace, byCountry, stages, today }' }, ...errorResponses },
  }),
  async (c) => {
    // Counts that may lag the primary by a moment: the replica's when one is configured. Those by
    // place and per advertisement are the last recount's, taken at countedAt.
    const countedAt = await ensureDashboardCounts(c.get('deps').db);
    const db = c.get('deps').readDb;
    const fiscalYears = await listDashboardFiscalYears(db);
    const fiscalYear = c.req.valid('query').fiscalYear ?? fiscalYears[0];
    const [byPlace, byCountry, stages, today] = await Promise.all([
      countCandidatesByPlace(db),
      countCandidatesByCountry(db),
      countStageMovement(db, { fiscalYear }),
      countToday(db),
    ]);
    return ok(c, { fiscalYears, fiscalYear: fiscalYear ?? null, countedAt, byPlace, byCountry, stages, today });
  },
);
