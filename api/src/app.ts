import { OpenAPIHono } from '@hono/zod-openapi';
import { LIMITS, resolveLanguage, translate } from '@psc/core';
import type { Hono, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { requestId } from 'hono/request-id';
import { accountRoutes } from './account/routes';
import { admitCardKeyRoutes, candidateAdmitCardRoutes, printRoutes, publicAdmitCardRoutes } from './admit-cards/routes';
import { forgetAdvertisementsAfterWrites } from './advertisements/advertisement-cache';
import { advertisementRoutes } from './advertisements/routes';
import { applicationFormRoutes } from './application-forms/routes';
import { applicationRoutes, receiptRoutes } from './applications/routes';
import { auditRoutes } from './audit/routes';
import { authRoutes } from './auth/routes';
import { backupRoutes } from './backups/routes';
import { archiveRoutes } from './backups/archive-routes';
import type { AppDeps, AppEnv } from './context';
import { dashboardRoutes, staffDashboardRoutes } from './dashboard/routes';
import { distributionRoutes } from './distributions/routes';
import { candidateFileRoutes, staffFileRoutes } from './files/routes';
import { centreAllocationRoutes } from './centre-allocation/routes';
import { candidateResultRoutes, publicResultRoutes } from './candidate-results/routes';
import { candidateCertificateRoutes, certificateConfigurationRoutes } from './certificates/routes';
import { healthRoutes } from './health/routes';
import { AppError, appErrorOf } from './http/errors';
import { findAllowedMethods } from './http/method-not-allowed';
import { securityHeaders } from './http/security-headers';
import { mountStaticSite, type StaticSite } from './http/static-sites';
import { masterFeedRoutes, masterRoutes } from './master/routes';
import { SMS_SANDBOX_PATH } from './config';
import { invigilatorSmsRoutes } from './invigilator-sms/routes';
import { createSparrowSandbox } from './messaging/sparrow/sparrow-sandbox';
import { notificationRoutes } from './notifications/routes';
import { outboxRoutes } from './outbox/routes';
import { paymentAdminRoutes } from './payment-admin/routes';
import { paymentSandboxOf } from './payments/payment-gateway';
import { paymentRoutes, publicPaymentRoutes } from './payments/routes';
import { PAYMENT_SANDBOX_PATH } from './payments/sandbox/esewa-sandbox';
import { profileRoutes } from './profile/routes';
import { staffProfileRoutes } from './profile/staff-routes';
import { promotionRoutes } from './promotions/routes';
import { publicAdvertisementRoutes } from './public-advertisements/routes';
import { publicStatisticsRoutes } from './public-statistics/routes';
import { referenceRoutes } from './reference/routes';
import { relevanceRoutes } from './relevances/routes';
import { applicationAdminRoutes, reportRoutes } from './reports/routes';
import { examPaperRoutes } from './exam-papers/routes';
import { examVenueRoutes } from './exam-venues/routes';
import { candidateExamScheduleRoutes, examScheduleRoutes, publicExamScheduleRoutes } from './exam-schedule/routes';
import { requisitionRoutes } from './requisitions/routes';
import { roleRoutes } from './roles/routes';
import { esInvigilatorRoutes, pecInvigilatorRoutes, roomAllocationRoutes } from './room-allocation/routes';
import { RESULT_WORKBOOK_MAX_BYTES } from './results/result-workbook';
import { resultRoutes } from './results/routes';
import { rollNumberRoutes } from './roll-numbers/routes';
import { scrutinyOfficerRoutes } from './scrutiny/officer-routes';
import { scrutinyReportRoutes } from './scrutiny/report-routes';
import { scrutinyRoutes } from './scrutiny/routes';
import { finalSelectionRoutes, publicSelectionRoutes, selectionCheckRoutes, writtenSelectionRoutes } from './selection/routes';
import { userManagementRoutes } from './user-management/routes';
import { userAdminRoutes } from './users/routes';
import { vacancyRoutes } from './vacancies/routes';

export const MAX_BODY_BYTES = 1024 * 1024;
// Candidate profile: the largest form (education) carries four files of at most 500 KB each, and
// its fields. Each file's own limit is checked by the upload rules (spec §5).
export const MAX_UPLOAD_BODY_BYTES = 4 * LIMITS.uploadMaxBytes + 256 * 1024;

/**
 * A body of a declared length is judged by that number alone: hono's bodyLimit reads
 * `raw.body`, which turns node-server's lightweight request into a full web Request with a
 * stream, a fifth of a submit's HTTP work in the apply benchmark. Node reads no more than the
 * declared length. A chunked body, whose length is known only once read, is counted by
 * bodyLimit as it arrives.
 */
const limitBody = (maxSize: number): MiddlewareHandler<AppEnv> => {
  const countWhileReading = bodyLimit({
    maxSize,
    onError: () => {
      throw new AppError('PAYLOAD_TOO_LARGE');
    },
  });
  return (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const declared = c.req.header('content-length');
    if (declared === undefined || c.req.header('transfer-encoding') !== undefined) return countWhileReading(c, next);
    if (Number(declared) > maxSize) throw new AppError('PAYLOAD_TOO_LARGE');
    return next();
  };
};
const jsonBodyLimit = limitBody(MAX_BODY_BYTES);
const uploadBodyLimit = limitBody(MAX_UPLOAD_BODY_BYTES);
// An attendance or marks workbook of a big paper (100,000 rows) is megabytes: its upload routes
// take a larger body; the workbook's own limit is checked by the route.
const resultWorkbookBodyLimit = limitBody(RESULT_WORKBOOK_MAX_BYTES + 64 * 1024);
const isResultWorkbookUpload = (path: string) => path.startsWith('/api/admin/results/') && path.endsWith('/upload');

const compressStatic = compress();

export type AppOptions = {
  staticSites?: StaticSite[];
  /** Extra sub-apps, such as the workstation bridge in development and tests. */
  mounts?: { path: string; app: Hono }[];
};

/** STYLE §2: this file only composes. */
export function createApp(deps: AppDeps, options: AppOptions = {}) {
  const app = new OpenAPIHono<AppEnv>();

  // The access line holds only the fields written here (no header, body or query string), so it
  // goes through a logger without the redaction rules: matching them cost more than the rest of
  // a cached public read (about 10 µs of a request's 100 in the public-list benchmark). Its
  // lines are the same JSON, with the request id first.
  const accessLog = deps.logger.child({}, { redact: { paths: [] } });

  app.use(requestId({ headerName: 'X-Request-Id' }));
  app.use(async (c, next) => {
    c.set('deps', deps);
    c.set('lang', resolveLanguage(c.req.header('accept-language')));
    c.set('log', deps.logger.child({ requestId: c.get('requestId') }));
    const started = performance.now();
    await next();
    if (c.req.path.startsWith('/api')) {
      accessLog.info({ requestId: c.get('requestId'), method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) }, 'request');
    }
  });
  app.use(securityHeaders(deps.config));
  app.use('/api/*', (c, next) =>
    c.req.header('content-type')?.toLowerCase().startsWith('multipart/form-data')
      ? (isResultWorkbookUpload(c.req.path) ? resultWorkbookBodyLimit : uploadBodyLimit)(c, next)
      : jsonBodyLimit(c, next),
  );

  app.use('/api/admin/*', forgetAdvertisementsAfterWrites);

  app.route('/api', healthRoutes);
  app.route('/api/oauth', authRoutes);
  app.route('/api/psc', dashboardRoutes);
  app.route('/api/staff', staffDashboardRoutes);
  app.route('/api/psc', notificationRoutes);
  app.route('/api/public', publicStatisticsRoutes);
  app.route('/api/admin', userAdminRoutes);
  app.route('/api/psc', accountRoutes);
  app.route('/api/admin', outboxRoutes);
  app.route('/api/admin', masterRoutes);
  app.route('/api/staff', masterFeedRoutes);
  app.route('/api/admin', roleRoutes);
  app.route('/api/admin', userManagementRoutes);
  app.route('/api/admin', auditRoutes);
  app.route('/api/psc', referenceRoutes);
  app.route('/api/psc', profileRoutes);
  app.route('/api/psc', candidateFileRoutes);
  app.route('/api/admin', staffFileRoutes);
  app.route('/api/admin', staffProfileRoutes);
  app.route('/api/admin', advertisementRoutes);
  app.route('/api/admin', promotionRoutes);
  app.route('/api/admin', relevanceRoutes);
  app.route('/api/public', publicAdvertisementRoutes);
  app.route('/api/admin', requisitionRoutes);
  app.route('/api/admin', distributionRoutes);
  app.route('/api/admin', examPaperRoutes);
  app.route('/api/admin', roomAllocationRoutes);
  app.route('/api/admin', resultRoutes);
  app.route('/api/admin', pecInvigilatorRoutes);
  app.route('/api/admin', esInvigilatorRoutes);
  app.route('/api/psc', vacancyRoutes);
  app.route('/api/psc', applicationRoutes);
  app.route('/api/public', receiptRoutes);
  app.route('/api/psc', paymentRoutes);
  app.route('/api/public', publicPaymentRoutes);
  app.route('/api/admin', paymentAdminRoutes);
  app.route('/api/admin', reportRoutes);
  app.route('/api/admin', applicationAdminRoutes);
  app.route('/api/admin', scrutinyRoutes);
  app.route('/api/admin', scrutinyOfficerRoutes);
  app.route('/api/admin', scrutinyOfficerRoutes);
  app.route('/api/admin', scrutinyReportRoutes);
  app.route('/api/admin', rollNumberRoutes);
  app.route('/api/admin', examScheduleRoutes);
  app.route('/api/admin', examVenueRoutes);
  app.route('/api/admin', centreAllocationRoutes);
  app.route('/api/psc', candidateExamScheduleRoutes);
  app.route('/api/public', publicExamScheduleRoutes);
  app.route('/api/admin', invigilatorSmsRoutes);
  app.route('/api/psc', candidateAdmitCardRoutes);
  app.route('/api/public', publicAdmitCardRoutes);
  app.route('/', admitCardKeyRoutes);
  app.route('/api/admin', printRoutes);
  app.route('/api/admin', applicationFormRoutes);
  app.route('/api/admin', writtenSelectionRoutes);
  app.route('/api/admin', finalSelectionRoutes);
  app.route('/api/admin', selectionCheckRoutes);
  app.route('/api/public', publicSelectionRoutes);
  app.route('/api/admin', certificateConfigurationRoutes);
  app.route('/api/psc', candidateCertificateRoutes);
  app.route('/api/psc', candidateResultRoutes);
  app.route('/api/public', publicResultRoutes);
  app.route('/api/admin', backupRoutes);
  app.route('/api/admin', archiveRoutes);

  app.openAPIRegistry.registerComponent('securitySchemes', 'bearer', { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
  app.doc31('/api/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'Public service commission recruitment API',
      version: '0.1.0',
      description: 'Every answer is an envelope: { status: 1, message, data } or { status: 0, message, code, errors? }.',
    },
  });

  for (const mount of options.mounts ?? []) app.route(mount.path, mount.app);
  // Without a real gateway (and never in production) the eSewa sandbox is served from the
  // product's own origin, where a phone that reaches the portal reaches it too.
  const paymentSandbox = paymentSandboxOf(deps.config);
  if (paymentSandbox) app.route(PAYMENT_SANDBOX_PATH, paymentSandbox);
  // Likewise the Sparrow SMS sandbox, which the outbox sender reaches over loopback (config.ts).
  const { smsProvider, sparrow, env } = deps.config;
  if (smsProvider === 'sparrow' && sparrow.sandbox && env !== 'production') {
    app.route(SMS_SANDBOX_PATH, createSparrowSandbox({ token: sparrow.token, from: sparrow.from }).app);
  }
  // The front ends' scripts and styles are what a phone on a slow connection waits for; API
  // answers are small JSON, where compressing costs more CPU than it saves on the wire.
  app.use('*', async (c, next) => (c.req.path.startsWith('/api') ? next() : compressStatic(c, next)));
  // The portal owns '/', so it is mounted last: the workstation and the API match first.
  const sites = [...(options.staticSites ?? [])].sort((a, b) => b.prefix.length - a.prefix.length);
  for (const site of sites) mountStaticSite(app, site);

  app.notFound((c) => {
    const allowed = findAllowedMethods(app, c.req.path);
    if (allowed.length > 0) {
      throw new AppError('METHOD_NOT_ALLOWED', { headers: { Allow: allowed.join(', ') } });
    }
    throw new AppError('NOT_FOUND');
  });

  app.onError((error, c) => {
    const lang = c.get('lang') ?? resolveLanguage(c.req.header('accept-language'));
    const appError = appErrorOf(error);
    if (!appError) {
      // Unknown errors are logged with the request id and answered without detail: no stack
      // trace ever reaches a client.
      (c.get('log') ?? deps.logger).error({ err: error, requestId: c.get('requestId') }, 'unhandled error');
    }
    const answer = appError ?? new AppError('INTERNAL_ERROR');
    for (const [name, value] of Object.entries(answer.headers ?? {})) c.header(name, value);
    return c.json(
      {
        status: 0 as const,
        message: translate(lang, answer.messageKey, answer.messageParams),
        code: answer.code,
        ...(answer.errors ? { errors: answer.errors } : {}),
      },
      answer.status as 400,
    );
  });

  return app;
}

export type App = ReturnType<typeof createApp>;
