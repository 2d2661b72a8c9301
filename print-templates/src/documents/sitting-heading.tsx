// tsx runs this package from the consumer's working directory and reads that tsconfig, not ours:
// the pragmas keep the automatic JSX runtime whoever runs it.
/** @jsxRuntime automatic */
/** @jsxImportSource react */
import type { Language } from '@psc/core';
import { formatBsAdDate, formatDuration, inLanguage, inOtherLanguage, localizeDigits } from './document-parts';
import type { PrintedSitting } from './exam-documents';

const SITTING_LABELS = {
  ne: { advertisementCode: 'विज्ञापन नं.', post: 'पद', paper: 'पत्र', date: 'मिति', time: 'समय', duration: 'अवधि', centre: 'परीक्षा केन्द्र', room: 'कोठा', floor: 'तला' },
  en: { advertisementCode: 'Advertisement no.', post: 'Post', paper: 'Paper', date: 'Date', time: 'Time', duration: 'Duration', centre: 'Exam centre', room: 'Room', floor: 'Floor' },
} satisfies Record<Language, object>;

/** The CSS of SittingHeading; the room documents include it in their own style sheet. */
export const SITTING_HEADING_CSS = `
.sitting-heading { text-align: center; margin-bottom: 3mm; }
.sitting-heading-commission { font-size: 14pt; font-weight: 700; margin: 0; line-height: 1.35; }
.sitting-heading-office { font-size: 10pt; margin: 0; }
.sitting-heading-title { font-size: 13pt; font-weight: 700; margin: 1.5mm 0 0; }
.sitting-facts { display: grid; grid-template-columns: 1fr 1fr; gap: 0.6mm 6mm; margin: 2mm 0 0; text-align: start; font-size: 9.5pt; line-height: 1.35; }
.sitting-facts div { display: flex; gap: 1.5mm; }
.sitting-facts dt { font-weight: 700; white-space: nowrap; }
.sitting-facts dt::after { content: ':'; }
.sitting-facts dd { margin: 0; }
.sitting-facts .wide { grid-column: 1 / -1; }
`;

export type SittingHeadingProps = {
  sitting: PrintedSitting;
  title: string;
  lang: Language;
  /** The room the document is for; a centre's door list names none. */
  room?: { roomNumber: string; floor: string | null };
};

/**
 * Commission, office and the document's title over the facts of the sitting: advertisement, post,
 * paper, date in B.S. and A.D., time, centre and, for a room's documents, room and floor.
 */
export function SittingHeading({ sitting, title, lang, room }: SittingHeadingProps) {
  const labels = SITTING_LABELS[lang];
  return (
    <header className="sitting-heading">
      <p className="sitting-heading-commission">{inLanguage(sitting.commission, lang)}</p>
      <p className="sitting-heading-office">{inLanguage(sitting.office, lang)}</p>
      <h1 className="sitting-heading-title">{title}</h1>
      <dl className="sitting-facts">
        <div>
          <dt>{labels.advertisementCode}</dt>
          <dd>{localizeDigits(sitting.advertisementCode, lang)}</dd>
        </div>
        <div>
          <dt>{labels.post}</dt>
          <dd>{inLanguage(sitting.post, lang)}</dd>
        </div>
        <div className="wide">
          <dt>{labels.paper}</dt>
          <dd>{inLanguage(sitting.paper, lang)}</dd>
        </div>
        <div>
          <dt>{labels.date}</dt>
          <dd>{formatBsAdDate(sitting.dateBs, sitting.dateAd, lang)}</dd>
        </div>
        <div>
          <dt>{labels.time}</dt>
          <dd>
            {localizeDigits(sitting.startTime, lang)} ({labels.duration} {formatDuration(sitting.durationMinutes, lang)})
          </dd>
        </div>
        <div className="wide">
          <dt>{labels.centre}</dt>
          <dd>
            {inLanguage(sitting.centre.name, lang)}, {inLanguage(sitting.centre.address, lang)} ({inOtherLanguage(sitting.centre.name, lang)})
          </dd>
        </div>
        {room ? (
          <div className="wide">
            <dt>{labels.room}</dt>
            <dd>
              {localizeDigits(room.roomNumber, lang)}
              {room.floor ? `, ${labels.floor}: ${localizeDigits(room.floor, lang)}` : null}
            </dd>
          </div>
        ) : null}
      </dl>
    </header>
  );
}
