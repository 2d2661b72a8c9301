import { useTranslation } from 'react-i18next';
import { toDevanagariDigits } from '../../core-forms';
import { useLanguage } from '../../i18n/use-language';

/** "412 KB" in the reading language's digits. */
export function useFileSize() {
  const { t } = useTranslation();
  const language = useLanguage();
  return (bytes: number) => {
    const kb = Math.max(1, Math.round(bytes / 1024));
    return t('profileForm.kilobytes', { size: language === 'ne' ? toDevanagariDigits(kb) : String(kb) });
  };
}
