import { normalizePhoneNumber, phoneKindOf } from '@psc/core';
import { Hono, type Context } from 'hono';
import { smsLengthOf } from '../sms-length';
import { SPARROW_ERROR_CODES } from './sparrow-protocol';

// A stand-in for Sparrow SMS v2 (sparrow-protocol.ts): the same addresses, fields, JSON answers
// and codes, so the provider is exercised over HTTP exactly as in production. It keeps what it
// accepted for tests and developers to read (/inspect/messages), and can be told to refuse one
// number with a code (/inspect/fail). Mounted only outside production, when no SPARROW_SMS_URL is
// configured (app.ts); the inspection addresses exist only inside it.

export type SandboxMessage = { id: number; from: string; to: string; text: string; parts: number; receivedAt: string };

export type SparrowSandboxOptions = { token: string; from: string; credits?: number };

export type SparrowSandbox = {
  app: Hono;
  messages: SandboxMessage[];
  /** Refuse every message to `number` with `code`: a Sparrow code (1000 and up) or an HTTP status (500-599). */
  failFor(number: string, code: number): void;
  clearFailures(): void;
};

const MAX_RECEIVERS = 100;

export function createSparrowSandbox(options: SparrowSandboxOptions): SparrowSandbox {
  const messages: SandboxMessage[] = [];
  const failures = new Map<string, number>();
  let creditsAvailable = options.credits ?? 100_000;
  let creditsConsumed = 0;
  let nextId = 1;

  const refuse = (c: Context, code: number) => c.json({ response_code: code, response: SPARROW_ERROR_CODES[code]?.response ?? 'Error' }, 403);

  async function fieldsOf(c: Context): Promise<Record<string, string>> {
    const fields: Record<string, string> = { ...c.req.query() };
    if (c.req.method === 'POST') {
      const type = c.req.header('content-type') ?? '';
      const body = type.includes('application/json') ? ((await c.req.json().catch(() => ({}))) as Record<string, unknown>) : await c.req.parseBody();
      for (const [name, value] of Object.entries(body)) if (typeof value === 'string' || typeof value === 'number') fields[name] = String(value);
    }
    return fields;
  }

  async function sendSms(c: Context) {
    const { token, from, to, text } = await fieldsOf(c);
    if (!token || !from || !to || text === undefined) return refuse(c, 1000);
    if (token !== options.token) return refuse(c, 1002);
    if (from !== options.from) return refuse(c, 1008);
    if (text.trim() === '') return refuse(c, 1010);
    const receivers = to.split(',').map((number) => number.trim()).slice(0, MAX_RECEIVERS);
    // The documentation asks for 10-digit numbers: a Nepali mobile, as core's phone rules read it.
    const valid = receivers.filter((number) => /^\d{10}$/.test(number) && phoneKindOf(normalizePhoneNumber(number)) === 'mobile');
    if (valid.length === 0) return refuse(c, receivers.length === 1 ? 1007 : 1011);
    const forced = valid.map((number) => failures.get(number)).find((code) => code !== undefined);
    if (forced !== undefined) return forced < 1000 ? c.json({ error: 'sandbox told to fail' }, forced as 500) : refuse(c, forced);
    const parts = smsLengthOf(text).parts;
    if (creditsAvailable < parts * valid.length) return refuse(c, creditsAvailable === 0 ? 1012 : 1013);
    creditsAvailable -= parts * valid.length;
    creditsConsumed += parts * valid.length;
    const receivedAt = new Date().toISOString();
    for (const number of valid) messages.push({ id: nextId++, from, to: number, text, parts, receivedAt });
    return c.json({ count: valid.length, response_code: 200, response: `${valid.length} mesages has been queued for delivery` });
  }

  const app = new Hono();
  app.on(['GET', 'POST'], ['/v2/sms', '/v2/sms/'], sendSms);
  app.get('/v2/credit', creditOf);
  app.get('/v2/credit/', creditOf);
  function creditOf(c: Context) {
    if (c.req.query('token') !== options.token) return refuse(c, 1002);
    return c.json({ credits_available: creditsAvailable, credits_consumed: creditsConsumed, response_code: 200 });
  }

  app.get('/inspect/messages', (c) => c.json({ messages }));
  app.delete('/inspect/messages', (c) => {
    messages.length = 0;
    return c.body(null, 204);
  });
  app.post('/inspect/fail', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { number?: unknown; code?: unknown };
    const code = Number(body.code);
    if (typeof body.number !== 'string' || !Number.isInteger(code)) return c.json({ error: 'number and code are required' }, 400);
    failures.set(body.number, code);
    return c.body(null, 204);
  });
  app.delete('/inspect/fail', (c) => {
    failures.clear();
    return c.body(null, 204);
  });
  app.post('/inspect/credits', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { available?: unknown };
    creditsAvailable = Math.max(0, Number(body.available) || 0);
    return c.body(null, 204);
  });

  return {
    app,
    messages,
    failFor: (number, code) => failures.set(number, code),
    clearFailures: () => failures.clear(),
  };
}
