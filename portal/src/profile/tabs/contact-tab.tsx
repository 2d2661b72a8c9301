import { Checkbox, Form, Input, Select } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NepaliTextInput } from '../../components/nepali-text-input';
import type { Language } from '../../core';
import { addressAbroadSchema, addressSchema, formatPhoneNumber, toLatinDigits } from '../../core-forms';
import { Field, OtherMessages, ReferenceSelect, SaveBar, useSectionForm } from '../form-kit';
import { useProfileFormat } from '../format';
import { saveAddress } from '../profile-api';
import type { AddressKindName } from '../profile-options';
import type { Address, AddressAbroad } from '../profile-types';
import { useReference, useReferenceName, type LocalLevelRow } from '../reference-data';
import type { TabProps } from './tab-props';

type AddressFields = {
  provinceId: number | null;
  districtId: number | null;
  localLevelId: number | null;
  wardNo: number | null;
  marga: string;
  tole: string;
  gharNo: string;
  phoneNo: string;
  mobileNo: string;
  email: string;
  address: string;
};

const ORDER = ['provinceId', 'districtId', 'localLevelId', 'wardNo', 'marga', 'tole', 'gharNo', 'phoneNo', 'mobileNo', 'email', 'address'] as const;

const EMPTY: AddressFields = {
  provinceId: null,
  districtId: null,
  localLevelId: null,
  wardNo: null,
  marga: '',
  tole: '',
  gharNo: '',
  phoneNo: '',
  mobileNo: '',
  email: '',
  address: '',
};

/** The form's values of a saved address; phone numbers (stored as digits only) shown as people write them. */
function fieldsOf(address: Address | null, language: Language): AddressFields {
  if (!address) return EMPTY;
  return {
    provinceId: address.provinceId,
    districtId: address.districtId,
    localLevelId: address.localLevelId,
    wardNo: address.wardNo,
    marga: address.marga ?? '',
    tole: address.tole ?? '',
    gharNo: address.gharNo ?? '',
    phoneNo: address.phoneNo ? formatPhoneNumber(address.phoneNo, language) : '',
    mobileNo: address.mobileNo ? formatPhoneNumber(address.mobileNo, language) : '',
    email: address.email ?? '',
    address: address.address ?? '',
  };
}

/** The request body: ids as numbers, empty texts left out (the schema reads them as absent). */
function toBody(values: AddressFields): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) if (value !== null && value !== '') body[key] = value;
  return body;
}

/** Local levels show their type (spec §3 "localBodyType"): "Kathmandu (Metropolitan City)". */
function useLocalLevelLabel() {
  const { t } = useTranslation();
  const nameOf = useReferenceName();
  const format = useProfileFormat();
  return useCallback(
    (row: LocalLevelRow) =>
      t('profileForm.localLevelOption', {
        name: nameOf(row),
        type: format.language === 'ne' ? row.typeNameNp : row.typeNameEn,
      }),
    [t, nameOf, format.language],
  );
}

function WardSelect({ id, value, onChange, disabled, wards }: { id?: string; value?: number | null; onChange?: (ward: number) => void; disabled?: boolean; wards: number }) {
  const { t } = useTranslation();
  const format = useProfileFormat();
  const options = Array.from({ length: wards }, (_, index) => ({ value: index + 1, label: format.digits(index + 1) }));
  return (
    <Select<number>
      id={id}
      value={value ?? undefined}
      onChange={(next) => onChange?.(next)}
      disabled={disabled || wards === 0}
      options={options}
      // A ward is found by typing its number in either digit set.
      showSearch={{ filterOption: (input, option) => String(option?.value) === toLatinDigits(input.trim()) || input.trim() === '' }}
      placeholder={wards === 0 ? t('profileForm.chooseLocalLevelFirst') : t('profileForm.choose')}
      style={{ width: '100%' }}
    />
  );
}

/**
 * One address (spec §3 "Contact"): province -> district -> local level (with its type) -> ward
 * within that local level's wards, then the street details. The mailing address can be the
 * permanent one.
 */
