import type { Config } from '../config';
import { describeSparrowAnswer, parseSparrowAnswer, sparrowFailureOf, SPARROW_SUCCESS } from './sparrow/sparrow-protocol';

export type SmsMessage = { to: string; body: string };

/** What the gateway said when it accepted a message (kept in sms_outbox.provider_answer). */
export type SmsAccepted = { answer: string | null };

/**
 * The gateway refused a message. `permanent`: sending it again cannot succeed (a bad number,
 * token or sender), so the outbox fails it at once; otherwise it is retried with the backoff.
 * `answer` is the gateway's code and words, never the request (which holds the token).
 */
export class SmsRefused extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    readonly answer: string | null,
  ) {
    super(message);
    this.name = 'SmsRefused';
  }
}

/** Hands one SMS to a gateway; throws (SmsRefused when the gateway answered) when it did not accept it. */
export type SmsProvider = { name: string; send(message: SmsMessage): Promise<SmsAccepted> };

const SMS_TIMEOUT_MS = 15_000;

/**
 * The 'http' provider: POSTs `{ "to": "98XXXXXXXX", "body": "..." }` as JSON to SMS_HTTP_URL and
 * counts any 2xx answer as accepted. Nepal's SMS gateways differ in their APIs, so a small
 * adapter service in front of the chosen gateway speaks this one shape.
 */
export function createHttpSmsProvider(url: string): SmsProvider {
  return {
    name: 'http',
    send: async (message) => {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ to: message.to, body: message.body }),
        signal: AbortSignal.timeout(SMS_TIMEOUT_MS),
      });
      // Read the answer so that the connection is released, but never log it: it may echo the code.
      await response.arrayBuffer().catch(() => undefined);
      if (!response.ok) throw new SmsRefused(`SMS gateway answered HTTP ${response.status}`, false, `HTTP ${response.status}`);
      return { answer: `HTTP ${response.status}` };
    },
  };
}

export type SparrowSettings = { url: string; token: string; from: string };

/**
 * The 'sparrow' provider: Sparrow SMS v2 (sparrow/sparrow-protocol.ts). Each message is POSTed as a
 * form to {url}/sms/; the token travels in the body only, never in a URL that a proxy might log,
 * and never into an error or the outbox.
 */
export function createSparrowSmsProvider(settings: SparrowSettings): SmsProvider {
  const endpoint = `${settings.url.replace(/\/+$/, '')}/sms/`;
  return {
    name: 'sparrow',
    send: async (message) => {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token: settings.token, from: settings.from, to: message.to, text: message.body }),
        signal: AbortSignal.timeout(SMS_TIMEOUT_MS),
      });
      const answer = parseSparrowAnswer(await response.text());
      if (!answer) throw new SmsRefused(`Sparrow SMS answered HTTP ${response.status} without a JSON answer`, false, `HTTP ${response.status}`);
      const described = describeSparrowAnswer(answer);
      if (answer.response_code === SPARROW_SUCCESS && response.ok) return { answer: described };
      throw new SmsRefused(`Sparrow SMS refused the message: ${described}`, sparrowFailureOf(answer.response_code) === 'permanent', described);
    },
  };
}

/** The account's credit (GET {url}/credit/): what is left and what has been used. */
export async function readSparrowCredit(settings: SparrowSettings): Promise<{ available: number; consumed: number }> {
  const url = new URL(`${settings.url.replace(/\/+$/, '')}/credit/`);
  url.searchParams.set('token', settings.token);
  const response = await fetch(url, { signal: AbortSignal.timeout(SMS_TIMEOUT_MS) });
  const answer = parseSparrowAnswer(await response.text());
  if (!answer || answer.response_code !== SPARROW_SUCCESS) {
    throw new SmsRefused('Sparrow SMS did not answer the credit', false, answer ? describeSparrowAnswer(answer) : `HTTP ${response.status}`);
  }
  return { available: Number(answer.credits_available), consumed: Number(answer.credits_consumed) };
}

/** 'outbox-only' gives no provider: SMS stay in the outbox, readable by staff at /staff/admin/outbox. */
export function createSmsProvider(config: Pick<Config, 'smsProvider' | 'smsHttpUrl' | 'sparrow'>): SmsProvider | null {
  if (config.smsProvider === 'http' && config.smsHttpUrl) return createHttpSmsProvider(config.smsHttpUrl);
  if (config.smsProvider === 'sparrow') return createSparrowSmsProvider(config.sparrow);
  return null;
}
