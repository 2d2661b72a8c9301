import { describe, expect, it } from 'vitest';
import { ebpCodeVerificationSchema, normalizePaymentCode, voucherFieldsSchema } from './payment';
import { paymentVerificationSchema } from './staff/payment';

describe('payment schemas', () => {
  it('spells a code one way whatever the script or case it was typed in', () => {
    expect(normalizePaymentCode(' ebp-२०८२/७७ ')).toBe('EBP-2082/77');
    expect(ebpCodeVerificationSchema.parse({ chargeId: '12', ebpCode: 'rmis-१' })).toEqual({ chargeId: 12, ebpCode: 'RMIS-1' });
    expect(ebpCodeVerificationSchema.safeParse({ chargeId: 12, ebpCode: 'A B' }).success).toBe(false);
    expect(ebpCodeVerificationSchema.safeParse({ chargeId: 12, ebpCode: '' }).success).toBe(false);
  });

  it('takes the voucher form fields as a multipart form sends them', () => {
    expect(voucherFieldsSchema.parse({ chargeId: '3', bankId: '४', voucherNumber: 'v-1', mobile: '९८४१०००००' + '०' })).toEqual({ chargeId: 3, bankId: 4, voucherNumber: 'V-1', mobile: '9841000000' });
    expect(voucherFieldsSchema.safeParse({ chargeId: '3', bankId: '4', voucherNumber: 'v-1', mobile: '12' }).success).toBe(false);
  });

  it('verifies into a spec group other than submitted, with remarks', () => {
    expect(paymentVerificationSchema.safeParse({ group: 'governmentImplemented', remarks: 'ok' }).success).toBe(true);
    expect(paymentVerificationSchema.safeParse({ group: 'submitted', remarks: 'ok' }).success).toBe(false);
    expect(paymentVerificationSchema.safeParse({ group: 'approved', remarks: ' ' }).success).toBe(false);
  });
});
