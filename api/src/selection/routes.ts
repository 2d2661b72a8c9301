import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { idSchema, resultWithholdSchema, selectionPreviewSchema, selectionSaveSchema, SELECTION_OUTCOMES, type PrivilegeCode } from '@psc/core';
import { auditContext } from '../audit/record-audit';
import type { AppEnv } from '../context';
import { errorResponses, ok } from '../http/envelope';
import { createRouter, publicRoute, staffRoute } from '../http/router';
import { idParams } from '../master/params';
import { listPublishedSelectionAdvertisements } from './list-published-advertisements';
import { publishSelection, unpublishSelection } from './publish-selection';
import { getSelection, listAllSelections, listSelectionAdvertisements, listSelections, readPublishedResults } from './read-selections';
import { listWithholds, releaseResult, withholdResult } from './result-withholds';
import { computeSelection, deleteSelectionDraft, saveSelectionDraft, type SelectionKind } from './save-selection';
import { selectionListPdf } from './selection-pdf';
import { verifyPreviousSelection } from './verify-previous-selection';

// Written selection [WS] (spec §2 written-selection add/view), final selection [FS]
// (finalSelection add-new-selection, view-new-selection), verify previous selection [VS], and
// withheld results (under FS: a hold decides who the final list may publish).

const jsonBody = <T extends z.ZodType>(schemaOf: T) => ({ required: true, content: { 'application/json': { schema: schemaOf } } });
const answer = (description: string) => ({ 200: { description }, ...errorResponses });

const listQuery = z.object({ advertisementId: idSchema('validation.number').optional() });
const viewQuery = z.object({
  quota: z.string().trim().max(40, { error: 'validation.tooLong' }).optional(),
  outcome: z.enum(SELECTION_OUTCOMES, { error: 'validation.required' }).optional(),
  page: z.coerce.number({ error: 'validation.number' }).int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number({ error: 'validation.number' }).int().min(1).max(1000).default(200),
});
const withholdQuery = z.object({ advertisementId: idSchema('validation.number') });
const langQuery = z.object({ lang: z.enum(['ne', 'en'], { error: 'validation.chooseOne' }).default('ne') });
const pdfAnswer = { 200: { description: 'The list as a PDF', content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } } }, ...errorResponses };
const pdfResponse = (c: Context<AppEnv>, file: { pdf: Uint8Array; fileName: string }) =>
  c.body(file.pdf as Uint8Array<ArrayBuffer>, 200, { 'Content-Type': 'application/pdf', 'Content-Length': String(file.pdf.length), 'Content-Disposition': `attachment; filename="${file.fileName}"` }) as never;
// An advertisement code holds a slash ("2082/83-0007"), so it travels in the query.
const codeQuery = z.object({ advertisementCode: z.string().trim().min(1, { error: 'validation.required' }).max(40, { error: 'validation.tooLong' }) });

