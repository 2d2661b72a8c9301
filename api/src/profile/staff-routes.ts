import { z } from '@hono/zod-openapi';
import { schema } from '@psc/db';
import { eq } from 'drizzle-orm';
import { envelopeSchema, errorEnvelopeSchema, errorResponses, ok } from '../http/envelope';
import { AppError } from '../http/errors';
import { createRouter, staffRoute } from '../http/router';
import { getProfile, type Profile } from './get-profile';
import { profileDepsOf } from './profile-deps';

// spec §2 fullDetails [UM], spec §7 "user details and full details": staff read a candidate's
// whole profile in the shape the candidate sees at GET /api/psc/profile.

const itemSchema = z.record(z.string(), z.unknown());
const staffProfileSchema = z.object({
  personal: itemSchema,
  addresses: z.object({ permanent: itemSchema.nullable(), mailing: itemSchema.nullable(), abroad: itemSchema.nullable() }),
  extra: itemSchema.nullable(),
  inclusiveGroups: z.array(itemSchema),
  educations: z.array(itemSchema),
  trainings: z.array(itemSchema),
  professionalCouncils: z.array(itemSchema),
  governmentExperiences: z.array(itemSchema),
  nonGovernmentExperiences: z.array(itemSchema),
  documents: z.record(z.string(), itemSchema),
  completeness: itemSchema,
  lock: itemSchema.nullable(),
});

/**
 * The candidate's links (/api/psc/files/...) only open for the candidate; staff open the same
 * file through the staff download route, so every file reference is pointed there.
 */
function pointFilesAtStaffRoute<T>(value: T, userId: number): T {
  if (Array.isArray(value)) return value.map((item: unknown) => pointFilesAtStaffRoute(item, userId)) as T;
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  const entries = Object.entries(value as Record<string, unknown>).map(([key, item]) => [key, pointFilesAtStaffRoute(item, userId)] as const);
  const copy: Record<string, unknown> = Object.fromEntries(entries);
  if (typeof copy.fileId === 'string' && typeof copy.url === 'string') copy.url = `/api/admin/candidates/${userId}/files/${copy.fileId}`;
  return copy as T;
}

export const staffProfileRoutes = createRouter().openapi(
  staffRoute({
    privilege: ['UM', 'read'],
    method: 'get',
    path: '/candidates/{userId}/profile',
    summary: "A candidate's whole profile, as the candidate sees it, with staff file links (spec §2 fullDetails)",
    request: { params: z.object({ userId: z.string().max(12) }) },
    responses: {
      200: { description: 'The profile', content: { 'application/json': { schema: envelopeSchema(staffProfileSchema) } } },
      ...errorResponses,
      404: { description: 'No candidate with this id', content: { 'application/json': { schema: errorEnvelopeSchema } } },
    },
  }),
  async (c) => {
    const deps = profileDepsOf(c.get('deps'));
    const raw = c.req.valid('param').userId;
    const userId = /^\d{1,9}$/.test(raw) ? Number(raw) : null;
    const [user] = userId === null ? [] : await deps.db.select({ kind: schema.users.kind }).from(schema.users).where(eq(schema.users.id, userId));
    if (userId === null || user?.kind !== 'candidate') throw new AppError('NOT_FOUND');
    const profile: Profile = await getProfile(deps, { userId });
    return ok(c, pointFilesAtStaffRoute(profile, userId));
  },
);
