import { describe, expect, it } from 'vitest';
import { renderDocumentHtml } from '../render-html';
import { PrintedList, type PrintedListProps } from './printed-list';

const baseProps: PrintedListProps = {
  lang: 'ne',
  title: 'उम्मेदवारहरूको नामावली',
  subtitle: 'विज्ञापन नं. 80/081-82',
  columns: [{ header: 'रोल नं.' }, { header: 'नाम' }, { header: 'इमेल', keepLatinDigits: true }],
  rows: [
    ['1001', 'राम बहादुर श्रेष्ठ', 'ram2045@example.com'],
    ['1002', 'सीता कुमारी', 'sita99@example.com'],
  ],
  printedOnAd: '2024-07-31',
};

function renderList(props: Partial<PrintedListProps> = {}) {
  const merged = { ...baseProps, ...props };
  return renderDocumentHtml(<PrintedList {...merged} />, { lang: merged.lang });
}

function readBody(html: string) {
  return html.slice(html.indexOf('<body>'), html.indexOf('</body>'));
}

describe('PrintedList', () => {
  it('prints title, subtitle, headers and cells', () => {
    const body = readBody(renderList());
    expect(body).toContain('<h1 class="printed-list-title">उम्मेदवारहरूको नामावली</h1>');
    expect(body).toContain('<th>रोल नं.</th><th>नाम</th><th>इमेल</th>');
    expect(body).toContain('<td>राम बहादुर श्रेष्ठ</td>');
  });

  it('escapes markup in every piece of text it is given', () => {
    const body = readBody(
      renderList({
        title: '<script>alert(1)</script>',
        subtitle: '"quoted" & <b>bold</b>',
        columns: [{ header: '<img src=x onerror=alert(1)>' }],
        rows: [['</td></tr><tr><td>injected'], ['<style>body{display:none}</style>']],
      }),
    );
    expect(body).not.toContain('<script>');
    expect(body).not.toContain('<img');
    expect(body).not.toContain('<b>');
    expect(body).not.toContain('<style>');
    expect(body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(body).toContain('&quot;quoted&quot; &amp; &lt;b&gt;bold&lt;/b&gt;');
    expect(body).toContain('<th>&lt;img src=x onerror=alert(1)&gt;</th>');
    expect(body).toContain('<td>&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;injected</td>');
    expect(body.match(/<tr>/g)).toHaveLength(3);
  });

  it('shows numbers in Devanagari digits in Nepali, except in columns that keep Latin digits', () => {
    const body = readBody(renderList({ hasSerialColumn: true }));
    expect(body).toContain('<td class="align-end">१</td><td>१००१</td>');
    expect(body).toContain('<td class="align-end">२</td><td>१००२</td>');
    // Title and subtitle are the caller's finished sentences (from translate, which localizes its
    // numbers) and print exactly as given.
    expect(body).toContain('<p class="printed-list-subtitle">विज्ञापन नं. 80/081-82</p>');
    expect(body).toContain('<td>ram2045@example.com</td>');
    expect(body).toContain('<th class="align-end">क्र.सं.</th>');
  });

  it('keeps Latin digits in English', () => {
    const body = readBody(renderList({ lang: 'en', hasSerialColumn: true }));
    expect(body).toContain('<td class="align-end">1</td><td>1001</td>');
    expect(body).toContain('<th class="align-end">S.N.</th>');
    expect(body).not.toMatch(/[०-९]/);
  });

  it('prints the date of printing in B.S. and A.D.', () => {
    // 2024-07-31 A.D. is 2081-04-16 B.S. (Shrawan 16).
    expect(readBody(renderList())).toContain('मुद्रण मिति: वि.सं. २०८१ साउन १६ (ई.सं. २०२४ जुलाई ३१)');
    expect(readBody(renderList({ lang: 'en' }))).toContain('Printed on: 16 Shrawan 2081 B.S. (31 July 2024 A.D.)');
  });

  it('numbers pages in the bottom margin, in Devanagari digits in Nepali', () => {
    expect(renderList()).toContain(
      '@bottom-right { content: "पृष्ठ " counter(page, devanagari) " / " counter(pages, devanagari);',
    );
    expect(renderList({ lang: 'en' })).toContain('@bottom-right { content: "Page " counter(page) " / " counter(pages);');
  });

  it('repeats column headers on every page and keeps a row on one page', () => {
    const html = renderList();
    expect(html).toContain('.printed-list-table thead { display: table-header-group; }');
    expect(html).toContain('.printed-list-table tr { break-inside: avoid; }');
  });

  it('aligns and sizes columns as asked', () => {
    const body = readBody(
      renderList({ columns: [{ header: 'A', width: '20%', align: 'center' }, { header: 'B', align: 'end' }, { header: 'C' }] }),
    );
    expect(body).toContain('<col style="width:20%"/><col/><col/>');
    expect(body).toContain('<th class="align-center">A</th><th class="align-end">B</th><th>C</th>');
  });

  it('says so when there are no rows', () => {
    expect(readBody(renderList({ rows: [] }))).toContain('<td class="printed-list-empty" colSpan="3">कुनै विवरण छैन</td>');
    expect(readBody(renderList({ rows: [], lang: 'en', hasSerialColumn: true }))).toContain('colSpan="4">No records</td>');
  });

  it('refuses a row whose cells do not match the columns', () => {
    expect(() => renderList({ rows: [['1001', 'राम']] })).toThrow(/Row 1 .* 2 cells for 3 columns/);
  });
});
