import { useState } from 'react';
import type { PlainInputProps } from '../../components/plain-field';
import { PlainConfirmDialog } from '../../components/plain-confirm-dialog';
import { GENDERS, type Gender } from '../../core-forms';
import { useText } from '../../i18n/texts';

type Props = PlainInputProps & { value: Gender | null; onChange: (value: Gender) => void };

/**
 * spec §5 registration: "Choosing gender Other asks confirmation." Plain radio buttons (the
 * registration is a first screen, without antd), named as a group by the field's label.
 */
export function GenderInput({ id, value, onChange, 'aria-invalid': isInvalid, 'aria-describedby': describedBy }: Props) {
  const { t } = useText();
  const [isAsking, setAsking] = useState(false);

  function choose(next: Gender) {
    // The choice stays as it was until the person confirms.
    if (next === 'other') setAsking(true);
    else onChange(next);
  }

  return (
    <>
      <div id={id} role="radiogroup" aria-labelledby={`${id}-label`} aria-invalid={isInvalid} aria-describedby={describedBy} className="plain-radio-group gender-input">
        {GENDERS.map((gender) => (
          <label key={gender} className="plain-radio">
            <input type="radio" name={id} value={gender} checked={value === gender} onChange={() => choose(gender)} />
            {t(`gender.${gender}`)}
          </label>
        ))}
      </div>
      <PlainConfirmDialog
        isOpen={isAsking}
        title={t('register.genderOtherTitle')}
        body={t('profile.confirmGenderOther')}
        okText={t('register.genderOtherConfirm')}
        cancelText={t('form.cancel')}
        onOk={() => {
          setAsking(false);
          onChange('other');
        }}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
