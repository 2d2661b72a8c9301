import { z } from '@hono/zod-openapi';
import { certificateConfigurationSchema, idSchema } from '@psc/core';
import { auditContext } from '../audit/record-audit';
import { checkUploads } from '../files/check-uploads';
import { getFileStorage } from '../files/file-storage';
import { errorEnvelopeSchema, errorResponses, ok } from '../http/envelope';
import { AppError } from '../http/errors';
import { candidateRoute, createRouter, staffRoute } from '../http/router';
import { translateFieldErrors } from '../profile/profile-errors';
import { certificatePdf, listMyCertificates, readMyCertificate } from './candidate-certificates';
import { listCertificateAdvertisements, readCertificateConfiguration, saveCertificateConfiguration } from './certificate-configuration';

// Recommendation certificates: their configuration per advertisement [FS] (spec §2
// certificate-configuration; spec §6 FS final selection, whose published list the certificates
// print from) and the selected candidate's own download (spec §2 /vacancy-applied/download/
// certificate; spec §7 "Certificate generate, list, download").

const answer = (description: string) => ({ 200: { description }, ...errorResponses });
const advertisementParams = z.object({ advertisementId: idSchema('validation.number') });

const binaryFile = () => z.any().optional().openapi({ type: 'string', format: 'binary' });
const configurationForm = certificateConfigurationSchema.extend({
  removeSeal: z.enum(['true', 'false'], { error: 'validation.chooseOne' }).default('false'),
});
const multipartBody = { required: true, content: { 'multipart/form-data': { schema: z.intersection(configurationForm, z.object({ seal: binaryFile() })) } } };

/** Mounted under /api/admin. */
export const certificateConfigurationRoutes = createRouter()
  .openapi(
    staffRoute({
      method: 'get',
      path: '/certificate-configurations',
      privilege: ['FS', 'read'],
      summary: 'The advertisements whose candidates hold roll numbers, newest first, each with whether its certificate is configured',
      responses: answer('[{ id, code, fiscalYear, postNameEn, postNameNp, isConfigured }]'),
    }),
    async (c) => ok(c, await listCertificateAdvertisements(c.get('deps').db)),
  )
  .openapi(
    staffRoute({
      method: 'get',
      path: '/certificate-configurations/{advertisementId}',
      privilege: ['FS', 'read'],
      summary: "An advertisement's certificate configuration (null before the first save), with its seal as a data URL",
      request: { params: advertisementParams },
      responses: answer('{ advertisement, configuration, seal }'),
    }),
    async (c) => {
      const deps = c.get('deps');
      return ok(c, await readCertificateConfiguration(deps.db, getFileStorage(deps), c.req.valid('param').advertisementId));
    },
  )
  .openapi(
    staffRoute({
      method: 'post',
      path: '/certificate-configurations/{advertisementId}',
      privilege: ['FS', 'update'],
      summary: 'Save the certificate text (both languages, known placeholders only) and signatory; multipart, with an optional seal image (JPEG or PNG, checked by content) or removeSeal=true',
      request: { params: advertisementParams, body: multipartBody },
      responses: answer('{ advertisement, configuration, seal }'),
    }),
    async (c) => {
      const deps = c.get('deps');
      const form = c.req.valid('form') as z.output<typeof configurationForm>;
      const { removeSeal, ...configuration } = form;
      const { uploads, errors } = await checkUploads(await c.req.parseBody({ all: true }), { seal: 'signature' });
      if (Object.keys(errors).length > 0) throw new AppError('VALIDATION_FAILED', { errors: translateFieldErrors(errors, c.get('lang')) });
      const saved = await saveCertificateConfiguration(
        deps.db,
        getFileStorage(deps),
        { advertisementId: c.req.valid('param').advertisementId, configuration, seal: uploads.seal, removeSeal: removeSeal === 'true' },
        auditContext(c),
      );
      return ok(c, saved, 'certificate.saved');
    },
  );

const certificateParams = z.object({ id: z.string().max(64) });
const langQuery = z.object({ lang: z.enum(['ne', 'en'], { error: 'validation.chooseOne' }).default('ne') });
const notFound = { 404: { description: 'No such certificate of this candidate', content: { 'application/json': { schema: errorEnvelopeSchema } } } };

/** Mounted under /api/psc. */
export const candidateCertificateRoutes = createRouter()
  .openapi(
    candidateRoute({ method: 'get', path: '/certificates', summary: 'My recommendation certificates: each final selection I am selected in, once published', responses: answer('{ items }') }),
    async (c) => {
      c.header('Cache-Control', 'private, no-store');
      return ok(c, await listMyCertificates(c.get('deps').db, c.get('deps').jwtSecret, c.get('auth').userId));
    },
  )
  .openapi(
    candidateRoute({
      method: 'get',
      path: '/certificates/{id}/pdf',
      summary: 'My recommendation certificate as a PDF',
      request: { params: certificateParams, query: langQuery },
      responses: { 200: { description: 'The certificate', content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } } }, ...errorResponses, ...notFound },
    }),
    async (c) => {
      const deps = c.get('deps');
      const certificate = await readMyCertificate(deps, c.get('auth').userId, c.req.valid('param').id);
      const pdf = await certificatePdf(deps, certificate, c.req.valid('query').lang);
      return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
        'Content-Type': 'application/pdf',
        'Content-Length': String(pdf.length),
        'Content-Disposition': `attachment; filename="certificate-${certificate.rollNumber.replace(/[^\w-]/g, '')}.pdf"`,
        // The candidate's alone: no shared cache keeps it.
        'Cache-Control': 'private, no-store',
      }) as never;
    },
  );
