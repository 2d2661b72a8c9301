import { Modal, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { GENDERS, type Gender } from '../../core-forms';

type Props = { id?: string; value?: Gender | null; onChange?: (value: Gender) => void; disabled?: boolean };

/** spec §5 registration: "Choosing gender Other asks confirmation." */
export function GenderInput({ id, value, onChange, disabled }: Props) {
  const { t } = useTranslation();
  const [modal, holder] = Modal.useModal();

  function choose(next: Gender) {
    if (next !== 'other') {
      onChange?.(next);
      return;
    }
    // The choice stays as it was until the person confirms.
    void modal.confirm({
      title: t('register.genderOtherTitle'),
      content: t('profile.confirmGenderOther'),
      okText: t('register.genderOtherConfirm'),
      cancelText: t('form.cancel'),
      onOk: () => onChange?.('other'),
    });
  }

  return (
    <>
      <Radio.Group
        id={id}
        className="gender-input"
        // null, not undefined: an undefined value would let the group check a radio on its own.
        value={value ?? null}
        disabled={disabled}
        onChange={(event) => choose(event.target.value as Gender)}
        options={GENDERS.map((gender) => ({ value: gender, label: t(`gender.${gender}`) }))}
      />
      {holder}
    </>
  );
}
