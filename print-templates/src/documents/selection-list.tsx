// tsx runs this package from the consumer's working directory and reads that tsconfig, not ours:
// the pragmas keep the automatic JSX runtime whoever runs it.
/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { toDevanagariDigits, type Language } from '@psc/core';
import { PrintedList } from './printed-list';

// The published written result or final merit list (spec §2 written-selection, finalSelection;
// exam-administration reference "Results", rule 15: roll number and name in the list's order, the
// interview's date, time and place on the notice), one table per quota. Plain data in; the API
// leaves withheld results out before it gets here.

export type SelectionListEntry = { rollNumber: number; name: string; position: number; outcome: 'shortlisted' | 'selected' | 'alternate'; totalMarks: number | null };

export type SelectionListProps = {
  lang: Language;
  kind: 'written' | 'final';
  advertisementCode: string;
  /** Already composed in the reader's language, e.g. "2083-09-05 10:00 (Nepal time), Anamnagar". */
  interview: string | null;
  quotas: { name: string; entries: SelectionListEntry[] }[];
  printedOnAd: string;
};

const LABELS: Record<Language, Record<string, string>> = {
  ne: {
    written: 'लिखित परीक्षाको नतिजा',
    final: 'अन्तिम नतिजा',
    advertisement: 'विज्ञापन नं.',
    interview: 'अन्तर्वार्ता',
    quota: 'समूह',
    roll: 'रोल नं.',
    name: 'नाम थर',
    position: 'स्थान',
    total: 'जम्मा अङ्क',
    outcome: 'नतिजा',
    shortlisted: 'अन्तर्वार्ताका लागि छनोट',
    selected: 'सिफारिस',
    alternate: 'वैकल्पिक',
  },
  en: {
    written: 'Written exam result',
    final: 'Final result',
    advertisement: 'Advertisement no.',
    interview: 'Interview',
    quota: 'Quota',
    roll: 'Roll no.',
    name: 'Name',
    position: 'Place',
    total: 'Total marks',
    outcome: 'Outcome',
    shortlisted: 'Shortlisted',
    selected: 'Selected',
    alternate: 'Alternate',
  },
};

export function SelectionList({ lang, kind, advertisementCode, interview, quotas, printedOnAd }: SelectionListProps) {
  const labels = LABELS[lang];
  // PrintedList prints its title as given: the code's digits follow the language here (spec §1).
  const code = lang === 'ne' ? toDevanagariDigits(advertisementCode) : advertisementCode;
  return (
    <>
      {quotas.map((quota, index) => (
        <PrintedList
          key={index}
          lang={lang}
          title={`${labels[kind]}: ${labels.advertisement} ${code}, ${labels.quota}: ${quota.name}`}
          {...(interview ? { subtitle: `${labels.interview}: ${interview}` } : {})}
          printedOnAd={printedOnAd}
          columns={
            kind === 'written'
              ? [{ header: labels.roll!, width: '25%' }, { header: labels.name! }]
              : [{ header: labels.position!, width: '12%', align: 'end' }, { header: labels.roll!, width: '20%' }, { header: labels.name! }, { header: labels.total!, width: '16%', align: 'end' }, { header: labels.outcome!, width: '18%' }]
          }
          rows={quota.entries.map((entry) =>
            kind === 'written'
              ? [String(entry.rollNumber), entry.name]
              : [String(entry.position), String(entry.rollNumber), entry.name, entry.totalMarks === null ? '—' : entry.totalMarks.toFixed(2), labels[entry.outcome]!],
          )}
        />
      ))}
    </>
  );
}