/** The same six routes for each kind, under the spec's own paths and the kind's privilege. */
function selectionRoutesOf(kind: SelectionKind, privilege: PrivilegeCode, base: { add: string; view: string }) {
  return createRouter()
    .openapi(
      staffRoute({
        method: 'get',
        path: `${base.add}/advertisements`,
        privilege: [privilege, 'read'],
        summary: 'The advertisements with verified marks, with their published selections',
        responses: answer('[{ id, code, candidates, writtenPublishedId, finalPublishedId }]'),
      }),
      async (c) => ok(c, await listSelectionAdvertisements(c.get('deps').db)),
    )
    .openapi(
      staffRoute({
        method: 'post',
        path: `${base.add}/preview`,
        privilege: [privilege, 'create'],
        summary: `Compute the ${kind} selection of an advertisement from verified marks without saving it: per quota and entries`,
        request: { body: jsonBody(selectionPreviewSchema) },
        responses: answer('{ advertisement, rules, considered, quotas, entries, withheld }'),
      }),
      async (c) => {
        const body = c.req.valid('json');
        return ok(c, await computeSelection(c.get('deps').db, kind, body.advertisementId, body.rules));
      },
    )
    .openapi(
      staffRoute({
        method: 'post',
        path: base.add,
        privilege: [privilege, 'create'],
        summary: `Compute and save the ${kind} selection as the advertisement's draft (replacing an earlier draft)`,
        request: { body: jsonBody(selectionSaveSchema) },
        responses: answer('{ id, kind, advertisementId, entries, quotas, withheld }'),
      }),
      async (c) => ok(c, await saveSelectionDraft(c.get('deps').db, kind, c.req.valid('json'), auditContext(c)), 'selection.saved'),
    )
    .openapi(
      staffRoute({
        method: 'get',
        path: base.view,
        privilege: [privilege, 'read'],
        summary: `The ${kind} selections, of one advertisement or all, newest first`,
        request: { query: listQuery },
        responses: answer('[{ id, advertisementId, advertisementCode, status, createdAt, publishedAt, interviewAt, entries }]'),
      }),
      async (c) => ok(c, await listSelections(c.get('deps').db, kind, c.req.valid('query').advertisementId)),
    )
    .openapi(
      staffRoute({
        method: 'get',
        path: `${base.view}/{id}`,
        privilege: [privilege, 'read'],
        summary: `One ${kind} selection: rules, per-quota report, entries filtered by quota and outcome`,
        request: { params: idParams, query: viewQuery },
        responses: answer('{ id, status, rules, quotas, entries, total, ... }'),
      }),
      async (c) => ok(c, await getSelection(c.get('deps').db, kind, c.req.valid('param').id, c.req.valid('query'))),
    )
    .openapi(
      staffRoute({
        method: 'get',
        path: `${base.view}/{id}/pdf`,
        privilege: [privilege, 'read'],
        summary: `The ${kind} selection as the printed list (a PDF, one table per quota, withheld results left out)`,
        request: { params: idParams, query: langQuery },
        responses: pdfAnswer,
      }),
      async (c) => pdfResponse(c, await selectionListPdf(c.get('deps'), kind, { selectionId: c.req.valid('param').id }, c.req.valid('query').lang)),
    )
    .openapi(
      staffRoute({
        method: 'post',
        path: `${base.view}/{id}/publish`,
        privilege: [privilege, 'approve'],
        summary: `Publish the ${kind} selection and queue an SMS and an e-mail to each person on it, once`,
        request: { params: idParams },
        responses: answer('{ id, smsQueued, mailsQueued }'),
      }),
      async (c) => ok(c, await publishSelection(c.get('deps').db, kind, c.req.valid('param').id, auditContext(c)), 'selection.published'),
    )
    .openapi(
      staffRoute({
        method: 'post',
        path: `${base.view}/{id}/unpublish`,
        privilege: [privilege, 'approve'],
        summary: `Take the published ${kind} selection back to draft`,
        request: { params: idParams },
        responses: answer('{ id }'),
      }),
      async (c) => ok(c, await unpublishSelection(c.get('deps').db, kind, c.req.valid('param').id, auditContext(c)), 'selection.unpublished'),
    )
    .openapi(
      staffRoute({
        method: 'delete',
        path: `${base.view}/{id}`,
        privilege: [privilege, 'delete'],
        summary: `Delete a draft ${kind} selection`,
        request: { params: idParams },
        responses: answer('{ id }'),
      }),
      async (c) => ok(c, await deleteSelectionDraft(c.get('deps').db, kind, c.req.valid('param').id, auditContext(c)), 'selection.deleted'),
    );
}

export const writtenSelectionRoutes = selectionRoutesOf('written', 'WS', { add: '/written-selection/add', view: '/written-selection/view' });
export const finalSelectionRoutes = selectionRoutesOf('final', 'FS', { add: '/finalSelection/add-new-selection', view: '/finalSelection/view-new-selection' });

