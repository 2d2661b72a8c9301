import type { z } from '@hono/zod-openapi';
import { resultLookupSchema } from '@psc/core';
import { signInLimitsOf } from '../auth/rate-limit';
import { getClientAddress } from '../http/client-address';
import { errorResponses, ok } from '../http/envelope';
import { AppError } from '../http/errors';
import { candidateRoute, createRouter, publicRoute } from '../http/router';
import { countMissedLookup, lookupKeys, lookupRefused } from './lookup-limits';
import { listMyResults, lookUpPublishedResult } from './read-results';

// The candidate's side of results: their own results (spec §2 /vacancy-applied/results; spec §7
// "View selection results") and the public lookup of one result by roll number and date of birth.

const answer = (description: string) => ({ 200: { description }, ...errorResponses });

/** Mounted under /api/psc. */
export const candidateResultRoutes = createRouter().openapi(
  candidateRoute({
    method: 'get',
    path: '/results',
    summary: 'My results: per application whose advertisement has a published selection, the outcome, quota, position and verified marks per paper; a withheld result says only that',
    responses: answer('{ items }'),
  }),
  async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return ok(c, await listMyResults(c.get('deps').db, c.get('auth').userId));
  },
);

/** Mounted under /api/public. */
export const publicResultRoutes = createRouter().openapi(
  publicRoute({
    method: 'post',
    path: '/results/lookup',
    summary: "One candidate's published result by roll number and date of birth (dateOfBirthAd or dateOfBirthBs), both required; misses are rate limited as sign-in failures are",
    request: { body: { required: true, content: { 'application/json': { schema: resultLookupSchema } } } },
    responses: { ...answer('{ items }: the matching published results'), 404: { description: 'No published result matches' }, 429: { description: 'Too many misses (RATE_LIMITED, Retry-After)' } },
  }),
  async (c) => {
    const deps = c.get('deps');
    const input = c.req.valid('json') as z.output<typeof resultLookupSchema>;
    const limits = signInLimitsOf(deps.config);
    const keys = lookupKeys(input.rollNumber, getClientAddress(c));
    const answer = await lookUpPublishedResult(deps.db, { ...input, keys }, { maxFailuresPerUser: limits.maxFailuresPerUser, maxFailuresPerAddress: limits.maxFailuresPerAddress, windowSeconds: limits.windowSeconds });
    if (answer.refusedFor !== null) throw lookupRefused(answer.refusedFor);
    const { items } = answer;
    if (items.length === 0) {
      await countMissedLookup(deps.db, keys, limits);
      throw new AppError('NOT_FOUND', { messageKey: 'results.lookupNotFound' });
    }
    // A person's result: no shared cache keeps it.
    c.header('Cache-Control', 'private, no-store');
    return ok(c, { items });
  },
);
