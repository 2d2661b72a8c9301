import { z } from 'zod';
import { toLatinDigits } from '../../numerals';
import { idSchema, requiredText } from '../fields';
import { withMessage } from '../with-message';

// spec §5 "Roll generation: advertisement code, from and to roll numbers required; to-roll must
// exceed from-roll". Numbers read digits typed in either script; master data's numbers have at
// most 15 digits (spec §5), which a JavaScript number holds exactly.

export const ROLL_NUMBER_MAX = 999_999_999_999_999;

const rollField = (requiredKey: 'rollNumbers.fromRequired' | 'rollNumbers.toRequired') =>
  idSchema(requiredKey, 'bigint').pipe(z.number().max(ROLL_NUMBER_MAX, withMessage('validation.numberTooLarge')));

export const rollNumberGenerateSchema = z
  .object({
    advertisementCode: requiredText('rollNumbers.advertisementRequired').overwrite(toLatinDigits).max(30, withMessage('validation.maxLength')),
    rollFrom: rollField('rollNumbers.fromRequired'),
    rollTo: rollField('rollNumbers.toRequired'),
  })
  .refine((input) => input.rollTo > input.rollFrom, { path: ['rollTo'], ...withMessage('rollNumbers.toMustExceedFrom') });
export type RollNumberGenerateInput = z.output<typeof rollNumberGenerateSchema>;

/** The late assignment names only the advertisement: the numbers come after its highest. */
export const rollNumberAssignLateSchema = z.object({
  advertisementCode: requiredText('rollNumbers.advertisementRequired').overwrite(toLatinDigits).max(30, withMessage('validation.maxLength')),
});
export type RollNumberAssignLateInput = z.output<typeof rollNumberAssignLateSchema>;
