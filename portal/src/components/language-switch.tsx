import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Language } from '../core';
import { changeLanguage } from '../i18n';
import { useLanguage } from '../i18n/use-language';

/** नेपाली / English, shown on the sign-in screens and in the signed-in header (spec §9). */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <Segmented<Language>
      aria-label={t('language.label')}
      className="language-switch"
      size="small"
      value={language}
      onChange={(value) => void changeLanguage(value)}
      options={[
        { value: 'ne', label: <span lang="ne">{t('language.ne')}</span> },
        { value: 'en', label: <span lang="en">{t('language.en')}</span> },
      ]}
    />
  );
}
