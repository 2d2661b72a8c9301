import { z } from '@hono/zod-openapi';
import { translate, type MessageKey } from '@psc/core';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from '../context';

/** The success envelope of DESIGN "Conventions": { status: 1, message, data }. */
export function ok<T>(c: Context<AppEnv>, data: T, messageKey: MessageKey = 'common.success', status: ContentfulStatusCode = 200) {
  return c.json({ status: 1 as const, message: translate(c.get('lang'), messageKey), data }, status as 200);
}

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ status: z.literal(1), message: z.string(), data });
}

export const errorEnvelopeSchema = z
  .object({
    status: z.literal(0),
    message: z.string(),
    code: z.string(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
  })
  .openapi('ErrorEnvelope');

/** Standard failure answers every route may give, for the OpenAPI document. */
export const errorResponses = {
  400: { description: 'Bad input', content: { 'application/json': { schema: errorEnvelopeSchema } } },
  401: { description: 'Not signed in or token invalid', content: { 'application/json': { schema: errorEnvelopeSchema } } },
  403: { description: 'Not allowed', content: { 'application/json': { schema: errorEnvelopeSchema } } },
  429: { description: 'Too many attempts', content: { 'application/json': { schema: errorEnvelopeSchema } } },
} as const;
