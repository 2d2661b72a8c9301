import { z } from '@hono/zod-openapi';
import { idSchema } from '@psc/core';
import { applicationFormHtml } from '../admit-cards/printed-documents';
import { printPdf } from '../admit-cards/pdf-printer';
import { errorEnvelopeSchema, errorResponses, ok } from '../http/envelope';
import { createRouter, staffRoute } from '../http/router';
import { listApplicationForms, readApplicationForm } from './read-application-forms';

// spec §2 generate/form [MC]: find a candidate's application and print its filled form for the
// file. The workstation prints the PDF the API makes, in every build, with the same template.

const blankIsAbsent = (value: unknown) => (value === '' ? undefined : value);
const listQuery = z.object({
  advertisementId: z.preprocess(blankIsAbsent, idSchema('validation.number').optional()),
  search: z.preprocess(blankIsAbsent, z.string().trim().max(100, { error: 'validation.tooLong' }).optional()),
  page: z.coerce.number({ error: 'validation.number' }).int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number({ error: 'validation.number' }).int().min(1).max(200).default(20),
});
const formParams = z.object({ applicationId: idSchema('validation.number') });
const langQuery = z.object({ lang: z.enum(['ne', 'en'], { error: 'validation.chooseOne' }).default('ne') });
const notFound = { 404: { description: 'No paid application of this id', content: { 'application/json': { schema: errorEnvelopeSchema } } } };

/** Mounted under /api/admin. */
export const applicationFormRoutes = createRouter()
  .openapi(
    staffRoute({
      method: 'get',
      path: '/application-forms',
      privilege: ['MC', 'read'],
      summary: "Paid applications by advertisement and by the candidate's name (either language), roll number, master id or receipt code",
      request: { query: listQuery },
      responses: { 200: { description: '{ items: [{ applicationId, advertisementCode, rollNumber, nameEn, nameNp, masterId, receiptCode }], total }' }, ...errorResponses },
    }),
    async (c) => ok(c, await listApplicationForms(c.get('deps').db, c.req.valid('query') as z.output<typeof listQuery>)),
  )
  .openapi(
    staffRoute({
      method: 'get',
      path: '/application-forms/{applicationId}/data',
      privilege: ['MC', 'read'],
      summary: "An application's filled form as it prints, in the language asked, with the pictures as data URLs",
      request: { params: formParams, query: langQuery },
      responses: { 200: { description: 'ApplicationFormData' }, ...errorResponses, ...notFound },
    }),
    async (c) => {
      c.header('Cache-Control', 'private, no-store');
      return ok(c, await readApplicationForm(c.get('deps'), c.req.valid('param').applicationId, c.req.valid('query').lang));
    },
  )
  .openapi(
    staffRoute({
      method: 'get',
      path: '/application-forms/{applicationId}/pdf',
      privilege: ['MC', 'read'],
      summary: "An application's filled form as a PDF",
      request: { params: formParams, query: langQuery },
      responses: { 200: { description: 'The form', content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } } }, ...errorResponses, ...notFound },
    }),
    async (c) => {
      const deps = c.get('deps');
      const { applicationId } = c.req.valid('param');
      const { lang } = c.req.valid('query');
      const form = await readApplicationForm(deps, applicationId, lang);
      const pdf = await printPdf(deps.config, applicationFormHtml(form, lang));
      return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
        'Content-Type': 'application/pdf',
        'Content-Length': String(pdf.length),
        'Content-Disposition': `attachment; filename="application-form-${form.receiptCode.replace(/[^\w-]/g, '') || applicationId}.pdf"`,
        // A candidate's personal record: kept by no cache.
        'Cache-Control': 'no-store',
      }) as never;
    },
  );