export const selectionCheckRoutes = createRouter()
  .openapi(
    staffRoute({
      method: 'get',
      path: '/verify-previous-selection',
      privilege: ['VS', 'read'],
      summary: 'Every selection, newest first, to check against earlier published ones',
      responses: answer('[{ id, kind, status, advertisementCode, entries }]'),
    }),
    async (c) => ok(c, await listAllSelections(c.get('deps').db)),
  )
  .openapi(
    staffRoute({
      method: 'get',
      path: '/verify-previous-selection/{id}',
      privilege: ['VS', 'read'],
      summary: 'People of a selection selected in another published final selection (same account, or same citizenship number and birth date)',
      request: { params: idParams },
      responses: answer('[{ applicationId, rollNumber, nameEn, matchedBy, where, previous }]'),
    }),
    async (c) => ok(c, await verifyPreviousSelection(c.get('deps').db, c.req.valid('param').id)),
  )
  .openapi(
    staffRoute({
      method: 'get',
      path: '/result-withholds',
      privilege: ['FS', 'read'],
      summary: "An advertisement's withheld results, open ones first",
      request: { query: withholdQuery },
      responses: answer('[{ id, applicationId, rollNumber, nameEn, reason, orderReference, withheldAt, releasedAt }]'),
    }),
    async (c) => ok(c, await listWithholds(c.get('deps').db, c.req.valid('query').advertisementId)),
  )
  .openapi(
    staffRoute({
      method: 'post',
      path: '/result-withholds',
      privilege: ['FS', 'update'],
      summary: "Withhold a candidate's result (reason and order reference): never published until released",
      request: { body: jsonBody(resultWithholdSchema) },
      responses: answer('{ id }'),
    }),
    async (c) => ok(c, await withholdResult(c.get('deps').db, c.req.valid('json'), auditContext(c)), 'selection.withheld'),
  )
  .openapi(
    staffRoute({
      method: 'post',
      path: '/result-withholds/{id}/release',
      privilege: ['FS', 'update'],
      summary: 'Release a withheld result',
      request: { params: idParams },
      responses: answer('{ id }'),
    }),
    async (c) => ok(c, await releaseResult(c.get('deps').db, c.req.valid('param').id, auditContext(c)), 'selection.released'),
  );

/**
 * spec §1 "view selection results": the published lists, for anyone, read from deps.readDb (the
 * replica when there is one; a list published a moment ago appears once it is replayed there).
 */
export const publicSelectionRoutes = createRouter()
  .openapi(
    publicRoute({
      method: 'get',
      path: '/selection-results/advertisements',
      summary: 'The advertisements whose written or final list is published, newest first (to find a list without knowing its code)',
      responses: answer('[{ advertisementCode, fiscalYear, postNameEn, postNameNp, kinds, publishedOnAd }]'),
    }),
    async (c) => ok(c, await listPublishedSelectionAdvertisements(c.get('deps').readDb)),
  )
  .openapi(
    publicRoute({
      method: 'get',
      path: '/selection-results/pdf',
      summary: "An advertisement's published written or final list as a PDF (withheld results left out)",
      request: { query: codeQuery.extend({ kind: z.enum(['written', 'final'], { error: 'validation.chooseOne' }) }).merge(langQuery) },
      responses: pdfAnswer,
    }),
    async (c) => {
      const query = c.req.valid('query');
      return pdfResponse(c, await selectionListPdf(c.get('deps'), query.kind, { advertisementCode: query.advertisementCode }, query.lang));
    },
  )
  .openapi(
  publicRoute({
    method: 'get',
    path: '/selection-results',
    summary: "An advertisement's published written and final results (withheld results left out)",
    request: { query: codeQuery },
    responses: answer('{ advertisementCode, selections: [{ kind, publishedAt, interviewAt, entries }] }'),
  }),
  async (c) => ok(c, await readPublishedResults(c.get('deps').readDb, c.req.valid('query').advertisementCode)),
);

