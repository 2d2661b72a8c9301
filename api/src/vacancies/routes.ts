import { z } from '@hono/zod-openapi';
import { feeQuoteRequestSchema, idSchema } from '@psc/core';
import { listPageQuery } from '../advertisements/routes';
import { runService } from '../applications/run-service';
import { errorResponses, ok, okJsonBytes } from '../http/envelope';
import { candidateRoute, createRouter } from '../http/router';
import { quoteVacancyFee } from './quote-vacancy-fee';
import { getVacancy, listVacanciesJson, previewEligibility } from './read-vacancies';

const answer = (description: string) => ({ 200: { description }, ...errorResponses });
const jsonBody = <T extends z.ZodType>(schema: T) => ({ required: true, content: { 'application/json': { schema } } });

const advertisementParams = z.object({ advertisementId: idSchema('validation.number') });
const vacancyQuery = listPageQuery.extend({
  organizationId: idSchema('validation.number').optional(),
});

// Apply and pay, the candidate side: spec §2 /vacancy, /organization/vacancy and the apply flow's reads.
export const vacancyRoutes = createRouter()
  .openapi(
    candidateRoute({
      method: 'get',
      path: '/vacancies',
      summary: 'Open vacancies (published, publish date to double-fee date) with the fee period today and whether I applied',
      request: { query: vacancyQuery },
      responses: answer('{ items, total }'),
    }),
    async (c) => okJsonBytes(c, await listVacanciesJson(c.get('deps').db, c.get('auth').userId, c.req.valid('query'))),
  )
  .openapi(
    candidateRoute({
      method: 'get',
      path: '/vacancies/{advertisementId}',
      summary: 'One open vacancy: quotas, exam centres, optional subjects, accepted faculties, my eligibility and my application',
      request: { params: advertisementParams },
      responses: answer('The vacancy'),
    }),
    async (c) => ok(c, await getVacancy(c.get('deps').db, c.get('auth').userId, c.req.valid('param').advertisementId)),
  )
  .openapi(
    candidateRoute({
      method: 'get',
      path: '/vacancies/{advertisementId}/eligibility',
      summary: 'My eligibility: age on the cut-off date, age limit, qualification, missing documents',
      request: { params: advertisementParams },
      responses: answer('{ eligible, age, ageLimit, ageMet, qualificationMet, missingDocuments, reasons, ageCutOffDate, profileLocked }'),
    }),
    async (c) => ok(c, await previewEligibility(c.get('deps').db, c.get('auth').userId, c.req.valid('param').advertisementId)),
  )
  .openapi(
    candidateRoute({
      method: 'post',
      path: '/vacancies/{advertisementId}/fee-quote',
      summary: 'The fee for a choice of quotas (advertisement quota ids), services and clusters, by the one fee rule',
      request: { params: advertisementParams, body: jsonBody(feeQuoteRequestSchema) },
      responses: answer('core quoteApplicationFee answer'),
    }),
    async (c) => ok(c, await runService(c, () => quoteVacancyFee(c.get('deps').db, c.req.valid('param').advertisementId, c.req.valid('json')))),
  );
