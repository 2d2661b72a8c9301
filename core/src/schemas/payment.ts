import { z } from 'zod';
import { LIMITS } from '../limits';
import { toLatinDigits } from '../numerals';
import { idSchema, mobileSchema } from './fields';
import type { UploadRule } from './profile/uploads';
import { withMessage } from './with-message';

// Candidate payments (spec §2 voucher upload, online payment, EBP code verification).

/** spec §2 voucher image: JPG or PNG of at most 500 KB, judged by its bytes. */
export const VOUCHER_UPLOAD: UploadRule = {
  contentTypes: ['image/jpeg', 'image/png'],
  typeMessage: 'validation.imageTypeOnly',
  maxBytes: LIMITS.uploadMaxBytes,
  accept: '.jpg,.jpeg,.png,image/jpeg,image/png',
};

/** The stored file's purpose of a voucher image. */
export const VOUCHER_FILE_PURPOSE = 'payment-voucher';

/**
 * A code of the revenue system or a bank (EBP code, voucher number): letters, digits, hyphens and
 * slashes, typed in either script. Stored upper-case with Latin digits so that one code has one
 * spelling wherever it is compared (compare-rmis, search, the unique index).
 */
export function normalizePaymentCode(value: string): string {
  return toLatinDigits(value).trim().toUpperCase();
}

export const paymentCodeSchema = z
  .string(withMessage('validation.required'))
  .transform(normalizePaymentCode)
  .pipe(
    z
      .string()
      .min(1, withMessage('validation.required'))
      .max(40, withMessage('validation.tooLong'))
      .regex(/^[A-Z0-9][A-Z0-9/-]*$/, withMessage('payment.codeInvalid')),
  );

export const onlinePaymentStartSchema = z.object({ chargeId: idSchema() });
export type OnlinePaymentStart = z.output<typeof onlinePaymentStartSchema>;

/** What the API answers about one online payment (start, confirm, failure), as the portal reads it. */
export type OnlinePaymentAnswer = {
  paymentId: number;
  chargeId: number;
  transactionUuid: string;
  amount: number;
  status: 'initiated' | 'completed' | 'failed' | 'refund-due' | 'expired';
};

/** What the gateway put on the success redirect (eSewa: ?data=<base64 JSON>), passed on unchanged. */
export const onlinePaymentConfirmSchema = z.object({ data: z.string(withMessage('validation.required')).min(1, withMessage('validation.required')).max(4000, withMessage('validation.tooLong')) });

/** The failure redirect carries nothing signed: the transaction is named and checked with the gateway. */
export const onlinePaymentFailureSchema = z.object({
  transactionUuid: z
    .string(withMessage('validation.required'))
    .regex(/^[A-Za-z0-9-]{1,64}$/, withMessage('validation.invalid')),
});

/** The text fields of the voucher upload form (multipart, with the image in `file`). */
export const voucherFieldsSchema = z.object({
  chargeId: idSchema(),
  bankId: idSchema(),
  voucherNumber: paymentCodeSchema,
  mobile: mobileSchema,
});
export type VoucherFields = z.output<typeof voucherFieldsSchema>;

export const ebpCodeVerificationSchema = z.object({ chargeId: idSchema(), ebpCode: paymentCodeSchema });
export const ebpCodeLookupSchema = z.object({ ebpCode: paymentCodeSchema });
