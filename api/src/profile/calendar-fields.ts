import { adToBs, formatBsIso } from '@psc/core';

/** DESIGN "Dates": a stored A.D. date answered with its B.S. twin, as `<name>Ad` and `<name>Bs`. */
export function toBs(ad: string | null): string | null {
  return ad === null ? null : formatBsIso(adToBs(ad));
}
