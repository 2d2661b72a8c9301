import { describe, expect, it } from 'vitest';
import { createEsewaGateway, parseEsewaAmount, signEsewaFields } from './esewa';

// eSewa ePay v2 (developer.esewa.com.np/pages/Epay): HMAC-SHA256, base64, over the signed fields
// as "name=value" joined by commas, in the order of signed_field_names.

const settings = { formUrl: 'http://127.0.0.1:1/form', statusUrl: 'http://127.0.0.1:1/status/', productCode: 'EPAYTEST', secretKey: '8gBm/:&EnhH.1/q' };
const gateway = createEsewaGateway(settings);

function callback(fields: Record<string, string>, key = settings.secretKey): string {
  const signed = { ...fields, signature: signEsewaFields(key, fields, fields.signed_field_names!) };
  return Buffer.from(JSON.stringify(signed)).toString('base64');
}

const success = {
  transaction_code: '000AWEO',
  status: 'COMPLETE',
  total_amount: '1,000.0',
  transaction_uuid: 'psc-1-abc',
  product_code: 'EPAYTEST',
  signed_field_names: 'transaction_code,status,total_amount,transaction_uuid,product_code,signed_field_names',
};

describe('eSewa ePay v2', () => {
  it('signs "total_amount=..,transaction_uuid=..,product_code=.." with the merchant key', () => {
    const form = gateway.createPaymentRequest({ transactionUuid: 'psc-1-abc', amount: 100 }, { successUrl: 'https://a/s', failureUrl: 'https://a/f' });
    expect(form.fields.signed_field_names).toBe('total_amount,transaction_uuid,product_code');
    expect(form.fields.signature).toBe(signEsewaFields(settings.secretKey, { total_amount: '100', transaction_uuid: 'psc-1-abc', product_code: 'EPAYTEST' }, 'total_amount,transaction_uuid,product_code'));
    expect(form.fields).toMatchObject({ amount: '100', tax_amount: '0', product_service_charge: '0', product_delivery_charge: '0', success_url: 'https://a/s', failure_url: 'https://a/f' });
  });

  it('reads amounts as eSewa writes them', () => {
    expect(parseEsewaAmount('100')).toBe(100);
    expect(parseEsewaAmount('1,000.0')).toBe(1000);
    expect(parseEsewaAmount(1500)).toBe(1500);
    expect(parseEsewaAmount('1e3')).toBeNaN();
    expect(parseEsewaAmount('')).toBeNaN();
  });

  it('accepts a callback signed over its signed_field_names, and refuses any change to it', () => {
    expect(gateway.verifyCallback({ data: callback(success) })).toEqual({ ok: true, transactionUuid: 'psc-1-abc', amount: 1000, status: 'COMPLETE', gatewayReference: '000AWEO' });
    const genuine = JSON.parse(Buffer.from(callback(success), 'base64').toString()) as Record<string, string>;
    const changed = Buffer.from(JSON.stringify({ ...genuine, total_amount: '10.0' })).toString('base64');
    expect(gateway.verifyCallback({ data: changed })).toEqual({ ok: false, reason: 'signature' });
    expect(gateway.verifyCallback({ data: callback(success, 'another key') })).toEqual({ ok: false, reason: 'signature' });
    expect(gateway.verifyCallback({ data: callback({ ...success, product_code: 'OTHER' }) })).toEqual({ ok: false, reason: 'product' });
    // A signature that does not cover the amount proves nothing about it.
    expect(gateway.verifyCallback({ data: callback({ ...success, signed_field_names: 'transaction_code,status,transaction_uuid,product_code' }) })).toEqual({ ok: false, reason: 'malformed' });
    expect(gateway.verifyCallback({ data: '%%%' })).toEqual({ ok: false, reason: 'malformed' });
  });
});
