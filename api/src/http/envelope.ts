import { z } from '@hono/zod-openapi';
import { translate, type MessageKey } from '@psc/core';
import type { Context, TypedResponse } from 'hono';
import type { AppEnv } from '../context';

/** The success envelope of DESIGN "Conventions": { status: 1, message, data }. */
export function ok<T>(
  c: Context<AppEnv>,
  data: T,
  messageKey: MessageKey = 'common.success',
): TypedResponse<{ status: 1; message: string; data: T }, 200, 'json'> {
  // c.json types its body as parsed JSON, which TypeScript cannot relate to T generically;
  // the route's response schema is what pins the shape down.
  return c.json({ status: 1 as const, message: translate(c.get('lang'), messageKey), data }, 200) as never;
}

/**
 * The same envelope as `ok`, around data already written as JSON (UTF-8 bytes): for an answer
 * most of which is kept ready-written (the vacancy list), so that it is not written again per
 * request.
 */
export function okJsonBytes(c: Context<AppEnv>, dataJson: Buffer, messageKey: MessageKey = 'common.success'): Response {
  c.header('Content-Type', 'application/json');
  const head = Buffer.from(`{"status":1,"message":${JSON.stringify(translate(c.get('lang'), messageKey))},"data":`);
  return c.body(Buffer.concat([head, dataJson, Buffer.from('}')]), 200);
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
