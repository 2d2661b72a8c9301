import { formatMoney } from '@psc/core';
import { Hono } from 'hono';
import { html } from 'hono/html';
import { randomBytes } from 'node:crypto';
import { ESEWA_REQUEST_SIGNED_FIELDS, parseEsewaAmount, signEsewaFields } from '../gateways/esewa';

// A stand-in for eSewa's UAT on loopback: the same three conversations as the real
// gateway — the signed form post, the redirect back with signed ?data=, the status API — so the
// API's eSewa code is exercised exactly as in production. A person (or a test) clicks Pay or
// Cancel on its page. Nothing here is used when a real gateway is configured.

/** The amount as our own pages write money (core's formatMoney), or as eSewa sent it when it is not whole rupees. */
function formatAmount(totalAmount: string | undefined): string {
  const rupees = parseEsewaAmount(totalAmount);
  return Number.isSafeInteger(rupees) ? formatMoney(rupees, 'en') : String(totalAmount ?? '');
}

export type EsewaSandboxOptions = { productCode: string; secretKey: string };

type SandboxTransaction = {
  transactionUuid: string;
  totalAmount: string;
  productCode: string;
  successUrl: string;
  failureUrl: string;
  status: 'PENDING' | 'COMPLETE' | 'CANCELED';
  refId: string | null;
};

export const ESEWA_SANDBOX_PATHS = {
  form: '/api/epay/main/v2/form',
  decide: '/sandbox/decide',
  status: '/api/epay/transaction/status/',
} as const;

const RESPONSE_SIGNED_FIELDS = 'transaction_code,status,total_amount,transaction_uuid,product_code,signed_field_names';

function isHttpUrl(value: string | undefined): value is string {
  if (!value) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export function createEsewaSandboxApp(options: EsewaSandboxOptions) {
  const transactions = new Map<string, SandboxTransaction>();
  const app = new Hono();

  app.post(ESEWA_SANDBOX_PATHS.form, async (c) => {
    const body = await c.req.parseBody();
    const fields = Object.fromEntries(Object.entries(body).map(([key, value]) => [key, typeof value === 'string' ? value : '']));
    const signedFieldNames = fields.signed_field_names ?? '';
    const expected = signEsewaFields(options.secretKey, fields, signedFieldNames);
    const valid =
      signedFieldNames === ESEWA_REQUEST_SIGNED_FIELDS &&
      fields.signature === expected &&
      fields.product_code === options.productCode &&
      !Number.isNaN(parseEsewaAmount(fields.total_amount)) &&
      /^[A-Za-z0-9-]{1,64}$/.test(fields.transaction_uuid ?? '') &&
      isHttpUrl(fields.success_url) &&
      isHttpUrl(fields.failure_url);
    if (!valid) return c.html(html`<!doctype html><title>eSewa sandbox</title><h1>Invalid payment request</h1>`, 400);
    const uuid = fields.transaction_uuid!;
    const existing = transactions.get(uuid);
    // eSewa refuses a transaction_uuid it has already completed.
    if (existing && existing.status !== 'PENDING') return c.html(html`<!doctype html><title>eSewa sandbox</title><h1>Duplicate transaction</h1>`, 409);
    transactions.set(uuid, {
      transactionUuid: uuid,
      totalAmount: fields.total_amount!,
      productCode: fields.product_code!,
      successUrl: fields.success_url!,
      failureUrl: fields.failure_url!,
      status: 'PENDING',
      refId: null,
    });
    return c.html(html`<!doctype html>
      <html lang="en">
        <head><meta charset="utf-8" /><title>eSewa sandbox</title></head>
        <body>
          <h1>eSewa sandbox</h1>
          <p>This is the development stand-in for eSewa. No money moves.</p>
          <p>Amount: <strong data-testid="sandbox-amount">${formatAmount(fields.total_amount)}</strong> — transaction ${uuid}</p>
          <form method="post" action="${ESEWA_SANDBOX_PATHS.decide}">
            <input type="hidden" name="transaction_uuid" value="${uuid}" />
            <button type="submit" name="decision" value="pay" data-testid="sandbox-pay">Pay</button>
            <button type="submit" name="decision" value="cancel" data-testid="sandbox-cancel">Cancel</button>
          </form>
        </body>
      </html>`);
  });

  app.post(ESEWA_SANDBOX_PATHS.decide, async (c) => {
    const body = await c.req.parseBody();
    const transaction = transactions.get(typeof body.transaction_uuid === 'string' ? body.transaction_uuid : '');
    if (!transaction || transaction.status !== 'PENDING') return c.html(html`<!doctype html><title>eSewa sandbox</title><h1>Unknown transaction</h1>`, 404);
    if (body.decision !== 'pay') {
      transaction.status = 'CANCELED';
      return c.redirect(transaction.failureUrl, 302);
    }
    transaction.status = 'COMPLETE';
    transaction.refId = `SBX${randomBytes(4).toString('hex').toUpperCase()}`;
    const data: Record<string, string> = {
      transaction_code: transaction.refId,
      status: 'COMPLETE',
      total_amount: `${parseEsewaAmount(transaction.totalAmount).toFixed(1)}`,
      transaction_uuid: transaction.transactionUuid,
      product_code: transaction.productCode,
      signed_field_names: RESPONSE_SIGNED_FIELDS,
    };
    data.signature = signEsewaFields(options.secretKey, data, RESPONSE_SIGNED_FIELDS);
    const target = new URL(transaction.successUrl);
    target.searchParams.set('data', Buffer.from(JSON.stringify(data)).toString('base64'));
    return c.redirect(target.toString(), 302);
  });

  app.get(ESEWA_SANDBOX_PATHS.status, (c) => {
    const productCode = c.req.query('product_code') ?? '';
    const totalAmount = parseEsewaAmount(c.req.query('total_amount'));
    const uuid = c.req.query('transaction_uuid') ?? '';
    const transaction = transactions.get(uuid);
    if (!transaction || transaction.productCode !== productCode || parseEsewaAmount(transaction.totalAmount) !== totalAmount) {
      return c.json({ product_code: productCode, transaction_uuid: uuid, total_amount: totalAmount, status: 'NOT_FOUND', ref_id: null });
    }
    return c.json({
      product_code: transaction.productCode,
      transaction_uuid: transaction.transactionUuid,
      total_amount: parseEsewaAmount(transaction.totalAmount),
      status: transaction.status,
      ref_id: transaction.refId,
    });
  });

  return app;
}
