import { adToBs, formatBsDate, isConvertibleToBs } from '@psc/core';
import { DatePicker, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useLanguage } from '../i18n/use-language';

// spec §1: dates are kept in both calendars; the A.D. input shows its B.S. twin beside it.

/** B.S. text of an A.D. date, in the reading language's digits; '' when out of the table's range. */
export function bsTextOf(ad: string | null | undefined, language: 'ne' | 'en'): string {
  if (!ad || !isConvertibleToBs(ad)) return '';
  return `${formatBsDate(adToBs(ad), language)} ${language === 'ne' ? 'वि.सं.' : 'B.S.'}`;
}

/** An A.D. date picker ('YYYY-MM-DD' in and out) with the same day in B.S. shown beside it. */
export function AdDateInput({ value, onChange, testId }: { value?: string | null; onChange?: (value: string | null) => void; testId?: string }) {
  const { t, language } = useLanguage();
  return (
    <Space>
      <DatePicker
        data-testid={testId}
        placeholder={t('recruitment.pickDate')}
        format="YYYY-MM-DD"
        value={value ? dayjs(value) : null}
        onChange={(next) => onChange?.(next ? next.format('YYYY-MM-DD') : null)}
      />
      <Typography.Text type="secondary" data-testid={testId ? `${testId}-bs` : undefined}>
        {bsTextOf(value, language)}
      </Typography.Text>
    </Space>
  );
}
