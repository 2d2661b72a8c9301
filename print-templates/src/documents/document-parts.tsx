// tsx runs this package from the consumer's working directory and reads that tsconfig, not ours:
// the pragmas keep the automatic JSX runtime whoever runs it.
/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { formatAdDate, formatBsDate, toDevanagariDigits, type Language } from '@psc/core';
import { PRINT_LABELS } from '../print-labels';
import type { Bilingual, EmbeddedImage, SeatedCandidate } from './exam-documents';

// Pieces the exam documents share: the language's half of a bilingual name, digits, dates, and
// the labelled box a photograph or signature prints in.

/** The name in the document's language. */
export function inLanguage(text: Bilingual, lang: Language): string {
  return lang === 'ne' ? text.np : text.en;
}

/** The name in the other language, printed second. */
export function inOtherLanguage(text: Bilingual, lang: Language): string {
  return lang === 'ne' ? text.en : text.np;
}

/** Spec §1: numbers render in Devanagari digits in Nepali. */
export function localizeDigits(text: string | number, lang: Language): string {
  return lang === 'ne' ? toDevanagariDigits(String(text)) : String(text);
}

/**
 * A date in B.S. first and A.D. after it, as the spec keeps dates in both calendars: Nepali writes
 * the era before the date (वि.सं. २०८१ साउन १६), English after it (16 Shrawan 2081 B.S.).
 */
export function formatBsAdDate(dateBs: string, dateAd: string, lang: Language): string {
  const labels = PRINT_LABELS[lang];
  const bs = formatBsDate(dateBs, lang, 'long');
  const ad = formatAdDate(dateAd, lang, 'long');
  return lang === 'ne' ? `${labels.bsEra} ${bs} (${labels.adEra} ${ad})` : `${bs} ${labels.bsEra} (${ad} ${labels.adEra})`;
}

/** A length of time in minutes as a sitting states it: "2 hours 30 minutes". */
export function formatDuration(minutes: number, lang: Language): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const parts: string[] = [];
  if (lang === 'ne') {
    if (hours > 0) parts.push(`${toDevanagariDigits(hours)} घण्टा`);
    if (rest > 0 || hours === 0) parts.push(`${toDevanagariDigits(rest)} मिनेट`);
  } else {
    if (hours > 0) parts.push(`${hours} ${hours === 1 ? 'hour' : 'hours'}`);
    if (rest > 0 || hours === 0) parts.push(`${rest} ${rest === 1 ? 'minute' : 'minutes'}`);
  }
  return parts.join(' ');
}

export type ImageBoxProps = {
  image: EmbeddedImage;
  label: string;
  className: string;
  /** Prints the label under the frame as well; small frames in a table row go without. */
  hasCaption?: boolean;
};

/**
 * A photograph or signature in its frame. One not on file prints as the empty frame with its label,
 * so the invigilator pastes or signs there; the document never fails for a missing picture.
 */
export function ImageBox({ image, label, className, hasCaption = true }: ImageBoxProps) {
  return (
    <figure className={`image-box ${className}`}>
      <div className="image-box-frame">{image ? <img src={image} alt={label} /> : <span className="image-box-missing">{label}</span>}</div>
      {hasCaption ? <figcaption>{label}</figcaption> : null}
    </figure>
  );
}

/** The CSS of ImageBox; documents include it in their own style sheet. */
export const IMAGE_BOX_CSS = `
.image-box { margin: 0; text-align: center; }
.image-box-frame { border: 0.75pt solid #000; margin: 0 auto; display: flex; align-items: center; justify-content: center; overflow: hidden; }
.image-box-frame img { width: 100%; height: 100%; object-fit: contain; }
.image-box-missing { font-size: 7pt; line-height: 1.2; color: #555; padding: 0.5mm; }
.image-box figcaption { font-size: 8pt; line-height: 1.3; margin-top: 0.8mm; }
`;

/** A seated candidate's first cells on a room's sheet or list: seat, roll number, both names. */
export function SeatCells({ candidate, lang }: { candidate: Pick<SeatedCandidate, 'seatNumber' | 'rollNumber' | 'name'>; lang: Language }) {
  return (
    <>
      <td>{localizeDigits(candidate.seatNumber, lang)}</td>
      <td className="roll">{localizeDigits(candidate.rollNumber, lang)}</td>
      <td>
        {inLanguage(candidate.name, lang)}
        <span className="name-other">{inOtherLanguage(candidate.name, lang)}</span>
      </td>
    </>
  );
}
