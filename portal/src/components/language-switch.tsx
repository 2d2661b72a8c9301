import type { Language } from '../core';
import { changeLanguage } from '../i18n';
import { useText } from '../i18n/texts';

const LANGUAGE_OPTIONS: Language[] = ['ne', 'en'];

/**
 * नेपाली / English, shown on the sign-in screens and in the signed-in header (spec §9). Two
 * radio buttons in plain CSS (styles/plain-controls.css), drawn like antd's segmented control:
 * the sign-in page carries no antd.
 */
export function LanguageSwitch() {
  const { t, language } = useText();
  return (
    <div role="radiogroup" aria-label={t('language.label')} className="language-switch plain-segmented">
      {LANGUAGE_OPTIONS.map((option) => (
        <label key={option} className={option === language ? 'plain-segmented__item plain-segmented__item--selected' : 'plain-segmented__item'}>
          <input
            type="radio"
            className="plain-segmented__input"
            name="portal-language"
            value={option}
            checked={option === language}
            onChange={() => void changeLanguage(option)}
          />
          <span lang={option}>{t(option === 'ne' ? 'language.ne' : 'language.en')}</span>
        </label>
      ))}
    </div>
  );
}
