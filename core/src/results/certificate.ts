import { toDevanagariDigits } from '../numerals';
import type { Language } from '../i18n/language';
import type { Bilingual, EmbeddedImage } from '../exams/exam-documents';

// The recommendation certificate (spec §1 "download ... certificates"; §2 certificate-configuration):
// the commission configures, per advertisement, a body text in both languages with placeholders
// that each selected candidate's certificate fills in. The rule lives here once so the API, the
// workstation's preview and the printed document fill the same text the same way.

/** The placeholders a certificate body may hold, written `{name}` in the text. */
export const CERTIFICATE_PLACEHOLDERS = ['name', 'rollNumber', 'post', 'advertisementCode', 'fiscalYear', 'office', 'quota', 'position'] as const;

export type CertificatePlaceholder = (typeof CERTIFICATE_PLACEHOLDERS)[number];

/** What each placeholder stands for, in both languages: the configuration screen lists them. */
export const CERTIFICATE_PLACEHOLDER_LABELS: Record<CertificatePlaceholder, Bilingual> = {
  name: { np: 'उम्मेदवारको नाम', en: "Candidate's name" },
  rollNumber: { np: 'रोल नं.', en: 'Roll number' },
  post: { np: 'पद', en: 'Post' },
  advertisementCode: { np: 'विज्ञापन नं.', en: 'Advertisement number' },
  fiscalYear: { np: 'आर्थिक वर्ष', en: 'Fiscal year' },
  office: { np: 'कार्यालय', en: 'Office' },
  quota: { np: 'समूह (कोटा)', en: 'Quota' },
  position: { np: 'योग्यताक्रम', en: 'Merit position' },
};

/** The values one certificate fills in: names in both languages, numbers as plain digits. */
export type CertificateValues = {
  name: Bilingual;
  rollNumber: string;
  post: Bilingual;
  advertisementCode: string;
  fiscalYear: string;
  office: Bilingual;
  quota: Bilingual;
  position: number;
};

const PLACEHOLDER_PATTERN = /\{([A-Za-z]+)\}/g;

/** Placeholders in a body that the certificate does not know (a typo would print as written). */
export function findUnknownCertificatePlaceholders(body: string): string[] {
  const known = new Set<string>(CERTIFICATE_PLACEHOLDERS);
  const unknown = new Set<string>();
  for (const match of body.matchAll(PLACEHOLDER_PATTERN)) {
    if (!known.has(match[1]!)) unknown.add(match[0]);
  }
  return [...unknown];
}

function placeholderValue(key: CertificatePlaceholder, values: CertificateValues, lang: Language): string {
  const value = values[key];
  if (typeof value === 'object') return lang === 'ne' ? value.np : value.en;
  // spec §1: numbers print in Devanagari digits in Nepali.
  return lang === 'ne' ? toDevanagariDigits(String(value)) : String(value);
}

/**
 * The body with every known placeholder replaced by the value in the body's language; an unknown
 * one stays as written (the configuration refuses those, so only old text could hold one).
 */
export function fillCertificateBody(body: string, values: CertificateValues, lang: Language): string {
  const known = new Set<string>(CERTIFICATE_PLACEHOLDERS);
  return body.replace(PLACEHOLDER_PATTERN, (whole, key: string) =>
    known.has(key) ? placeholderValue(key as CertificatePlaceholder, values, lang) : whole,
  );
}

/** Everything one recommendation certificate prints. */
export type CertificateData = {
  commission: Bilingual;
  office: Bilingual;
  advertisementCode: string;
  fiscalYear: string;
  post: Bilingual;
  candidate: { name: Bilingual };
  rollNumber: string;
  /** The configured body in both languages, placeholders not yet filled. */
  body: Bilingual;
  values: CertificateValues;
  signatory: { name: Bilingual; title: Bilingual };
  /** The commission's seal as a data URL; null prints an empty ring where it is stamped by hand. */
  seal: EmbeddedImage;
  /** When the certificate was issued, A.D. `YYYY-MM-DD` and B.S. */
  issuedOnAd: string;
  issuedOnBs: string;
};
