import type { Language } from './language';

// The spec's terms in both languages, written one way everywhere (spec §1: the interface is
// bilingual). The spec names its terms in English only; the Nepali word is the commission's own
// where it has one (दरखास्त for an application form, दस्तुर for its fee, रुजु for scrutiny) and
// otherwise the one the catalogues already used most. Each term lists the variants that crept
// in; catalogue tests in core, the portal and the workstation fail on any of them.

export type GlossaryTerm = {
  /** The spec's English term. */
  term: string;
  ne: string;
  en: string;
  /** Variants never to write, per language. */
  avoid: Partial<Record<Language, readonly string[]>>;
};

export const GLOSSARY: readonly GlossaryTerm[] = [
  { term: 'application', ne: 'दरखास्त', en: 'application', avoid: { ne: ['आवेदन'] } },
  { term: 'advertisement', ne: 'विज्ञापन', en: 'advertisement', avoid: { ne: ['बिज्ञापन', 'विज्ञप्ति'], en: ['advert'] } },
  { term: 'submit', ne: 'पेश', en: 'submit', avoid: { ne: ['पेस'] } },
  { term: 'payment', ne: 'भुक्तानी', en: 'payment', avoid: { ne: ['भुगतान'] } },
  { term: 'fee', ne: 'दस्तुर', en: 'fee', avoid: { ne: ['शुल्क'] } },
  { term: 'voucher', ne: 'भौचर', en: 'voucher', avoid: { ne: ['भाउचर'] } },
  { term: 'quota', ne: 'कोटा', en: 'quota', avoid: {} },
  { term: 'inclusive group', ne: 'समावेशी समूह', en: 'inclusive group', avoid: {} },
  { term: 'roll number', ne: 'रोल नम्बर', en: 'roll number', avoid: { ne: ['रोल नं'], en: ['roll no'] } },
  { term: 'admit card', ne: 'प्रवेशपत्र', en: 'admit card', avoid: { ne: ['प्रवेश पत्र'], en: ['admission card'] } },
  { term: 'scrutiny', ne: 'रुजु', en: 'scrutiny', avoid: { ne: ['छानबिन', 'स्क्रुटिनी'] } },
  { term: 'exam centre', ne: 'परीक्षा केन्द्र', en: 'exam centre', avoid: { ne: ['परिक्षा'], en: ['exam center'] } },
  { term: 'candidate', ne: 'उम्मेदवार', en: 'candidate', avoid: { ne: ['उम्मेद्वार'] } },
];

// A Devanagari vowel sign, virama or nasal mark continues the word before it: "पेसा" (occupation)
// is not "पेस". Letters after a variant are allowed, so "आवेदनहरू" is still caught.
const DEVANAGARI_MARK = '[\\u0900-\\u0903\\u093A-\\u094F\\u0951-\\u0957\\u0962\\u0963]';

function patternOf(variant: string, language: Language): RegExp {
  const text = variant.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return language === 'ne' ? new RegExp(`${text}(?!${DEVANAGARI_MARK})`, 'u') : new RegExp(`\\b${text}\\b`, 'iu');
}

export type GlossaryFinding = { key: string; variant: string; use: string };

/**
 * Every catalogue text that writes a variant the glossary avoids, with the word to use instead.
 * Placeholders ({name}, {{name}}) are left out: they are code, not wording.
 */
export function findGlossaryVariants(catalogue: Readonly<Record<string, string>>, language: Language): GlossaryFinding[] {
  const findings: GlossaryFinding[] = [];
  for (const [key, text] of Object.entries(catalogue)) {
    const wording = text.replace(/\{\{?\w+\}?\}/g, ' ');
    for (const entry of GLOSSARY) {
      for (const variant of entry.avoid[language] ?? []) {
        if (patternOf(variant, language).test(wording)) findings.push({ key, variant, use: entry[language] });
      }
    }
  }
  return findings;
}

// DESIGN "Numbers and money": an amount reaches a message as a parameter already formatted by
// formatMoney ("Rs. १,०००"); a catalogue that writes the currency itself ("रु. {amount}",
// "{amount} rupees") ends up with a second, different money format.
const HAND_WRITTEN_MONEY = /रु\.|रू\.|रुपैयाँ|\bRs\b|\brupees?\b|\bNPR\b/iu;

/** The keys of catalogue texts that write a currency by hand instead of taking a formatted amount. */
export function findHandWrittenMoney(catalogue: Readonly<Record<string, string>>): string[] {
  return Object.entries(catalogue)
    .filter(([, text]) => HAND_WRITTEN_MONEY.test(text))
    .map(([key]) => key);
}

export type GlossaryDepartures = { variants: GlossaryFinding[]; handWrittenMoney: string[] };

/**
 * Where an app's Nepali and English catalogues depart from the glossary: the variants they write
 * and the keys that write a currency by hand. Both lists are empty when the catalogues follow it;
 * each app's catalogue test checks that.
 */
export function findGlossaryDepartures(catalogues: { ne: Readonly<Record<string, string>>; en: Readonly<Record<string, string>> }): GlossaryDepartures {
  return {
    variants: [...findGlossaryVariants(catalogues.ne, 'ne'), ...findGlossaryVariants(catalogues.en, 'en')],
    handWrittenMoney: [...findHandWrittenMoney(catalogues.ne), ...findHandWrittenMoney(catalogues.en)],
  };
}
