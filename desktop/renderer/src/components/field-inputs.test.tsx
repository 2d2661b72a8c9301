import dayjs from 'dayjs';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUES } from '../i18n/i18n';
import { BsDatePicker } from './bs-date-picker';
import { FiscalYearInput } from './fiscal-year-input';
import { NumberInput } from './number-input';

// The workstation's date, number and fiscal-year fields as the screen first draws them (server
// rendering needs no DOM): B.S. first, digits in the reader's script (spec §1).

const i18n = i18next.createInstance();

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    resources: { ne: { translation: CATALOGUES.ne }, en: { translation: CATALOGUES.en } },
    lng: 'ne',
    fallbackLng: false,
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
});

async function render(element: ReactElement, language: 'ne' | 'en'): Promise<string> {
  await i18n.changeLanguage(language);
  return renderToStaticMarkup(<I18nextProvider i18n={i18n}>{element}</I18nextProvider>);
}

const inputValue = (html: string) => /<input[^>]*value="([^"]*)"/.exec(html)?.[1];

describe('workstation field inputs', () => {
  it('write a date in B.S. in the reader digits, with its A.D. day beside', async () => {
    const nepali = await render(<BsDatePicker value={dayjs('2025-04-14')} testId="when" />, 'ne');
    expect(inputValue(nepali)).toBe('२०८२-०१-०१');
    expect(nepali).toContain('= ई.सं. २०२५ अप्रिल १४');
    const english = await render(<BsDatePicker value={dayjs('2025-04-14')} testId="when" />, 'en');
    expect(inputValue(english)).toBe('2082-01-01');
    expect(english).toContain('= A.D. 14 April 2025');
  });

  it('show numbers and fiscal years in Devanagari digits in Nepali', async () => {
    expect(inputValue(await render(<NumberInput value={14.85} precision={2} />, 'ne'))).toBe('१४.८५');
    expect(inputValue(await render(<NumberInput value={14.85} precision={2} />, 'en'))).toBe('14.85');
    expect(inputValue(await render(<FiscalYearInput value="2082/83" />, 'ne'))).toBe('२०८२/८३');
    expect(inputValue(await render(<FiscalYearInput value="2082/83" />, 'en'))).toBe('2082/83');
  });
});
