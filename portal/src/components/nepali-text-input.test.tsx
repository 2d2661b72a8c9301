import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCatalogue } from '../i18n/build-catalogue';
import { NepaliTextInput } from './nepali-text-input';

// Whether romanised typing starts on, as the browser first receives the field: on only where the
// field takes Nepali alone. An institute named in English ("Staff College") must stay as typed.

const i18n = i18next.createInstance();

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    resources: { ne: { translation: buildCatalogue('ne') } },
    lng: 'ne',
    fallbackLng: false,
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
    showSupportNotice: false,
  });
});

function render(nepaliOnly: boolean): string {
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <NepaliTextInput id="field" value="" nepaliOnly={nepaliOnly} />
    </I18nextProvider>,
  );
}

const switchState = (html: string) => /role="switch"[^>]*aria-checked="(true|false)"|aria-checked="(true|false)"[^>]*role="switch"/.exec(html)?.slice(1).find(Boolean);

describe('NepaliTextInput', () => {
  it('starts romanised typing in a field that takes Nepali only', () => {
    const html = render(true);
    expect(switchState(html)).toBe('true');
    expect(html).toMatch(/<input[^>]*lang="ne"/);
  });

  it('leaves romanised typing off in a field that takes English too, until the person turns it on', () => {
    const html = render(false);
    expect(switchState(html)).toBe('false');
    expect(html).not.toMatch(/<input[^>]*lang="ne"/);
  });
});
