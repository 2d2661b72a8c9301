import { z } from '@hono/zod-openapi';
import { listPageQuery } from '../advertisements/routes';
import { errorResponses, ok } from '../http/envelope';
import { createRouter, publicRoute } from '../http/router';
import { getPublicAdvertisement, listPublicAdvertisements } from './list-public-advertisements';

const answer = (description: string) => ({ 200: { description }, ...errorResponses });

// A code such as "2082/83-0007" holds a slash: clients send it encoded (%2F); the dashed form
// "2082-83-0007" is read too, for links typed by hand.
const codeParams = z.object({
  code: z
    .string()
    .max(40, { error: 'validation.tooLong' })
    .transform((code) => code.replace(/^(\d{4})-(\d{2})-(\d+)$/, '$1/$2-$3')),
});

// The public side of advertisements (no sign-in): the published advertisements candidates may apply to.
export const publicAdvertisementRoutes = createRouter()
  .openapi(
    publicRoute({
      method: 'get',
      path: '/advertisements',
      summary: 'Published advertisements, from their publish date (Nepal time), newest first',
      request: { query: listPageQuery },
      responses: answer('{ items, total }'),
    }),
    async (c) => ok(c, await listPublicAdvertisements(c.get('deps').db, c.req.valid('query'))),
  )
  .openapi(
    publicRoute({ method: 'get', path: '/advertisements/{code}', summary: 'One published advertisement by its code', request: { params: codeParams }, responses: answer('The advertisement') }),
    async (c) => ok(c, await getPublicAdvertisement(c.get('deps').db, c.req.valid('param').code)),
  );
