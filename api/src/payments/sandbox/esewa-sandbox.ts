import { formatMoney, resolveLanguage, translate, type Language } from '@psc/core';
import { Hono } from 'hono';
import { html } from 'hono/html';
import { randomBytes } from 'node:crypto';
import { ESEWA_REQUEST_SIGNED_FIELDS, parseEsewaAmount, signEsewaFields } from '../gateways/esewa';

// A stand-in for eSewa's UAT: the same three conversations as the real gateway (the signed form
// post, the redirect back with signed ?data=, the status API), so the API's eSewa code is
// exercised exactly as in production. It is served from the product's own origin under
// PAYMENT_SANDBOX_PATH, so a phone that reaches the portal reaches it too; a person (or a test)
// presses Pay or Cancel on its page, in the candidate's language, at phone width. It is mounted
// only when no real gateway is configured, and never in production (payment-gateway.ts).

/** The amount as our own pages write money (core's formatMoney), or as eSewa sent it when it is not whole rupees. */
function formatAmount(totalAmount: string | undefined, lang: Language): string {
  const rupees = parseEsewaAmount(totalAmount);
  return Number.isSafeInteger(rupees) ? formatMoney(rupees, lang) : String(totalAmount ?? '');
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

/** Where the sandbox lives on the product's origin. */
export const PAYMENT_SANDBOX_PATH = '/payment-sandbox';

/** Its pages, below PAYMENT_SANDBOX_PATH. */
export const ESEWA_SANDBOX_PATHS = {
  form: '/form',
  decide: '/decide',
  status: '/status',
  style: '/sandbox.css',
} as const;

const RESPONSE_SIGNED_FIELDS = 'transaction_code,status,total_amount,transaction_uuid,product_code,signed_field_names';

// A separate stylesheet, not inline style: the product's Content-Security-Policy allows styles
// from its own origin. eSewa's green darkened until white text on it reads at WCAG AA (5:1).
const SANDBOX_CSS = `
*{box-sizing:border-box}
body{margin:0;font-family:"Noto Sans Devanagari","Noto Sans",system-ui,sans-serif;background:#f3f6f4;color:#1f2a24;font-size:16px;line-height:1.5}
main{max-width:28rem;margin:0 auto;padding:1rem}
.brand{background:#2f7d1f;color:#fff;padding:.75rem 1rem;font-weight:700;font-size:1.125rem}
.card{background:#fff;border-radius:.5rem;padding:1rem;box-shadow:0 1px 3px rgba(0,0,0,.12)}
h1{font-size:1.25rem;margin:0 0 .5rem}
.note{color:#55615a;font-size:.9rem;margin:0 0 1rem}
.amount{font-size:1.75rem;font-weight:700;margin:.25rem 0 1rem}
dl{margin:0 0 1rem}dt{color:#55615a;font-size:.85rem}dd{margin:0 0 .5rem;overflow-wrap:anywhere;font-family:monospace}
.actions{display:flex;flex-direction:column;gap:.75rem}
button{font:inherit;font-size:1.0625rem;min-height:3rem;border-radius:.375rem;border:1px solid #2f7d1f;cursor:pointer;width:100%}
.pay{background:#2f7d1f;color:#fff;font-weight:700}
.cancel{background:#fff;color:#1f2a24;border-color:#b5c0b9}
`;

function isHttpUrl(value: string | undefined): value is string {
  if (!value) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** The language the portal asked for (?lang=, set by the API from the candidate's choice), else the browser's. */
function languageOf(query: string | undefined, acceptLanguage: string | undefined): Language {
  return query === 'en' || query === 'ne' ? query : resolveLanguage(acceptLanguage);
}

function page(lang: Language, body: ReturnType<typeof html>) {
  return html`<!doctype html>
    <html lang="${lang}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${translate(lang, 'paymentSandbox.title')}</title>
        <link rel="stylesheet" href="${PAYMENT_SANDBOX_PATH}${ESEWA_SANDBOX_PATHS.style}" />
      </head>
      <body>
        <div class="brand">${translate(lang, 'paymentSandbox.title')}</div>
        <main>${body}</main>
      </body>
    </html>`;
}

const notice = (lang: Language, key: 'paymentSandbox.invalid' | 'paymentSandbox.duplicate' | 'paymentSandbox.unknown') =>
  page(lang, html`<div class="card"><h1>${translate(lang, key)}</h1></div>`);

export function createEsewaSandboxApp(options: EsewaSandboxOptions) {
  const transactions = new Map<string, SandboxTransaction>();
  const app = new Hono();

  app.get(ESEWA_SANDBOX_PATHS.style, (c) => c.body(SANDBOX_CSS, 200, { 'content-type': 'text/css; charset=utf-8', 'cache-control': 'public, max-age=3600' }));

  app.post(ESEWA_SANDBOX_PATHS.form, async (c) => {
    const lang = languageOf(c.req.query('lang'), c.req.header('accept-language'));
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
    if (!valid) return c.html(notice(lang, 'paymentSandbox.invalid'), 400);
    const uuid = fields.transaction_uuid!;
    const existing = transactions.get(uuid);
    // eSewa refuses a transaction_uuid it has already completed or cancelled.
    if (existing && existing.status !== 'PENDING') return c.html(notice(lang, 'paymentSandbox.duplicate'), 409);
    transactions.set(uuid, {
      transactionUuid: uuid,
      totalAmount: fields.total_amount!,
      productCode: fields.product_code!,
      successUrl: fields.success_url!,
      failureUrl: fields.failure_url!,
      status: 'PENDING',
      refId: null,
    });
    const amount = formatAmount(fields.total_amount, lang);
    return c.html(
      page(
        lang,
        html`<div class="card" data-testid="sandbox-card">
          <h1>${translate(lang, 'paymentSandbox.heading')}</h1>
          <p class="note">${translate(lang, 'paymentSandbox.note')}</p>
          <div class="amount" data-testid="sandbox-amount">${amount}</div>
          <dl>
            <dt>${translate(lang, 'paymentSandbox.transaction')}</dt>
            <dd>${uuid}</dd>
          </dl>
          <form method="post" action="${PAYMENT_SANDBOX_PATH}${ESEWA_SANDBOX_PATHS.decide}" class="actions">
            <input type="hidden" name="transaction_uuid" value="${uuid}" />
            <button type="submit" name="decision" value="pay" class="pay" data-testid="sandbox-pay">${translate(lang, 'paymentSandbox.pay')}</button>
            <button type="submit" name="decision" value="cancel" class="cancel" data-testid="sandbox-cancel">${translate(lang, 'paymentSandbox.cancel')}</button>
          </form>
        </div>`,
      ),
    );
  });

  app.post(ESEWA_SANDBOX_PATHS.decide, async (c) => {
    const body = await c.req.parseBody();
    const transaction = transactions.get(typeof body.transaction_uuid === 'string' ? body.transaction_uuid : '');
    if (!transaction || transaction.status !== 'PENDING') return c.html(notice(languageOf(undefined, c.req.header('accept-language')), 'paymentSandbox.unknown'), 404);
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
