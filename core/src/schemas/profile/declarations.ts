import { z } from 'zod';
import { withMessage } from '../with-message';

/**
 * The list sections a candidate may declare empty: a fresh graduate has no training, no council
 * registration and no job yet, and says so instead of leaving the section incomplete (spec §9
 * "Profile has 8 sections"). Education is not among them: every post asks for one.
 */
export const DECLARABLE_SECTIONS = ['training', 'professional', 'experience'] as const;
export type DeclarableSection = (typeof DECLARABLE_SECTIONS)[number];

export type ProfileDeclarations = Record<DeclarableSection, boolean>;

/**
 * PUT /profile/declarations: true declares "none" for the section, false withdraws it; sections
 * left out keep their declaration. At least one section must be named.
 */
export const profileDeclarationsSchema = z
  .strictObject({
    training: z.boolean(withMessage('validation.chooseOne')).optional(),
    professional: z.boolean(withMessage('validation.chooseOne')).optional(),
    experience: z.boolean(withMessage('validation.chooseOne')).optional(),
  })
  .refine((value) => DECLARABLE_SECTIONS.some((section) => value[section] !== undefined), withMessage('validation.chooseOne'));

export type ProfileDeclarationsInput = z.input<typeof profileDeclarationsSchema>;
export type ProfileDeclarationsChange = z.output<typeof profileDeclarationsSchema>;
