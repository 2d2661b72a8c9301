import { describe, expect, it } from 'vitest';
import { renderDocumentHtml } from '../render-html';
import { SelectionList, type SelectionListProps } from './selection-list';

const props: SelectionListProps = {
  lang: 'ne',
  kind: 'final',
  advertisementCode: '2082/83-0007',
  interview: null,
  quotas: [
    { name: 'खुला', entries: [{ rollNumber: 10031, name: 'सीता शर्मा', position: 1, outcome: 'selected', totalMarks: 160.5 }] },
    { name: 'महिला', entries: [{ rollNumber: 10034, name: '<b>देवी</b>', position: 1, outcome: 'alternate', totalMarks: 125 }] },
  ],
  printedOnAd: '2026-11-27',
};

describe('SelectionList', () => {
  it('prints one table per quota with Devanagari digits, outcomes in words, and escaped names', () => {
    const html = renderDocumentHtml(<SelectionList {...props} />, { lang: 'ne' });
    expect(html).toContain('अन्तिम नतिजा: विज्ञापन नं. २०८२/८३-०००७, समूह: खुला');
    expect(html).toContain('<td>१००३१</td>');
    expect(html).toContain('१६०.५०');
    expect(html).toContain('वैकल्पिक');
    expect(html).toContain('&lt;b&gt;देवी&lt;/b&gt;');
    expect(html.match(/<table/g)).toHaveLength(2);
  });

  it('prints a written result by roll number and name with the interview', () => {
    const html = renderDocumentHtml(<SelectionList {...props} lang="en" kind="written" interview="2026-12-20 10:00 (Nepal time), Anamnagar" />, { lang: 'en' });
    expect(html).toContain('Interview: 2026-12-20 10:00 (Nepal time), Anamnagar');
    expect(html).not.toContain('Total marks');
  });
});
