// tsx runs this package from the consumer's working directory and reads that tsconfig, not ours:
// the pragmas keep the automatic JSX runtime whoever runs it.
/** @jsxRuntime automatic */
/** @jsxImportSource react */
import type { Language } from '@psc/core';
import { DOCUMENT_STYLE_PRECEDENCE } from '../document-shell';
import { PRINT_LABELS } from '../print-labels';
import { formatBsAdDate, IMAGE_BOX_CSS, ImageBox, inLanguage, inOtherLanguage, localizeDigits } from './document-parts';
import type { ApplicationFormData } from './exam-documents';

const APPLICATION_FORM_LABELS = {
  ne: {
    title: 'दरखास्त फाराम',
    advertisementCode: 'विज्ञापन नं.',
    fiscalYear: 'आर्थिक वर्ष',
    post: 'पद',
    receiptCode: 'दरखास्त दर्ता कोड',
    rollNumber: 'रोल नं.',
    notAssigned: 'तोकिएको छैन',
    appliedOn: 'दरखास्त मिति',
    candidateName: 'उम्मेदवारको नाम',
    photo: 'फोटो',
    signature: 'दस्तखत',
    printedOn: 'मुद्रण मिति',
  },
  en: {
    title: 'Application form',
    advertisementCode: 'Advertisement no.',
    fiscalYear: 'Fiscal year',
    post: 'Post',
    receiptCode: 'Receipt code',
    rollNumber: 'Roll number',
    notAssigned: 'Not yet assigned',
    appliedOn: 'Applied on',
    candidateName: "Candidate's name",
    photo: 'Photograph',
    signature: 'Signature',
    printedOn: 'Printed on',
  },
} satisfies Record<Language, object>;

const APPLICATION_FORM_CSS = `
${IMAGE_BOX_CSS}
.application-form { font-size: 10pt; line-height: 1.4; }
.application-form-header { display: grid; grid-template-columns: 1fr auto; gap: 4mm; align-items: start; }
.application-form-heading { text-align: center; }
.application-form-commission { font-size: 15pt; font-weight: 700; margin: 0; }
.application-form-office { font-size: 10.5pt; margin: 0.5mm 0 0; }
.application-form-title { font-size: 14pt; font-weight: 700; margin: 2mm 0 0; }
.application-form-images { display: flex; flex-direction: column; gap: 2mm; }
.application-form .photo .image-box-frame { width: 30mm; height: 38mm; }
.application-form .signature .image-box-frame { width: 30mm; height: 13mm; }
.application-form-section { margin-top: 3mm; break-inside: avoid; }
.application-form-section h2 { font-size: 11pt; font-weight: 700; margin: 0 0 1mm; padding: 0.6mm 1.6mm; background: #e6e6e6; }
.application-form-fields { display: grid; grid-template-columns: 1fr 1fr; gap: 0.6mm 6mm; margin: 0; }
.application-form-fields div { display: grid; grid-template-columns: 38mm 1fr; gap: 2mm; break-inside: avoid; }
.application-form-fields dt { font-weight: 700; }
.application-form-fields dd { margin: 0; overflow-wrap: anywhere; }
.application-form-table { width: calc(100% - 1pt); table-layout: fixed; font-size: 9pt; }
.application-form-table th, .application-form-table td { border: 0.75pt solid #000; padding: 0.8mm 1.4mm; text-align: start; vertical-align: top; overflow-wrap: anywhere; }
.application-form-table thead { display: table-header-group; }
.application-form-table th { background: #f0f0f0; font-weight: 700; }
.application-form-table tr { break-inside: avoid; }
.application-form-summary { grid-template-columns: 1fr; margin-top: 2mm; text-align: start; }
.application-form-printed { text-align: end; font-size: 8.5pt; margin: 4mm 0 0; }
`;

/** A candidate's filled application form for the file (spec §2 generate/form): header, labelled sections and tables. */
export function ApplicationForm({ form, lang }: { form: ApplicationFormData; lang: Language }) {
  const labels = APPLICATION_FORM_LABELS[lang];
  const summary: { label: string; value: string }[] = [
    { label: labels.candidateName, value: `${inLanguage(form.candidate.name, lang)} (${inOtherLanguage(form.candidate.name, lang)})` },
    { label: labels.advertisementCode, value: localizeDigits(form.advertisementCode, lang) },
    { label: labels.fiscalYear, value: localizeDigits(form.fiscalYear, lang) },
    { label: labels.post, value: inLanguage(form.post, lang) },
    // The receipt code is typed back into the portal and the bank: it keeps its Latin digits.
    { label: labels.receiptCode, value: form.receiptCode },
    { label: labels.rollNumber, value: form.rollNumber ? localizeDigits(form.rollNumber, lang) : labels.notAssigned },
    { label: labels.appliedOn, value: formatBsAdDate(form.appliedOnBs, form.appliedOnAd, lang) },
  ];
  return (
    <article className="application-form">
      <style href="psc-application-form" precedence={DOCUMENT_STYLE_PRECEDENCE}>
        {APPLICATION_FORM_CSS}
      </style>
      <header className="application-form-header">
        <div className="application-form-heading">
          <p className="application-form-commission">{inLanguage(form.commission, lang)}</p>
          <p className="application-form-office">{inLanguage(form.office, lang)}</p>
          <h1 className="application-form-title">{labels.title}</h1>
          <dl className="application-form-fields application-form-summary">
            {summary.map((field) => (
              <div key={field.label}>
                <dt>{field.label}</dt>
                <dd>{field.value}</dd>
              </div>
            ))}
          </dl>
        </div>
        <div className="application-form-images">
          <ImageBox image={form.candidate.photo} label={labels.photo} className="photo" />
          <ImageBox image={form.candidate.signature} label={labels.signature} className="signature" />
        </div>
      </header>

      {form.sections.map((section, sectionIndex) => (
        <section key={sectionIndex} className="application-form-section">
          <h2>{section.title}</h2>
          <dl className="application-form-fields">
            {section.fields.map((field, fieldIndex) => (
              <div key={fieldIndex}>
                <dt>{field.label}</dt>
                <dd>{field.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}

      {form.tables.map((table, tableIndex) => (
        <section key={tableIndex} className="application-form-section">
          <h2>{table.title}</h2>
          <table className="application-form-table">
            <thead>
              <tr>
                {table.columns.map((column, columnIndex) => (
                  <th key={columnIndex}>{column}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.length === 0 ? (
                <tr>
                  <td colSpan={Math.max(table.columns.length, 1)}>{PRINT_LABELS[lang].noRecords}</td>
                </tr>
              ) : (
                table.rows.map((row, rowIndex) => (
                  <tr key={rowIndex}>
                    {row.map((cell, cellIndex) => (
                      <td key={cellIndex}>{cell}</td>
                    ))}
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </section>
      ))}

      <p className="application-form-printed">
        {labels.printedOn}: {formatBsAdDate(form.printedOnBs, form.printedOnAd, lang)}
      </p>
    </article>
  );
}
