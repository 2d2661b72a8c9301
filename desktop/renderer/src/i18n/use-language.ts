import { DEFAULT_LANGUAGE, isLanguage, type Language, type MessageKey } from '@psc/core';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from './i18n';
import type { WorkstationMessageKey } from './en';

/** A counted message's key without its plural suffix: i18next picks `_one` or `_other` from `count`. */
type PluralKey<K> = K extends `${infer Base}_one` ? Base : never;

/** Keys of the workstation's catalogue and of the shared one in @psc/core. */
export type TextKey = WorkstationMessageKey | PluralKey<WorkstationMessageKey> | MessageKey;

/** The current language, a typed `t`, and the switch; re-renders when the language changes. */
export function useLanguage() {
  const { t, i18n } = useTranslation();
  const language: Language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const otherLanguage: Language = language === 'ne' ? 'en' : 'ne';
  return {
    language,
    otherLanguage,
    t: (key: TextKey, params?: Record<string, string | number>) => t(key, params ?? {}),
    /** The same text in the other language, for notices shown in both (spec §1: bilingual). */
    tOther: (key: TextKey, params?: Record<string, string | number>) =>
      i18n.getFixedT(otherLanguage)(key, params ?? {}),
    setLanguage: (next: Language) => changeLanguage(next),
  };
}
