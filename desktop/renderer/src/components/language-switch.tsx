import { LANGUAGES, type Language } from '@psc/core';
import { Segmented } from 'antd';
import { useLanguage } from '../i18n/use-language';

export function LanguageSwitch() {
  const { language, setLanguage, t } = useLanguage();
  return (
    <Segmented<Language>
      aria-label={t('language.label')}
      value={language}
      onChange={(next) => void setLanguage(next)}
      options={LANGUAGES.map((value) => ({ value, label: <span lang={value}>{t(`language.${value}`)}</span> }))}
    />
  );
}
