// tsx runs this package from the consumer's working directory and reads that tsconfig, not ours:
// the pragmas keep the automatic JSX runtime whoever runs it.
/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { adToBs, formatAdDate, formatBsDate, toDevanagariDigits, type Language } from '@psc/core';
import { DOCUMENT_STYLE_PRECEDENCE, PRINT_FONT_FAMILY } from '../document-shell';
import { PRINT_LABELS } from '../print-labels';

export type PrintedListColumn = {
  header: string;
  align?: 'start' | 'center' | 'end';
  /** A CSS width such as '18%' or '30mm'; columns without one share what is left. */
  width?: string;
  /**
   * Spec §1 prints numbers in Devanagari digits in Nepali, so cell digits are converted by
   * default; set this for text that must be copied exactly, such as an e-mail or a voucher code.
   */
  keepLatinDigits?: boolean;
};

export type PrintedListProps = {
  lang: Language;
  /** Printed exactly as given: compose it with core's translate, which localizes its numbers. */
  title: string;
  /** Printed exactly as given, like the title. */
  subtitle?: string;
  columns: PrintedListColumn[];
  /** Plain text cells, one array per row, in column order. */
  rows: string[][];
  /** A.D. date (YYYY-MM-DD) printed as the date of printing, in B.S. and A.D. */
  printedOnAd: string;
  /** Adds a first column numbering the rows from 1. */
  hasSerialColumn?: boolean;
};

const LIST_CSS = `
.printed-list-header { text-align: center; margin-bottom: 4mm; }
.printed-list-title { font-size: 14pt; font-weight: 700; margin: 0; }
.printed-list-subtitle { font-size: 11pt; margin: 1mm 0 0; }
.printed-list-date { text-align: end; font-size: 9pt; margin: 0 0 2mm; }
/* Collapsed borders straddle the table edge; Chromium clips what passes the right edge of the page
   area, so the table stops one border-width short of it. */
.printed-list-table { width: calc(100% - 1pt); table-layout: fixed; font-size: 10pt; }
.printed-list-table th, .printed-list-table td { border: 0.75pt solid #000; padding: 1.2mm 1.6mm; vertical-align: top; overflow-wrap: anywhere; }
.printed-list-table th { background: #e6e6e6; font-weight: 700; text-align: start; }
.printed-list-table thead { display: table-header-group; }
.printed-list-table tr { break-inside: avoid; }
.printed-list-serial { width: 12mm; }
.printed-list-table .align-center { text-align: center; }
.printed-list-table .align-end { text-align: end; }
.printed-list-empty { text-align: center; font-style: italic; }
`;

function quoteCss(text: string): string {
  return `"${text.replace(/["\\]/g, '\\$&')}"`;
}

// Chromium numbers the pages of the whole PDF and cannot restart the count per document, so a
// list whose page numbers matter is printed as its own PDF (renderPdf), not in a batch chunk.
function buildPageFooterCss(lang: Language): string {
  const style = lang === 'ne' ? ', devanagari' : '';
  const content = `${quoteCss(`${PRINT_LABELS[lang].page} `)} counter(page${style}) " / " counter(pages${style})`;
  return `@page { @bottom-right { content: ${content}; font-family: '${PRINT_FONT_FAMILY}', sans-serif; font-size: 9pt; } }`;
}

function localizeDigits(text: string, lang: Language): string {
  return lang === 'ne' ? toDevanagariDigits(text) : text;
}

function formatPrintedOn(printedOnAd: string, lang: Language): string {
  const labels = PRINT_LABELS[lang];
  const bs = formatBsDate(adToBs(printedOnAd), lang, 'long');
  const ad = formatAdDate(printedOnAd, lang, 'long');
  // Nepali writes the era before the date (वि.सं. २०८१ साउन १५), English after it (15 Shrawan 2081 B.S.).
  return lang === 'ne'
    ? `${labels.printedOn}: ${labels.bsEra} ${bs} (${labels.adEra} ${ad})`
    : `${labels.printedOn}: ${bs} ${labels.bsEra} (${ad} ${labels.adEra})`;
}

function alignClass(align: PrintedListColumn['align']): string | undefined {
  return align === 'center' || align === 'end' ? `align-${align}` : undefined;
}

/**
 * A titled table over as many pages as its rows need, with column headers repeated on every page
 * and page numbers in the bottom margin: the base of staff reports and attendance sheets.
 */
export function PrintedList({ lang, title, subtitle, columns, rows, printedOnAd, hasSerialColumn = false }: PrintedListProps) {
  const labels = PRINT_LABELS[lang];
  rows.forEach((row, index) => {
    // A short row would shift every later cell under the wrong header: refuse rather than misprint.
    if (row.length !== columns.length) {
      throw new RangeError(`Row ${index + 1} of "${title}" has ${row.length} cells for ${columns.length} columns`);
    }
  });
  const columnCount = columns.length + (hasSerialColumn ? 1 : 0);

  return (
    <section className="printed-list">
      <style href="psc-printed-list" precedence={DOCUMENT_STYLE_PRECEDENCE}>
        {LIST_CSS}
      </style>
      <style href={`psc-printed-list-footer-${lang}`} precedence={DOCUMENT_STYLE_PRECEDENCE}>
        {buildPageFooterCss(lang)}
      </style>
      <header className="printed-list-header">
        <h1 className="printed-list-title">{title}</h1>
        {subtitle ? <p className="printed-list-subtitle">{subtitle}</p> : null}
      </header>
      <p className="printed-list-date">{formatPrintedOn(printedOnAd, lang)}</p>
      <table className="printed-list-table">
        <colgroup>
          {hasSerialColumn ? <col className="printed-list-serial" /> : null}
          {columns.map((column, index) => (
            <col key={index} style={column.width ? { width: column.width } : undefined} />
          ))}
        </colgroup>
        <thead>
          <tr>
            {hasSerialColumn ? <th className="align-end">{labels.serialNumber}</th> : null}
            {columns.map((column, index) => (
              <th key={index} className={alignClass(column.align)}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td className="printed-list-empty" colSpan={columnCount}>
                {labels.noRecords}
              </td>
            </tr>
          ) : (
            rows.map((row, rowIndex) => (
              <tr key={rowIndex}>
                {hasSerialColumn ? <td className="align-end">{localizeDigits(String(rowIndex + 1), lang)}</td> : null}
                {row.map((cell, cellIndex) => {
                  const column = columns[cellIndex]!;
                  return (
                    <td key={cellIndex} className={alignClass(column.align)}>
                      {column.keepLatinDigits ? cell : localizeDigits(cell, lang)}
                    </td>
                  );
                })}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </section>
  );
}
