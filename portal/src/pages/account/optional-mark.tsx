import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

function Optional() {
  const { t } = useTranslation();
  return <span className="optional-mark">{t('form.optional')}</span>;
}

/**
 * antd Form `requiredMark`: the optional fields say so, the required ones stay plain (most of a
 * registration is required, so marking the few optional ones reads faster).
 */
export function OptionalMark(label: ReactNode, { required }: { required: boolean }) {
  return (
    <>
      {label}
      {required ? null : <Optional />}
    </>
  );
}
