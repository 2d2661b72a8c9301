import { Form } from 'antd';
import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCatalogue } from '../i18n/build-catalogue';
import { DualDateInput } from './dual-date-input';
import type { DualDateValue } from './dual-date';

// The input as a browser first receives it (server rendering needs no DOM): the calendar switch,
// the typed text, and the same date in the other calendar beside it, in the reader's language.

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
});

async function render(value: DualDateValue | null, language: 'ne' | 'en', formMessage?: string): Promise<string> {
  await i18n.changeLanguage(language);
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <Form>
        <Form.Item label="Date of birth" {...(formMessage ? { validateStatus: 'error' as const, help: formMessage } : {})}>
          <DualDateInput id="dateOfBirth" value={value} />
        </Form.Item>
      </Form>
    </I18nextProvider>,
  );
}

function noteOf(html: string): string {
  return /data-testid="dateOfBirth-counterpart"[^>]*>([^<]*)</.exec(html)?.[1] ?? '';
}

describe('DualDateInput', () => {
  it('shows a B.S. date typed in Devanagari with its A.D. date beside it, in Nepali', async () => {
    const html = await render({ calendar: 'bs', text: '२०५७-१०-०१' }, 'ne');
    expect(html).toContain('value="२०५७-१०-०१"');
    expect(noteOf(html)).toBe('= ई.सं. २००१ जनवरी १४');
    // The label of the form item points at the text input.
    expect(html).toMatch(/<input[^>]*id="dateOfBirth"/);
  });

  it('writes a B.S. date in the B.S. picker in the reader digits, whichever digits it was typed in', async () => {
    const nepali = await render({ calendar: 'bs', text: '2057-10-01' }, 'ne');
    expect(nepali).toMatch(/<input[^>]*id="dateOfBirth"[^>]*value="२०५७-१०-०१"/);
    expect(nepali).toContain('ant-picker');
    const english = await render({ calendar: 'bs', text: '२०५७-१०-०१' }, 'en');
    expect(english).toMatch(/<input[^>]*id="dateOfBirth"[^>]*value="2057-10-01"/);
  });

  it('shows an A.D. date with its B.S. date beside it, in English', async () => {
    const html = await render({ calendar: 'ad', text: '2001-01-14' }, 'en');
    expect(noteOf(html)).toBe('= B.S. 1 Magh 2057');
  });

  it('says how to type a date while it is empty, in B.S. by default', async () => {
    expect(noteOf(await render(null, 'en'))).toBe('Type the Bikram Sambat date as year-month-day, for example 2055-04-15.');
  });

  it('says plainly when the text is not a date of the chosen calendar', async () => {
    expect(noteOf(await render({ calendar: 'bs', text: '2057-13-01' }, 'en'))).toBe('This is not a valid Bikram Sambat date.');
  });

  it('leaves the remark to the form once the form shows its own message about the date', async () => {
    const html = await render({ calendar: 'bs', text: '2057-13-01' }, 'en', 'Please enter a valid date.');
    // (antd shows the help text itself after mounting; its error state is already on the input.)
    expect(html).toContain('ant-picker-status-error');
    expect(html).not.toContain('This is not a valid Bikram Sambat date.');
  });
});
