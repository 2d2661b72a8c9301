// Spec §9: default language Nepali, English alternative.
export const LANGUAGES = ['ne', 'en'] as const;

export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'ne';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

type WeightedLanguage = { language: string; quality: number; order: number };

function readAcceptLanguageEntry(entry: string, order: number): WeightedLanguage {
  const [range = '', ...parameters] = entry.split(';').map((part) => part.trim());
  const qualityParameter = parameters.find((parameter) => /^q=/i.test(parameter));
  const quality = qualityParameter === undefined ? 1 : Number(qualityParameter.slice(2));
  // 'ne-NP' and 'en-US' count as their primary language.
  const language = range.toLowerCase().split('-')[0] ?? '';
  return { language, quality: Number.isFinite(quality) ? quality : 0, order };
}

/**
 * Picks the answer language from an Accept-Language header (or a stored preference such as 'en').
 * DESIGN "Envelope": Nepali when the header is absent or names no language we speak.
 */
export function resolveLanguage(acceptLanguage?: string | null): Language {
  if (!acceptLanguage) return DEFAULT_LANGUAGE;
  const best = acceptLanguage
    .split(',')
    .map(readAcceptLanguageEntry)
    .filter((entry) => entry.quality > 0 && isLanguage(entry.language))
    .sort((a, b) => b.quality - a.quality || a.order - b.order)[0];
  return best && isLanguage(best.language) ? best.language : DEFAULT_LANGUAGE;
}
