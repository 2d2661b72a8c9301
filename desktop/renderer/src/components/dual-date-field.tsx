import { DatePicker, Input, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useLanguage } from '../i18n/use-language';
import { adOfBsText, bsTextOf } from './dual-date-value';

type DualDateFieldProps = {
  /** The A.D. day, as antd's Form keeps a DatePicker's value. */
  value?: Dayjs | null;
  onChange?: (value: Dayjs | null) => void;
  testId?: string;
  disabled?: boolean;
};

/**
 * One date of a workstation form in both calendars (spec §1): pick the A.D. day, or type the
 * B.S. date beside it; each fills the other. The form's value stays the A.D. day. A B.S. text
 * that is no date in the calendar keeps the day as it was and says so.
 */
export function DualDateField({ value, onChange, testId, disabled }: DualDateFieldProps) {
  const { t, language } = useLanguage();
  const ad = value && value.isValid() ? value.format('YYYY-MM-DD') : null;
  const [bsText, setBsText] = useState(() => bsTextOf(ad, language));
  const [isBsInvalid, setIsBsInvalid] = useState(false);

  // A day picked, reset or loaded from outside rewrites the B.S. text; text being typed that
  // already names that day (or names none yet, while the day is empty) is left alone.
  useEffect(() => {
    setBsText((current) => (adOfBsText(current) === ad ? current : bsTextOf(ad, language)));
    if (ad !== null) setIsBsInvalid(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ad]);

  // Another reading language writes the same day in its digits.
  useEffect(() => {
    setBsText((current) => (ad !== null && adOfBsText(current) === ad ? bsTextOf(ad, language) : current));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [language]);

  function typeBs(text: string) {
    setBsText(text);
    if (text.trim() === '') {
      setIsBsInvalid(false);
      onChange?.(null);
      return;
    }
    const typedAd = adOfBsText(text);
    // Half-typed text is not an error yet; leaving the field with it is (see onBlur).
    if (typedAd !== null) setIsBsInvalid(false);
    if (typedAd !== null && typedAd !== ad) onChange?.(dayjs(typedAd));
  }

  return (
    <div data-testid={testId}>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
        <DatePicker
          style={{ flex: '1 1 150px' }}
          value={value ?? null}
          onChange={(next) => onChange?.(next ?? null)}
          prefix={<Typography.Text type="secondary">{t('dateField.ad')}</Typography.Text>}
          placeholder="YYYY-MM-DD"
          disabled={disabled}
          data-testid={testId ? `${testId}-ad` : undefined}
        />
        <Input
          style={{ flex: '1 1 150px' }}
          value={bsText}
          onChange={(event) => typeBs(event.target.value)}
          onBlur={() => setIsBsInvalid(bsText.trim() !== '' && adOfBsText(bsText) === null)}
          prefix={<Typography.Text type="secondary">{t('dateField.bs')}</Typography.Text>}
          placeholder={t('dateField.bsPlaceholder')}
          status={isBsInvalid ? 'error' : undefined}
          disabled={disabled}
          inputMode="numeric"
          aria-label={t('dateField.bs')}
          data-testid={testId ? `${testId}-bs` : undefined}
        />
      </div>
      {isBsInvalid ? <Typography.Text type="danger">{t('dateField.bsInvalid')}</Typography.Text> : null}
    </div>
  );
}
