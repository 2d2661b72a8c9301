import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PublishedEntry, SelectionKind } from '../../api/results-api';
import { applyCoreNumberFormat } from '../../i18n';
import { buildCatalogue } from '../../i18n/build-catalogue';
import { byQuota, nepalTimeOf, QuotaLists } from './published-list';

// A published list as a browser first receives it: a table per quota, the merit place only on the
// final list, names and digits in the reader's language.

const i18n = i18next.createInstance();

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    resources: { ne: { translation: buildCatalogue('ne') }, en: { translation: buildCatalogue('en') } },
    lng: 'ne',
    fallbackLng: false,
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
    showSupportNotice: false,
  });
  applyCoreNumberFormat(i18n);
});

const entry = (rollNumber: number, quotaCode: string, position: number, outcome: PublishedEntry['outcome'], nameNp: string | null = 'अञ्जली यादव'): PublishedEntry => ({
  rollNumber,
  nameEn: 'Anjali Yadav',
  nameNp,
  quotaCode,
  quotaNameEn: quotaCode === 'open' ? 'Open' : 'Women',
  quotaNameNp: quotaCode === 'open' ? 'खुला' : 'महिला',
  position,
  outcome,
});

const entries = [entry(10031, 'open', 1, 'selected'), entry(10032, 'open', 1, 'alternate'), entry(10033, 'women', 1, 'selected', null)];

async function render(kind: SelectionKind, language: 'ne' | 'en', shown = entries): Promise<string> {
  await i18n.changeLanguage(language);
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <QuotaLists kind={kind} entries={shown} listedByQuota={new Map([['open', 2], ['women', 1]])} />
    </I18nextProvider>,
  );
}

describe('QuotaLists', () => {
  it('prints a table per quota with the merit place on the final list, in Nepali digits and names', async () => {
    const html = await render('final', 'ne');
    expect(html.match(/data-testid="published-quota"/g)).toHaveLength(2);
    expect(html).toContain('खुला (२ जना)');
    expect(html).toContain('योग्यताक्रम');
    expect(html).toMatch(/data-roll="10031"[^>]*>.*?१००३१.*?अञ्जली यादव.*?सिफारिस/);
    expect(html).toContain('वैकल्पिक');
    // A name without its Nepali form is shown in English rather than left blank.
    expect(html).toMatch(/data-roll="10033".*?Anjali Yadav/);
  });

  it('leaves the place out of a written result and reads in English', async () => {
    const html = await render('written', 'en', [entry(10031, 'open', 1, 'shortlisted')]);
    expect(html).not.toContain('Merit position');
    expect(html).toContain('Open (2 listed)');
    expect(html).toMatch(/data-roll="10031".*?10031.*?Anjali Yadav.*?Shortlisted/);
  });
});

describe('byQuota and nepalTimeOf', () => {
  it('keeps the order within a quota and reads the interview on Nepal time', () => {
    expect(byQuota(entries).map((group) => group.map((row) => row.rollNumber))).toEqual([[10031, 10032], [10033]]);
    expect(nepalTimeOf('2026-12-04T04:15:00Z')).toBe('10:00');
  });
});
