import { Form } from 'antd';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUES } from '../i18n/i18n';
import { AdDateInput } from './ad-date-input';
import { FiscalYearInput } from './fiscal-year-input';

// The field components inside a Form.Item as the screen first draws them: the control carries the
// id the item's <label> points to, and the id of the message under it (WCAG 2.1 1.3.1, 3.3.1).

const i18n = i18next.createInstance();

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    resources: { ne: { translation: CATALOGUES.ne } },
    lng: 'ne',
    fallbackLng: false,
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
});

function render(element: ReactElement): string {
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <Form name="f">{element}</Form>
    </I18nextProvider>,
  );
}

const attribute = (html: string, tag: string, name: string) => new RegExp(`<${tag}[^>]*\\s${name}="([^"]*)"`).exec(html)?.[1];

describe('workstation fields in a form', () => {
  it('are named by the label of their Form.Item and described by its message', () => {
    for (const control of [<FiscalYearInput key="year" />, <AdDateInput key="date" />]) {
      const html = render(
        <Form.Item name="when" label="When" validateStatus="error" help="Wrong">
          {control}
        </Form.Item>,
      );
      expect(attribute(html, 'label', 'for')).toBe('f_when');
      expect(attribute(html, 'input', 'id')).toBe('f_when');
      expect(attribute(html, 'input', 'aria-describedby')).toBe('f_when_help');
    }
  });
});
