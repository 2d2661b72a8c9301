import { z } from 'zod';
import { adDateSchema, idSchema } from '../fields';
import { paymentCodeSchema } from '../payment';
import { withMessage } from '../with-message';

// Staff payment work [CPM] (spec §4 "Payment verification groups").

/** Groups in which a payment counts as paid (the charge is settled by it). */
export const SETTLING_GROUPS = ['approved', 'noVerification', 'implemented', 'government', 'governmentImplemented'] as const;
/** Groups in which a payment is refused (the charge is owed again). */
export const REFUSING_GROUPS = ['rejected', 'governmentRejected'] as const;

const remarks = z.string(withMessage('validation.required')).trim().min(1, withMessage('validation.required')).max(500, withMessage('validation.tooLong'));

export const paymentVerificationSchema = z.object({
  group: z.enum([...SETTLING_GROUPS, ...REFUSING_GROUPS], withMessage('validation.chooseOne')),
  remarks,
});
export type PaymentVerification = z.output<typeof paymentVerificationSchema>;

/** spec §3 Payment record fields staff may correct (payment screen `update`). */
export const paymentUpdateSchema = z
  .object({
    bankId: idSchema().nullable().optional(),
    voucherNumber: paymentCodeSchema.nullable().optional(),
    payerName: z.string().trim().max(200, withMessage('validation.tooLong')).nullable().optional(),
    paidOn: adDateSchema.nullable().optional(),
    remarks,
  })
  .strict();
export type PaymentUpdate = z.output<typeof paymentUpdateSchema>;

/** spec CPM renameEbpCode ("ebp code replace"). */
export const ebpCodeRenameSchema = z.object({ ebpCode: paymentCodeSchema, remarks });

export const applicationDeleteSchema = z.object({ remarks });

/**
 * Advertisement payment update [CPM]: move an advertisement's verified payments from one paid
 * group to another at once (approved -> implemented once the revenue system has them, and so on).
 */
export const advertisementPaymentUpdateSchema = z.object({
  // The advertisement by its public code ("2083/84-0001"): what payment staff see on vouchers
  // and reports, and readable without the advertisement privileges.
  advertisementCode: z.string(withMessage('validation.required')).trim().min(1, withMessage('validation.required')).max(40, withMessage('validation.tooLong')),
  fromGroup: z.enum(SETTLING_GROUPS, withMessage('validation.chooseOne')),
  toGroup: z.enum(SETTLING_GROUPS, withMessage('validation.chooseOne')),
  remarks,
});
export type AdvertisementPaymentUpdate = z.output<typeof advertisementPaymentUpdateSchema>;
