import { z } from '@hono/zod-openapi';
import { listPageQuery } from '../advertisements/routes';
import { errorResponses } from '../http/envelope';
import { AppError } from '../http/errors';
import { createRouter, publicRoute } from '../http/router';
import { publicAdvertisementAnswer, publicListAnswer } from './list-public-advertisements';
import { sendPublicAnswer } from './public-answers';

const answer = (description: string) => ({
  200: { description },
  304: { description: 'The copy named by If-None-Match (or, without it, If-Modified-Since) is current' },
  ...errorResponses,
});

// A code such as "2082/83-0007" holds a slash: clients send it encoded (%2F); the dashed form
// "2082-83-0007" is read too, for links typed by hand.
const codeParams = z.object({
  code: z
    .string()
    .max(40, { error: 'validation.tooLong' })
    .transform((code) => code.replace(/^(\d{4})-(\d{2})-(\d+)$/, '$1/$2-$3')),
});

// The public side of advertisements (no sign-in): the published advertisements candidates may
// apply to. Both answers are built once per change and carry validators and a Cache-Control a
// proxy/CDN may follow (public-answers.ts). They read deps.readDb (the replica when there is
// one): answers already lag a change by the few seconds they are kept.
export const publicAdvertisementRoutes = createRouter()
  .openapi(
    publicRoute({
      method: 'get',
      path: '/advertisements',
      summary: 'Published advertisements, from their publish date (Nepal time), newest first',
      request: { query: listPageQuery },
      responses: answer('{ items, total }'),
    }),
    async (c) => sendPublicAnswer(c, await publicListAnswer(c.get('deps').readDb, c.get('lang'), c.req.valid('query'))),
  )
  .openapi(
    publicRoute({ method: 'get', path: '/advertisements/{code}', summary: 'One published advertisement by its code', request: { params: codeParams }, responses: answer('The advertisement') }),
    async (c) => {
      const answer = await publicAdvertisementAnswer(c.get('deps').readDb, c.get('lang'), c.req.valid('param').code);
      if (!answer) throw new AppError('NOT_FOUND');
      return sendPublicAnswer(c, answer);
    },
  );
