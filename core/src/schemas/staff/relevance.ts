import { z } from 'zod';
import { idSchema, optionalField } from '../fields';
import { withMessage } from '../with-message';

// Spec §2 configuration/relevance (create and view): which faculties of education count as
// relevant to a service (and group), by a commission decision.

const optionalId = optionalField(idSchema()).nullable().transform((value) => value ?? null);

const optionalDescription = optionalField(z.string(withMessage('validation.invalid')).trim().max(1000, withMessage('validation.maxLength')))
  .nullable()
  .transform((value) => value ?? null);

export const relevanceSchema = z.object({
  serviceId: idSchema(),
  groupId: optionalId,
  facultyId: idSchema(),
  decisionId: optionalId,
  descriptionEn: optionalDescription,
  descriptionNp: optionalDescription,
});

export type Relevance = z.output<typeof relevanceSchema>;
export type RelevanceInput = z.input<typeof relevanceSchema>;
