import { z } from '@hono/zod-openapi';
import { envelopeSchema, ok } from '../http/envelope';
import { AppError } from '../http/errors';
import { createRouter, publicRoute } from '../http/router';
import { readReplicaLag } from './replica-lag';

const replicaSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('up'), behindBytes: z.number(), lagSeconds: z.number() }),
  z.object({ state: z.literal('down') }),
]);

export const healthRoutes = createRouter().openapi(
  publicRoute({
    method: 'get',
    path: '/health',
    summary: 'Whether the API and its database answer; with a read replica configured, how far it is behind',
    responses: {
      200: {
        description: 'Healthy',
        content: {
          'application/json': {
            schema: envelopeSchema(z.object({ database: z.literal('up'), engine: z.enum(['pglite', 'postgres']), replica: replicaSchema.optional() })),
          },
        },
      },
      503: { description: 'The database does not answer' },
    },
  }),
  async (c) => {
    const { connection, replica } = c.get('deps');
    if (!(await connection.ping())) throw new AppError('SERVICE_UNAVAILABLE');
    // A replica that is down or far behind leaves this process healthy (writes and most reads go
    // to the primary): it is shown for monitoring, not answered with 503 (docs/deployment.md).
    if (!replica) return ok(c, { database: 'up' as const, engine: connection.engine });
    return ok(c, { database: 'up' as const, engine: connection.engine, replica: await readReplicaLag(connection.db, replica.db) });
  },
);
