import type { Language } from '@psc/core';
import { Hono } from 'hono';
import type { Config } from '../config';
import { AppError } from '../http/errors';
import { createEsewaGateway } from './gateways/esewa';
import type { PaymentGateway } from './gateways/gateway';
import { createEsewaSandboxApp, ESEWA_SANDBOX_PATHS, PAYMENT_SANDBOX_PATH } from './sandbox/esewa-sandbox';

type GatewayConfig = Pick<Config, 'env' | 'publicUrl' | 'esewa'>;
type GatewaySetup = { gateway: PaymentGateway; sandbox: Hono | null };

const setups = new WeakMap<GatewayConfig, GatewaySetup | null>();

/**
 * The sandbox stands in for eSewa when no real gateway is configured, outside production only:
 * production without a gateway simply has vouchers and EBP codes.
 */
export function usesPaymentSandbox(config: GatewayConfig): boolean {
  return !config.esewa.formUrl && config.env !== 'production';
}

/**
 * Where the portal's payment form is posted (the Content-Security-Policy's one form-action
 * outside the page's own origin): the real gateway's origin, PUBLIC_URL's for the sandbox
 * (the same as the page's when PUBLIC_URL is the address the browser opened), or none.
 */
export function paymentFormOrigin(config: GatewayConfig): string | null {
  if (config.esewa.formUrl) return new URL(config.esewa.formUrl).origin;
  return usesPaymentSandbox(config) ? new URL(config.publicUrl).origin : null;
}

function setUp(config: GatewayConfig): GatewaySetup | null {
  const { formUrl, statusUrl, productCode, secretKey } = config.esewa;
  if (formUrl && statusUrl) return { gateway: createEsewaGateway({ formUrl, statusUrl, productCode, secretKey }), sandbox: null };
  if (!usesPaymentSandbox(config)) return null;
  const sandbox = createEsewaSandboxApp({ productCode, secretKey });
  const base = `${config.publicUrl}${PAYMENT_SANDBOX_PATH}`;
  // The browser reaches the sandbox at the public address; the API asks its status API in
  // process, as the public address may not lead back to this machine (a proxy, a tunnel).
  const mounted = new Hono().route(PAYMENT_SANDBOX_PATH, sandbox);
  const inProcess = ((input: string | URL | Request, init?: RequestInit) => mounted.fetch(new Request(input, init))) as typeof fetch;
  const esewa = createEsewaGateway({ formUrl: `${base}${ESEWA_SANDBOX_PATHS.form}`, statusUrl: `${base}${ESEWA_SANDBOX_PATHS.status}`, productCode, secretKey }, inProcess);
  const gateway: PaymentGateway = {
    ...esewa,
    // The sandbox's page speaks the candidate's language (eSewa's own page chooses for itself).
    createPaymentRequest: (payment, urls, lang?: Language) => {
      const form = esewa.createPaymentRequest(payment, urls);
      return lang ? { ...form, action: `${form.action}?lang=${lang}` } : form;
    },
  };
  return { gateway, sandbox };
}

function setupOf(config: GatewayConfig): GatewaySetup | null {
  if (!setups.has(config)) setups.set(config, setUp(config));
  return setups.get(config)!;
}

/** The configured online gateway (eSewa ePay v2, real or the sandbox); 503 without one. */
export function getPaymentGateway(deps: { config: GatewayConfig }): PaymentGateway {
  const setup = setupOf(deps.config);
  if (!setup) throw new AppError('SERVICE_UNAVAILABLE', { messageKey: 'payment.gatewayUnavailable' });
  return setup.gateway;
}

/** The sandbox's pages, to mount at PAYMENT_SANDBOX_PATH, when it stands in for the gateway. */
export function paymentSandboxOf(config: GatewayConfig): Hono | null {
  return setupOf(config)?.sandbox ?? null;
}
