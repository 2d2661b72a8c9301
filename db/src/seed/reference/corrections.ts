// The documented corrections applied when the project's provinces, districts and local levels
// were built from the public local-levels dataset (see README.md beside this file). The build
// script and the comparison test both use this one list, so the test proves that the committed
// files differ from the source only where this file says so.

/** Rules applied to every name of the source dataset. */
export function normalizeName(name: string): string {
  return (
    name
      .normalize('NFC')
      // Zero-width joiners left over from typing conjuncts (कङ्‌कालिनी, जगन्‍नाथ) break search and
      // comparison; without them the same conjunct renders.
      .replace(/[\u200B-\u200D\u2060\uFEFF]/g, '')
      // ा + े typed for ो (काेशी): the two look alike but never compare equal to the real letter.
      .replace(/\u093E\u0947/g, '\u094B')
      // ा + ै typed for ौ, the same fault with the other vowel sign.
      .replace(/\u093E\u0948/g, '\u094C')
      .replace(/सुदुरपश्चिम/g, 'सुदूरपश्चिम')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

export type NameOverride = { nameEn?: string; nameNp?: string; reason: string };

/** Provinces whose official name differs from the source after normalizeName. */
export const PROVINCE_OVERRIDES: Readonly<Record<number, NameOverride>> = {
  3: {
    nameNp: 'बागमती प्रदेश',
    reason: 'The provincial assembly named the province बागमती (2020); the source has बाग्मती.',
  },
  7: {
    nameEn: 'Sudurpashchim Province',
    reason: 'Official romanisation is Sudurpashchim; the source has Sudurpaschim.',
  },
};

/** Districts whose source spelling is a plain error, or not the name the constitution uses. */
export const DISTRICT_OVERRIDES: Readonly<Record<number, NameOverride>> = {
  5: { nameNp: 'खोटाङ', reason: 'Source has खोटाँग.' },
  8: { nameEn: 'Panchthar', nameNp: 'पाँचथर', reason: 'Source has Pachthar / पांचथर.' },
  10: { nameNp: 'सोलुखुम्बु', reason: 'Source has सोलुखुम्बू.' },
  25: { nameNp: 'धादिङ', reason: 'Source has धादिंङ्ग (anusvara and ङ्ग doubled).' },
  43: {
    nameEn: 'Nawalparasi (Bardaghat Susta East)',
    nameNp: 'नवलपरासी (बर्दघाट सुस्ता पूर्व)',
    reason: 'Constitutional name; the source has the informal Nawalpur.',
  },
  44: { nameEn: 'Parbat', reason: 'Source has Parwat.' },
  45: { nameNp: 'स्याङ्जा', reason: 'Source has स्याङग्जा (no halant, extra ग).' },
  48: {
    nameEn: 'Nawalparasi (Bardaghat Susta West)',
    nameNp: 'नवलपरासी (बर्दघाट सुस्ता पश्चिम)',
    reason: 'Constitutional name; the source has the informal Parasi.',
  },
  56: {
    nameEn: 'Rukum East',
    nameNp: 'रुकुम पूर्व',
    reason: 'Source has Eastern Rukum / पूर्वी रूकुम (रू misspelt); named like Rukum West.',
  },
  59: { nameEn: 'Rukum West', reason: 'Source has Western Rukum; named as the census and election commission do.' },
  74: { nameEn: 'Achham', reason: 'Source has Acham.' },
};

/** Local levels keep the source names apart from normalizeName. */
export const LOCAL_LEVEL_OVERRIDES: Readonly<Record<number, NameOverride>> = {};

export function correctName(
  overrides: Readonly<Record<number, NameOverride>>,
  id: number,
  language: 'nameEn' | 'nameNp',
  sourceName: string,
): string {
  return overrides[id]?.[language] ?? normalizeName(sourceName);
}

/** Turns the source's Devanagari ward numbers (१४) and Latin ones ("14") into a number. */
export function parseWardCount(wards: string | number): number {
  const latin = String(wards).replace(/[०-९]/g, (digit) => String(digit.charCodeAt(0) - 0x0966));
  const count = Number(latin.trim());
  if (!Number.isInteger(count) || count <= 0) throw new Error(`Not a ward count: ${String(wards)}`);
  return count;
}
