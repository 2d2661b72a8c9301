import { z } from '@hono/zod-openapi';
import { envelopeSchema, ok } from '../http/envelope';
import { AppError } from '../http/errors';
import { createRouter, publicRoute } from '../http/router';

export const healthRoutes = createRouter().openapi(
  publicRoute({
    method: 'get',
    path: '/health',
    summary: 'Whether the API and its database answer',
    responses: {
      200: {
        description: 'Healthy',
        content: {
          'application/json': {
            schema: envelopeSchema(z.object({ database: z.literal('up'), engine: z.enum(['pglite', 'postgres']) })),
          },
        },
      },
      503: { description: 'The database does not answer' },
    },
  }),
  async (c) => {
    const { connection } = c.get('deps');
    if (!(await connection.ping())) throw new AppError('SERVICE_UNAVAILABLE');
    return ok(c, { database: 'up' as const, engine: connection.engine });
  },
);
