import { createHmac, timingSafeEqual } from 'node:crypto';
import type { CallbackCheck, GatewayPayment, GatewayStatus, PaymentGateway, PaymentRequestForm } from './gateway';
import { GatewayUnavailableError } from './gateway';

// eSewa ePay v2 (developer.esewa.com.np/pages/Epay): the merchant posts a form signed with
// HMAC-SHA256 (base64) over "total_amount=..,transaction_uuid=..,product_code=.." in the order
// signed_field_names gives; after payment eSewa redirects to success_url with ?data=base64(JSON)
// signed the same way over its own signed_field_names; the merchant then asks the status API
// (GET ?product_code&total_amount&transaction_uuid) server to server before trusting anything.

export type EsewaSettings = { formUrl: string; statusUrl: string; productCode: string; secretKey: string };

export const ESEWA_REQUEST_SIGNED_FIELDS = 'total_amount,transaction_uuid,product_code';

/** HMAC-SHA256, base64, over "name=value,name=value" for the named fields, in their order. */
export function signEsewaFields(secretKey: string, fields: Record<string, string>, signedFieldNames: string): string {
  const message = signedFieldNames
    .split(',')
    .map((name) => `${name}=${fields[name] ?? ''}`)
    .join(',');
  return createHmac('sha256', secretKey).update(message).digest('base64');
}

/** eSewa writes amounts as "100", "100.0" or "1,000.0"; ours are whole rupees. NaN for anything else. */
export function parseEsewaAmount(value: unknown): number {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.replace(/,/g, '').trim() : '';
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return Number.NaN;
  return Number(text);
}

function sameSignature(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

const STATUS_MAP: Record<string, GatewayStatus['status']> = {
  COMPLETE: 'completed',
  PENDING: 'pending',
  AMBIGUOUS: 'pending',
  FULL_REFUND: 'refunded',
  PARTIAL_REFUND: 'refunded',
  NOT_FOUND: 'not-found',
  CANCELED: 'failed',
};

export function createEsewaGateway(settings: EsewaSettings, fetchImpl: typeof fetch = fetch): PaymentGateway {
  return {
    id: 'esewa',

    createPaymentRequest(payment: GatewayPayment, urls): PaymentRequestForm {
      const amount = String(payment.amount);
      const fields: Record<string, string> = {
        amount,
        tax_amount: '0',
        total_amount: amount,
        transaction_uuid: payment.transactionUuid,
        product_code: settings.productCode,
        product_service_charge: '0',
        product_delivery_charge: '0',
        success_url: urls.successUrl,
        failure_url: urls.failureUrl,
        signed_field_names: ESEWA_REQUEST_SIGNED_FIELDS,
      };
      fields.signature = signEsewaFields(settings.secretKey, fields, ESEWA_REQUEST_SIGNED_FIELDS);
      return { action: settings.formUrl, method: 'POST', fields };
    },

    verifyCallback({ data }): CallbackCheck {
      let decoded: Record<string, unknown>;
      try {
        decoded = JSON.parse(Buffer.from(data, 'base64').toString('utf8')) as Record<string, unknown>;
      } catch {
        return { ok: false, reason: 'malformed' };
      }
      if (!decoded || typeof decoded !== 'object') return { ok: false, reason: 'malformed' };
      const text = Object.fromEntries(Object.entries(decoded).map(([key, value]) => [key, typeof value === 'string' || typeof value === 'number' ? String(value) : '']));
      const signedFieldNames = text.signed_field_names ?? '';
      const names = signedFieldNames.split(',');
      // The fields that identify the payment must be among those signed, or the signature proves nothing about them.
      for (const required of ['transaction_uuid', 'total_amount', 'product_code', 'status']) {
        if (!names.includes(required)) return { ok: false, reason: 'malformed' };
      }
      if (!text.signature || !sameSignature(signEsewaFields(settings.secretKey, text, signedFieldNames), text.signature)) return { ok: false, reason: 'signature' };
      if (text.product_code !== settings.productCode) return { ok: false, reason: 'product' };
      return {
        ok: true,
        transactionUuid: text.transaction_uuid!,
        amount: parseEsewaAmount(text.total_amount),
        status: text.status!,
        gatewayReference: text.transaction_code || null,
      };
    },

    async checkStatus(payment: GatewayPayment): Promise<GatewayStatus> {
      const url = new URL(settings.statusUrl);
      url.searchParams.set('product_code', settings.productCode);
      url.searchParams.set('total_amount', String(payment.amount));
      url.searchParams.set('transaction_uuid', payment.transactionUuid);
      let body: Record<string, unknown>;
      try {
        const response = await fetchImpl(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(15_000) });
        if (!response.ok) throw new GatewayUnavailableError(`status API answered ${response.status}`);
        body = (await response.json()) as Record<string, unknown>;
      } catch (error) {
        if (error instanceof GatewayUnavailableError) throw error;
        throw new GatewayUnavailableError(error instanceof Error ? error.message : 'status API unreachable');
      }
      const raw = typeof body.status === 'string' ? body.status : '';
      const status = STATUS_MAP[raw];
      if (!status) throw new GatewayUnavailableError(`status API gave no known status`);
      // An answer about another transaction or product is no answer about ours.
      if (status !== 'not-found' && (body.transaction_uuid !== payment.transactionUuid || body.product_code !== settings.productCode)) {
        throw new GatewayUnavailableError('status API answered about another transaction');
      }
      const amount = body.total_amount === undefined || body.total_amount === null ? null : parseEsewaAmount(body.total_amount);
      const reference = typeof body.ref_id === 'string' && body.ref_id ? body.ref_id : null;
      return { status, amount: amount === null || Number.isNaN(amount) ? null : amount, gatewayReference: reference, raw };
    },
  };
}
