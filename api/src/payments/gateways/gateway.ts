import type { Language } from '@psc/core';

// What the API needs of an online payment gateway. One real, publicly documented
// protocol is implemented (eSewa ePay v2, esewa.ts); the sandbox (../sandbox) speaks the same
// protocol on the product's own origin for development and tests.

/** The attempt as the gateway sees it: our transaction id and the amount in whole rupees. */
export type GatewayPayment = { transactionUuid: string; amount: number };

/** A form the browser posts to the gateway (an auto-submitted hidden form on the portal). */
export type PaymentRequestForm = { action: string; method: 'POST'; fields: Record<string, string> };

/** The gateway's redirect back, checked: either its signature holds, or nothing in it is believed. */
export type CallbackCheck =
  | { ok: true; transactionUuid: string; amount: number; status: string; gatewayReference: string | null }
  | { ok: false; reason: 'malformed' | 'signature' | 'product' };

/** The gateway's own answer, asked server to server: the only thing that completes a payment. */
export type GatewayStatus = {
  status: 'completed' | 'pending' | 'failed' | 'not-found' | 'refunded';
  /** The amount the gateway holds for the transaction, when it says. */
  amount: number | null;
  gatewayReference: string | null;
  /** The gateway's own word for the status, kept for staff. */
  raw: string;
};

export type PaymentGateway = {
  id: string;
  /** `lang`: the candidate's language, for a gateway whose page can be told it. */
  createPaymentRequest(payment: GatewayPayment, urls: { successUrl: string; failureUrl: string }, lang?: Language): PaymentRequestForm;
  verifyCallback(params: { data: string }): CallbackCheck;
  checkStatus(payment: GatewayPayment): Promise<GatewayStatus>;
};

/** The gateway could not be asked (network, timeout, an answer that is not the protocol's). */
export class GatewayUnavailableError extends Error {}
