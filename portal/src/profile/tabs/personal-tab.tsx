import { Descriptions, Form } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { NepaliTextInput } from '../../components/nepali-text-input';
import { personalDetailsSchema } from '../../core-forms';
import { Field, OtherMessages, SaveBar, useSectionForm } from '../form-kit';
import { useProfileFormat } from '../format';
import { savePersonal } from '../profile-api';
import { optionKey } from '../profile-options';
import type { Profile } from '../profile-types';
import { useReference, useReferenceName, type DistrictRow } from '../reference-data';
import type { TabProps } from './tab-props';

type PersonalFields = {
  firstNameNp: string;
  middleNameNp: string;
  lastNameNp: string;
  fathersName: string;
  mothersName: string;
  grandFathersName: string;
  husbandWifeName: string;
};

const ORDER = ['firstNameNp', 'middleNameNp', 'lastNameNp', 'fathersName', 'mothersName', 'grandFathersName', 'husbandWifeName'] as const;

function fieldsOf(profile: Profile): PersonalFields {
  const personal = profile.personal;
  return {
    firstNameNp: personal.firstNameNp ?? '',
    middleNameNp: personal.middleNameNp ?? '',
    lastNameNp: personal.lastNameNp ?? '',
    fathersName: personal.fathersName ?? '',
    mothersName: personal.mothersName ?? '',
    grandFathersName: personal.grandFathersName ?? '',
    husbandWifeName: personal.husbandWifeName ?? '',
  };
}

/**
 * spec §3 "Candidate profile": the identity given at registration (read-only here),
 * the Nepali names and the family names, typed in Nepali (spec §5).
 */
export default function PersonalTab({ profile, isLocked }: TabProps) {
  const { t } = useTranslation();
  const format = useProfileFormat();
  const nameOf = useReferenceName();
  const districts = useReference<DistrictRow>('districts');
  const section = useSectionForm<PersonalFields>({ order: ORDER });
  const { form, isDirty } = section;
  const saved = useMemo(() => fieldsOf(profile), [profile]);

  // A fresh answer from the server replaces the fields, unless the candidate is editing them.
  useEffect(() => {
    if (!isDirty) form.setFieldsValue(saved);
  }, [saved, form, isDirty]);

  const personal = profile.personal;
  const district = districts.rows.find((row) => row.id === personal.citizenshipIssueDistrictId);

  async function submit(values: PersonalFields) {
    await section.save(personalDetailsSchema, values, () => savePersonal(values));
  }

  const nepaliLabel = (key: string) => <span lang={format.language}>{t(key)}</span>;

  return (
    <div className="profile-tab">
      <h2 className="profile-tab__title">{t('profileForm.identity')}</h2>
      <p className="muted">{t('profileForm.identityNote')}</p>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 1, md: 2 }}
        bordered
        className="profile-descriptions"
        items={[
          { key: 'masterId', label: t('profileForm.field.masterId'), children: format.digits(personal.masterId) },
          { key: 'username', label: t('profileForm.field.username'), children: personal.username },
          {
            key: 'nameEn',
            label: t('profileForm.field.nameEn'),
            children: [personal.firstNameEn, personal.middleNameEn, personal.lastNameEn].filter(Boolean).join(' '),
          },
          { key: 'email', label: t('profileForm.field.email'), children: personal.email },
          { key: 'mobile', label: t('profileForm.field.mobile'), children: format.phone(personal.mobile) },
          { key: 'nationalId', label: t('profileForm.field.nationalId'), children: format.digits(personal.nationalId) },
          { key: 'citizenshipNumber', label: t('profileForm.field.citizenshipNumber'), children: format.digits(personal.citizenshipNumber) },
          { key: 'citizenshipIssueDistrict', label: t('profileForm.field.citizenshipIssueDistrict'), children: district ? nameOf(district) : '—' },
          {
            key: 'citizenshipIssueDate',
            label: t('profileForm.field.citizenshipIssueDate'),
            children: format.date(personal.citizenshipIssueDateAd, personal.citizenshipIssueDateBs),
          },
          { key: 'dateOfBirth', label: t('profileForm.field.dateOfBirth'), children: format.date(personal.dateOfBirthAd, personal.dateOfBirthBs) },
          { key: 'gender', label: t('profileForm.field.gender'), children: personal.gender ? t(optionKey('gender', personal.gender)) : '—' },
        ]}
      />

      <h2 className="profile-tab__title">{t('profileForm.namesTitle')}</h2>
      <Form<PersonalFields>
        form={form}
        name="personal"
        layout="vertical"
        requiredMark={false}
        disabled={isLocked}
        initialValues={saved}
        onValuesChange={section.onValuesChange}
        onFinish={(values) => void submit(values)}
        className="profile-form"
      >
        <div className="profile-grid">
          <Field name="firstNameNp" label={nepaliLabel('profileForm.field.firstNameNp')} errors={section.errors}>
            <NepaliTextInput maxLength={30} nepaliOnly />
          </Field>
          <Field name="middleNameNp" label={nepaliLabel('profileForm.field.middleNameNp')} errors={section.errors} optional>
            <NepaliTextInput maxLength={30} nepaliOnly />
          </Field>
          <Field name="lastNameNp" label={nepaliLabel('profileForm.field.lastNameNp')} errors={section.errors}>
            <NepaliTextInput maxLength={30} nepaliOnly />
          </Field>
        </div>
        <p className="muted">{t('profileForm.familyNamesNote')}</p>
        <div className="profile-grid">
          <Field name="fathersName" label={t('profileForm.field.fathersName')} errors={section.errors}>
            <NepaliTextInput maxLength={150} />
          </Field>
          <Field name="mothersName" label={t('profileForm.field.mothersName')} errors={section.errors}>
            <NepaliTextInput maxLength={150} />
          </Field>
          <Field name="grandFathersName" label={t('profileForm.field.grandFathersName')} errors={section.errors}>
            <NepaliTextInput maxLength={150} />
          </Field>
          <Field name="husbandWifeName" label={t('profileForm.field.husbandWifeName')} errors={section.errors} optional>
            <NepaliTextInput maxLength={150} />
          </Field>
        </div>
        <OtherMessages messages={section.errors.otherMessages(ORDER)} />
        <SaveBar isSaving={section.isSaving} isLocked={isLocked} />
      </Form>
    </div>
  );
}
