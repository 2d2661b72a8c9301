import { z } from '@hono/zod-openapi';
import { idSchema } from '@psc/core';

/** ?page&pageSize&search of the staff lists. */
export const pageQuery = z.object({
  page: z.coerce.number({ error: 'validation.number' }).int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number({ error: 'validation.number' }).int().min(1).max(500).default(50),
  search: z.string().trim().max(100, { error: 'validation.tooLong' }).optional(),
});

export const idParams = z.object({ id: idSchema('validation.number') });