function AddressForm({ kind, saved, permanent, isLocked }: { kind: AddressKindName; saved: Address | null; permanent: Address | null; isLocked: boolean }) {
  const { t } = useTranslation();
  const format = useProfileFormat();
  const section = useSectionForm<AddressFields>({ order: ORDER });
  const { form, isDirty, setDirty } = section;
  const savedFields = useMemo(() => fieldsOf(saved, format.language), [saved, format.language]);
  const isMailing = kind === 'mailing';
  const [isSameAsPermanent, setSameAsPermanent] = useState(false);
  const localLevelLabel = useLocalLevelLabel();

  useEffect(() => {
    if (!isDirty) form.setFieldsValue(savedFields);
  }, [savedFields, form, isDirty]);

  const provinceId = Form.useWatch('provinceId', form);
  const districtId = Form.useWatch('districtId', form);
  const localLevelId = Form.useWatch('localLevelId', form);
  const localLevels = useReference<LocalLevelRow>('local-levels', `districtId=${districtId ?? ''}`, Boolean(districtId));
  const wards = localLevels.rows.find((row) => row.id === localLevelId)?.wards ?? 0;

  function handleValuesChange(changed: Partial<AddressFields>) {
    section.onValuesChange(changed);
    // Cascade: a new province empties the district and what depends on it, and so on down.
    if ('provinceId' in changed) form.setFieldsValue({ districtId: null, localLevelId: null, wardNo: null });
    if ('districtId' in changed) form.setFieldsValue({ localLevelId: null, wardNo: null });
    if ('localLevelId' in changed) form.setFieldsValue({ wardNo: null });
  }

  function copyPermanent(isSame: boolean) {
    setSameAsPermanent(isSame);
    if (isSame) {
      form.setFieldsValue(fieldsOf(permanent, format.language));
      setDirty(true);
    }
  }

  async function submit(values: AddressFields) {
    const body = toBody(values);
    const isSaved = await section.save(addressSchema, body, () => saveAddress(kind, body));
    if (isSaved) setSameAsPermanent(false);
  }

  const areFieldsLocked = isLocked || isSameAsPermanent;

  return (
    <section className="profile-subsection" aria-labelledby={`address-${kind}`}>
      <h2 id={`address-${kind}`} className="profile-tab__title">
        {t(`profileForm.address.${kind}`)}
      </h2>
      <Form<AddressFields>
        form={form}
        name={kind}
        layout="vertical"
        requiredMark={false}
        disabled={isLocked}
        initialValues={savedFields}
        onValuesChange={handleValuesChange}
        onFinish={(values) => void submit(values)}
        className="profile-form"
      >
        {isMailing ? (
          <Checkbox className="profile-form__same" checked={isSameAsPermanent} disabled={isLocked || !permanent} onChange={(event) => copyPermanent(event.target.checked)}>
            {permanent ? t('profileForm.sameAsPermanent') : t('profileForm.sameAsPermanentNeedsPermanent')}
          </Checkbox>
        ) : null}
        <fieldset className="profile-fieldset" disabled={areFieldsLocked}>
          <div className="profile-grid">
            <Field name="provinceId" label={t('profileForm.field.province')} errors={section.errors}>
              <ReferenceSelect list="provinces" disabled={areFieldsLocked} />
            </Field>
            <Field name="districtId" label={t('profileForm.field.district')} errors={section.errors}>
              <ReferenceSelect list="districts" query={`provinceId=${provinceId ?? ''}`} disabled={areFieldsLocked} />
            </Field>
            <Field name="localLevelId" label={t('profileForm.field.localLevel')} errors={section.errors}>
              <ReferenceSelect<LocalLevelRow> list="local-levels" query={`districtId=${districtId ?? ''}`} labelOf={localLevelLabel} disabled={areFieldsLocked} />
            </Field>
            <Field name="wardNo" label={t('profileForm.field.wardNo')} errors={section.errors}>
              <WardSelect wards={wards} disabled={areFieldsLocked} />
            </Field>
            <Field name="marga" label={t('profileForm.field.marga')} errors={section.errors} optional>
              <NepaliTextInput maxLength={150} disabled={areFieldsLocked} />
            </Field>
            <Field name="tole" label={t('profileForm.field.tole')} errors={section.errors} optional>
              <NepaliTextInput maxLength={150} disabled={areFieldsLocked} />
            </Field>
            <Field name="gharNo" label={t('profileForm.field.gharNo')} errors={section.errors} optional>
              <Input inputMode="numeric" maxLength={30} disabled={areFieldsLocked} />
            </Field>
            <Field name="phoneNo" label={t('profileForm.field.phoneNo')} errors={section.errors} optional hint={t('profileForm.hint.phone')}>
              <Input inputMode="tel" maxLength={20} autoComplete="tel" disabled={areFieldsLocked} />
            </Field>
            <Field name="mobileNo" label={t('profileForm.field.mobileNo')} errors={section.errors} optional hint={t('profileForm.hint.mobile')}>
              <Input inputMode="tel" maxLength={20} autoComplete="tel" disabled={areFieldsLocked} />
            </Field>
            <Field name="email" label={t('profileForm.field.email')} errors={section.errors} optional>
              <Input inputMode="email" autoComplete="email" autoCapitalize="none" maxLength={60} disabled={areFieldsLocked} />
            </Field>
            <Field name="address" label={t('profileForm.field.address')} errors={section.errors} optional hint={t('profileForm.hint.address')}>
              <NepaliTextInput maxLength={300} disabled={areFieldsLocked} />
            </Field>
          </div>
        </fieldset>
        <OtherMessages messages={section.errors.otherMessages(ORDER)} />
        <SaveBar isSaving={section.isSaving} isLocked={isLocked} saveLabel={t(`profileForm.saveAddress.${kind}`)} />
      </Form>
    </section>
  );
}

