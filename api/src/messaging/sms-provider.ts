import type { Config } from '../config';

export type SmsMessage = { to: string; body: string };

/** Hands one SMS to a gateway; throws when the gateway did not accept it. */
export type SmsProvider = { name: string; send(message: SmsMessage): Promise<void> };

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
      if (!response.ok) throw new Error(`SMS gateway answered HTTP ${response.status}`);
    },
  };
}

/** 'outbox-only' gives no provider: SMS stay in the outbox, readable by staff at /staff/admin/outbox. */
export function createSmsProvider(config: Pick<Config, 'smsProvider' | 'smsHttpUrl'>): SmsProvider | null {
  if (config.smsProvider === 'http' && config.smsHttpUrl) return createHttpSmsProvider(config.smsHttpUrl);
  return null;
}
