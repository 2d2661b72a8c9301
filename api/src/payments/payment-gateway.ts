import type { AppDeps } from '../context';
import { AppError } from '../http/errors';
import { createEsewaGateway } from './gateways/esewa';
import type { PaymentGateway } from './gateways/gateway';

const gateways = new WeakMap<AppDeps, PaymentGateway>();

/**
 * The configured online gateway (eSewa ePay v2, real or the loopback sandbox). Without one, online
 * payment answers 503: production without a gateway simply has vouchers and EBP codes only.
 */
export function getPaymentGateway(deps: AppDeps): PaymentGateway {
  const { formUrl, statusUrl, productCode, secretKey } = deps.config.esewa;
  if (!formUrl || !statusUrl) throw new AppError('SERVICE_UNAVAILABLE', { messageKey: 'payment.gatewayUnavailable' });
  let gateway = gateways.get(deps);
  if (!gateway) {
    gateway = createEsewaGateway({ formUrl, statusUrl, productCode, secretKey });
    gateways.set(deps, gateway);
  }
  return gateway;
}