type AbroadFields = { countryId: number | null; address: string };
const ABROAD_ORDER = ['countryId', 'address'] as const;

/**
 * The mailing address abroad (spec §3 contact; spec §2 counts "for Nepal and the world"): the
 * country and the address as written there. Saving it takes the place of the mailing address in
 * Nepal, and saving that one takes the place of this; the permanent address stays in Nepal.
 */
function AbroadForm({ saved, isLocked }: { saved: AddressAbroad | null; isLocked: boolean }) {
  const { t } = useTranslation();
  const section = useSectionForm<AbroadFields>({ order: ABROAD_ORDER });
  const { form, isDirty } = section;
  const savedFields = useMemo<AbroadFields>(() => ({ countryId: saved?.countryId ?? null, address: saved?.address ?? '' }), [saved]);

  useEffect(() => {
    if (!isDirty) form.setFieldsValue(savedFields);
  }, [savedFields, form, isDirty]);

  async function submit(values: AbroadFields) {
    const body: Record<string, unknown> = { countryId: values.countryId ?? '', address: values.address };
    await section.save(addressAbroadSchema, body, () => saveAddress('abroad', body));
  }

  return (
    <section className="profile-subsection" aria-labelledby="address-abroad">
      <h2 id="address-abroad" className="profile-tab__title">
        {t('profileForm.abroadTitle')}
      </h2>
      <p className="muted">{t('profileForm.abroadNote')}</p>
      <Form<AbroadFields>
        form={form}
        name="abroad"
        layout="vertical"
        requiredMark={false}
        disabled={isLocked}
        initialValues={savedFields}
        onValuesChange={section.onValuesChange}
        onFinish={(values) => void submit(values)}
        className="profile-form"
      >
        <div className="profile-grid">
          <Field name="countryId" label={t('profileForm.field.country')} errors={section.errors}>
            <ReferenceSelect list="countries" disabled={isLocked} />
          </Field>
          <Field name="address" label={t('profileForm.field.addressAbroad')} errors={section.errors}>
            <Input.TextArea maxLength={300} autoSize={{ minRows: 2, maxRows: 4 }} disabled={isLocked} />
          </Field>
        </div>
        <OtherMessages messages={section.errors.otherMessages(ABROAD_ORDER)} />
        <SaveBar isSaving={section.isSaving} isLocked={isLocked} saveLabel={t('profileForm.saveAddress.abroad')} />
      </Form>
    </section>
  );
}

/** spec §3 "Contact (permanent and mailing)", the mailing address in Nepal or abroad. */
export default function ContactTab({ profile, isLocked }: TabProps) {
  return (
    <div className="profile-tab">
      <AddressForm kind="permanent" saved={profile.addresses.permanent} permanent={profile.addresses.permanent} isLocked={isLocked} />
      <AddressForm kind="mailing" saved={profile.addresses.mailing} permanent={profile.addresses.permanent} isLocked={isLocked} />
      <AbroadForm saved={profile.addresses.abroad ?? null} isLocked={isLocked} />
    </div>
  );
}
