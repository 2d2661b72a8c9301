import { z } from '@hono/zod-openapi';
import { additionalQuotaSchema, APPLICATION_STATUSES, applicationSubmitSchema, examCentreChangeSchema, PAYMENT_STATES } from '@psc/core';
import { listPageQuery } from '../advertisements/routes';
import { errorResponses, ok } from '../http/envelope';
import { candidateRoute, createRouter, publicRoute } from '../http/router';
import { idParams } from '../master/params';
import { addApplicationQuotas } from './add-quotas';
import { changeExamCentre } from './change-exam-centre';
import { convertToDoubleFee } from './convert-double-fee';
import { applyForPromotion, listLivePromotions } from './promotion-applications';
import { getMyApplication, listMyApplications, verifyReceipt } from './read-applications';
import { normaliseReceiptCode } from './receipt-code';
import { reapplyApplication } from './reapply-application';
import { runService } from './run-service';
import { submitApplication } from './submit-application';

const answer = (description: string) => ({ 200: { description }, ...errorResponses });
const jsonBody = <T extends z.ZodType>(schema: T) => ({ required: true, content: { 'application/json': { schema } } });

const myApplicationsQuery = listPageQuery.omit({ search: true }).extend({
  status: z.enum(APPLICATION_STATUSES, { error: 'validation.chooseOne' }).optional(),
  paymentState: z.enum(PAYMENT_STATES, { error: 'validation.chooseOne' }).optional(),
  // spec §2 /vacancy-applied/approved: the applications scrutiny approved, wholly or in part.
  outcome: z.enum(['approved'], { error: 'validation.chooseOne' }).optional(),
});

// Apply and pay, the candidate side: apply, My Applications (spec §2 /vacancy-applied), exam-centre change,
// additional quota, re-apply and conversion to double fee, promotion applications. Every route
// reaches only the signed-in candidate's own rows; anyone else's id answers 404.
export const applicationRoutes = createRouter()
  .openapi(
    candidateRoute({
      method: 'post',
      path: '/applications',
      summary: 'Submit an application; a repeated submit answers the application already made (same receipt)',
      request: { body: jsonBody(applicationSubmitSchema) },
      responses: answer('{ created, applicationId, receipt }'),
    }),
    async (c) => {
      const result = await runService(c, () => submitApplication(c.get('deps').db, c.get('auth').userId, c.req.valid('json')));
      return ok(c, result, result.created ? 'application.submitted' : 'application.alreadySubmitted');
    },
  )
  .openapi(
    candidateRoute({ method: 'get', path: '/applications', summary: 'My applications, newest first', request: { query: myApplicationsQuery }, responses: answer('{ items, total }') }),
    async (c) => ok(c, await listMyApplications(c.get('deps').db, c.get('auth').userId, c.req.valid('query'))),
  )
  .openapi(
    candidateRoute({ method: 'get', path: '/applications/{id}', summary: 'One of my applications with its timeline, charges and payments', request: { params: idParams }, responses: answer('The application') }),
    async (c) => ok(c, await getMyApplication(c.get('deps').db, c.get('auth').userId, c.req.valid('param').id, c.get('lang'))),
  )
  .openapi(
    candidateRoute({
      method: 'put',
      path: '/applications/{id}/exam-centre',
      summary: 'Change the exam centre while the application is pending and submissions are open',
      request: { params: idParams, body: jsonBody(examCentreChangeSchema) },
      responses: answer('{ applicationId, examCentreId, changed }'),
    }),
    async (c) =>
      ok(
        c,
        await runService(c, () => changeExamCentre(c.get('deps').db, c.get('auth').userId, c.req.valid('param').id, c.req.valid('json').examCentreId, c.get('lang'))),
        'application.examCentreChanged',
      ),
  )
  .openapi(
    candidateRoute({
      method: 'post',
      path: '/applications/{id}/quotas',
      summary: 'Additional-quota application: add quotas, with a charge for the extra fee',
      request: { params: idParams, body: jsonBody(additionalQuotaSchema) },
      responses: answer('{ applicationId, advertisementQuotaIds, charge }'),
    }),
    async (c) =>
      ok(
        c,
        await runService(c, () => addApplicationQuotas(c.get('deps').db, c.get('auth').userId, c.req.valid('param').id, c.req.valid('json').advertisementQuotaIds)),
        'application.quotasAdded',
      ),
  )
  .openapi(
    candidateRoute({
      method: 'post',
      path: '/applications/{id}/reapply',
      summary: 'Re-apply with double fee after the voucher deadline passed unpaid (double-fee window or re-apply period)',
      request: { params: idParams },
      responses: answer('{ applicationId, previousApplicationId, receipt }'),
    }),
    async (c) => ok(c, await runService(c, () => reapplyApplication(c.get('deps').db, c.get('auth').userId, c.req.valid('param').id)), 'application.reapplied'),
  )
  .openapi(
    candidateRoute({
      method: 'post',
      path: '/applications/{id}/convert-double-fee',
      summary: 'Convert to double fee after the voucher deadline, until the double-fee date (spec §4)',
      request: { params: idParams },
      responses: answer('{ applicationId, charge }'),
    }),
    async (c) => ok(c, await runService(c, () => convertToDoubleFee(c.get('deps').db, c.get('auth').userId, c.req.valid('param').id)), 'application.converted'),
  )
  .openapi(
    candidateRoute({ method: 'get', path: '/promotions', summary: 'Live promotion vacancies, with my application to each', request: { query: listPageQuery }, responses: answer('{ items, total }') }),
    async (c) => ok(c, await listLivePromotions(c.get('deps').db, c.get('auth').userId, c.req.valid('query'))),
  )
  .openapi(
    candidateRoute({ method: 'post', path: '/promotions/{id}/apply', summary: 'Apply for a live promotion (one application each; a charge of its fee)', request: { params: idParams }, responses: answer('{ created, application, charges }') }),
    async (c) => {
      const result = await runService(c, () => applyForPromotion(c.get('deps').db, c.get('auth').userId, c.req.valid('param').id));
      return ok(c, result, result.created ? 'application.promotionApplied' : 'application.alreadySubmitted');
    },
  );

const receiptParams = z.object({ receiptCode: z.string().max(40, { error: 'validation.tooLong' }).transform(normaliseReceiptCode) });

/** Anyone may verify a receipt by its code: no sign-in, nothing personal beyond a masked name. */
export const receiptRoutes = createRouter().openapi(
  publicRoute({
    method: 'get',
    path: '/receipts/{receiptCode}',
    summary: 'Verify an application receipt: advertisement, post, masked name, submitted date, status, payment state',
    request: { params: receiptParams },
    responses: answer('{ receiptCode, advertisementCode, postNameEn, postNameNp, maskedName, submittedOn, status, paymentState }'),
  }),
  async (c) => ok(c, await verifyReceipt(c.get('deps').db, c.req.valid('param').receiptCode)),
);
