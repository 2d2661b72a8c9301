import { ensureDashboardCounts } from '../dashboard/dashboard-counts';
import { errorResponses, ok } from '../http/envelope';
import { createRouter, publicRoute } from '../http/router';
import { cachedPublicStatistics, publicStatisticsCsv } from './public-statistics';

// The public statistics feed, no sign-in (counts only; see public-statistics.ts). Read at most
// once a minute per API process (from the read replica when there is one), and cacheable by
// browsers and proxies for the same minute.

const CACHE_CONTROL = 'public, max-age=60';

export const publicStatisticsRoutes = createRouter()
  .openapi(
    publicRoute({
      method: 'get',
      path: '/statistics.json',
      summary: 'Public advertisements with applications per quota (counted every minute, at countedAt), open or not, and their published result lists (counts only)',
      responses: { 200: { description: '{ generatedAt, countedAt, advertisements: [{ code, ..., quotas, results }] }' }, ...errorResponses },
    }),
    async (c) => {
      await ensureDashboardCounts(c.get('deps').db);
      const statistics = await cachedPublicStatistics(c.get('deps').readDb);
      c.header('Cache-Control', CACHE_CONTROL);
      return ok(c, statistics);
    },
  )
  .openapi(
    publicRoute({
      method: 'get',
      path: '/statistics.csv',
      summary: 'The same feed as CSV (UTF-8 with a byte-order mark): one line per advertisement and quota',
      responses: { 200: { description: 'text/csv' }, ...errorResponses },
    }),
    async (c) => {
      await ensureDashboardCounts(c.get('deps').db);
      const csv = publicStatisticsCsv(await cachedPublicStatistics(c.get('deps').readDb));
      return c.body(csv, 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': 'attachment; filename="psc-statistics.csv"',
        'Cache-Control': CACHE_CONTROL,
      }) as never;
    },
  );
