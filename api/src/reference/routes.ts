import { z } from '@hono/zod-openapi';
import { idSchema, optionalField } from '@psc/core';
import { envelopeSchema, errorResponses, ok } from '../http/envelope';
import { createRouter, publicRoute } from '../http/router';
import { listReferenceRows, type ReferenceList } from './list-reference-rows';

const referenceRowSchema = z
  .object({ id: z.number().int(), nameEn: z.string(), nameNp: z.string() })
  .catchall(z.union([z.string(), z.number(), z.boolean(), z.null()]))
  .openapi('ReferenceRow');

const LISTS: { list: ReferenceList; summary: string; filter?: 'provinceId' | 'districtId' }[] = [
  { list: 'provinces', summary: 'Provinces' },
  { list: 'districts', summary: 'Districts, of one province when provinceId is given', filter: 'provinceId' },
  { list: 'local-levels', summary: 'Local levels with their type and number of wards, of one district when districtId is given', filter: 'districtId' },
  { list: 'religions', summary: 'Religions' },
  { list: 'castes', summary: 'Castes and ethnic groups' },
  { list: 'caste-groups', summary: 'Caste groups' },
  { list: 'mother-tongues', summary: 'Mother tongues' },
  { list: 'disability-classes', summary: 'Classes of disability (identity-card colours)' },
  { list: 'disability-types', summary: 'Types of disability' },
  { list: 'universities', summary: 'Universities and boards' },
  { list: 'education-levels', summary: 'Education levels, lowest first' },
  { list: 'faculties', summary: 'Faculties' },
  { list: 'service-classes', summary: 'Civil-service classes, lowest first' },
  { list: 'countries', summary: 'Countries of ISO 3166-1 but Nepal, for an address abroad' },
];

/**
 * Public, cacheable lists for the forms (spec §7 reference data GETs). Reference data changes rarely and
 * the same for everyone, so a shared cache may keep it for an hour.
 */
export const referenceRoutes = createRouter();

for (const { list, summary, filter } of LISTS) {
  referenceRoutes.openapi(
    publicRoute({
      method: 'get',
      path: `/reference/${list}`,
      summary,
      // Provinces and districts have smallint ids.
      request: filter ? { query: z.object({ [filter]: optionalField(idSchema('validation.required', 'smallint')) }) } : {},
      responses: {
        200: { description: summary, content: { 'application/json': { schema: envelopeSchema(z.array(referenceRowSchema)) } } },
        400: errorResponses[400],
      },
    }),
    async (c) => {
      const query = (filter ? c.req.valid('query' as never) : {}) as { provinceId?: number; districtId?: number };
      const rows = await listReferenceRows(c.get('deps').db, list, query);
      // The envelope's message is in the asker's language: a cache in front keeps one per language.
      c.header('Cache-Control', 'public, max-age=3600');
      c.header('Vary', 'Accept-Language');
      return ok(c, rows);
    },
  );
}
