import { adToBs, formatAdDate, formatBsDate, isConvertibleToBs, nepalDayOf, toDevanagariDigits } from '@psc/core';
import { useLanguage } from '../i18n/use-language';

/** Both calendars of a moment (spec §1: dates in B.S. and A.D.): the Nepal wall date, then the time. */
export function formatDualDate(value: string | null | undefined, language: 'ne' | 'en', withTime = true): string {
  if (!value) return '';
  const ad = nepalDayOf(value);
  if (!ad) return value;
  const instant = new Date(value);
  const bs = isConvertibleToBs(ad) ? `${formatBsDate(adToBs(ad), language)} ${language === 'ne' ? 'वि.सं.' : 'B.S.'}` : '';
  const adText = `${formatAdDate(ad, language)} ${language === 'ne' ? 'ई.सं.' : 'A.D.'}`;
  let time = '';
  if (withTime && !/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const hhmm = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kathmandu', hour: '2-digit', minute: '2-digit', hour12: false }).format(instant);
    time = ` ${language === 'ne' ? toDevanagariDigits(hhmm) : hhmm}`;
  }
  return bs ? `${bs} (${adText})${time}` : `${adText}${time}`;
}

export function DualDate({ value, withTime = true }: { value: string | null | undefined; withTime?: boolean }) {
  const { language } = useLanguage();
  return <span>{formatDualDate(value, language, withTime)}</span>;
}
