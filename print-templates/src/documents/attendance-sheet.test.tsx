import { describe, expect, it } from 'vitest';
import { renderDocumentHtml } from '../render-html';
import { AttendanceSheet } from './attendance-sheet';
import { buildAttendanceSheet, NEPALI_NAME } from './exam-document-fixtures.test-support';
import type { AttendanceSheetData } from './exam-documents';

function renderSheet(sheet: AttendanceSheetData, lang: 'ne' | 'en' = 'ne') {
  const html = renderDocumentHtml(<AttendanceSheet sheet={sheet} lang={lang} />, { lang });
  return { html, body: html.slice(html.indexOf('<body>'), html.indexOf('</body>')) };
}

describe('AttendanceSheet', () => {
  it('heads the Nepali sheet with the sitting: advertisement, paper, date B.S. then A.D., time, centre, room and floor', () => {
    const { body } = renderSheet(buildAttendanceSheet(1));
    expect(body).toContain('<h1 class="sitting-heading-title">परीक्षार्थी हाजिरी पत्र</h1>');
    expect(body).toContain('<dd>८०/०८१-८२</dd>');
    expect(body).toContain('<dd>वि.सं. २०८१ पुस २० (ई.सं. २०२५ जनवरी ४)</dd>');
    expect(body).toContain('०७:०० (अवधि ३ घण्टा)');
    expect(body).toContain('पद्मकन्या बहुमुखी क्याम्पस');
    expect(body).toContain('<dd>१०१, तला: पहिलो तला / First floor</dd>');
  });

  it('prints one row per candidate with names in both languages, and the totals, invigilators and chief at the foot', () => {
    const { body } = renderSheet(buildAttendanceSheet(1));
    expect(body.match(/<tbody>/g)).toHaveLength(2);
    expect(body).toContain(`<td class="roll">१००२००१</td><td>${NEPALI_NAME}<span class="name-other">Shreekrishna Prasad Kshetri</span></td>`);
    expect(body).toContain('जम्मा उम्मेदवार: <strong>१</strong>');
    expect(body).toContain('<td>हरि प्रसाद पौडेल</td><td>शाखा अधिकृत</td><td></td>');
    expect(body).toContain('केन्द्राध्यक्षको दस्तखत');
  });

  it('prints the English sheet with Latin digits', () => {
    const { body } = renderSheet(buildAttendanceSheet(3), 'en');
    expect(body).toContain('<h1 class="sitting-heading-title">Attendance sheet</h1>');
    expect(body).toContain('<td class="roll">1002003</td><td>Ram Bahadur Adhikari<span class="name-other">राम बहादुर अधिकारी</span></td>');
    expect(body).toContain('Candidates: <strong>3</strong>');
    expect(body).toContain("Centre chief&#x27;s signature");
    expect(body).not.toMatch(/[०-९]/);
  });

  it('lists 60 candidates of a room in seat order, repeating the header rows and keeping each row whole', () => {
    const { html, body } = renderSheet(buildAttendanceSheet(60));
    const rolls = [...body.matchAll(/<td class="roll">([^<]+)<\/td>/g)].map((match) => match[1]);
    expect(rolls).toHaveLength(60);
    expect(rolls[0]).toBe('१००२००१');
    expect(rolls[59]).toBe('१००२०६०');
    expect(html).toContain('.attendance-sheet-table thead { display: table-header-group; }');
    expect(html).toContain('.attendance-sheet-table tbody tr { break-inside: avoid;');
    expect(body).toContain('<th class="attendance-sheet-running" colSpan="6">कोठा १०१ · प्रथम पत्र');
  });

  it('prints an empty labelled box for a missing photograph', () => {
    const sheet = buildAttendanceSheet(7);
    const { body } = renderSheet(sheet);
    expect(sheet.candidates[6]!.photo).toBeNull();
    expect(body.match(/<img /g)).toHaveLength(6);
    expect(body).toContain('<div class="image-box-frame"><span class="image-box-missing">फोटो</span></div>');
  });

  it('prints a candidate named <script> as text', () => {
    const sheet = buildAttendanceSheet(1);
    const candidate = { ...sheet.candidates[0]!, name: { np: '<script>alert(1)</script>', en: '<b>bold</b>' } };
    const { body } = renderSheet({ ...sheet, candidates: [candidate] });
    expect(body).not.toContain('<script>');
    expect(body).not.toContain('<b>');
    expect(body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;<span class="name-other">&lt;b&gt;bold&lt;/b&gt;</span>');
  });
});
