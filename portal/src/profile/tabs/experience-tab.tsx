import { Alert, Checkbox, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { DualDateInput, dualDateFromStored, toDatePair, type DualDateValue } from '../../components';
import { NepaliTextInput } from '../../components/nepali-text-input';
import { governmentExperienceSchema, nonGovernmentExperienceSchema, PROFILE_UPLOADS } from '../../core-forms';
import { FilePicker } from '../../components/files/file-picker';
import { Field, OptionInput, OtherMessages, ReferenceSelect, SaveBar, useSectionForm } from '../form-kit';
import { useProfileFormat } from '../format';
import { saveRow, toFormData } from '../profile-api';
import { optionKey } from '../profile-options';
import type { GovernmentExperienceRow, NonGovernmentExperienceRow } from '../profile-types';
import { useReference, useReferenceName, type ReferenceRow } from '../reference-data';
import { NoneDeclaration } from '../none-declaration';
import { RowList } from '../row-list';
import type { TabProps } from './tab-props';

type GovernmentFields = {
  institutionName: string;
  address: string;
  post: string;
  service: string;
  group: string;
  subGroup: string;
  classId: number | null;
  employmentStatus: string | null;
  employmentType: string | null;
  employmentFrom: DualDateValue | null;
  employmentTo: DualDateValue | null;
  remarks: string;
  certificate: File | null;
};

const GOVERNMENT_ORDER = [
  'institutionName',
  'address',
  'post',
  'service',
  'group',
  'subGroup',
  'classId',
  'employmentStatus',
  'employmentType',
  'employmentFrom',
  'employmentTo',
  'remarks',
  'certificate',
];
const DATES = ['employmentFrom', 'employmentTo'] as const;

function governmentFieldsOf(row: GovernmentExperienceRow | null): GovernmentFields {
  return {
    institutionName: row?.institutionName ?? '',
    address: row?.address ?? '',
    post: row?.post ?? '',
    service: row?.service ?? '',
    group: row?.group ?? '',
    subGroup: row?.subGroup ?? '',
    classId: row?.classId ?? null,
    employmentStatus: row?.employmentStatus ?? null,
    employmentType: row?.employmentType ?? null,
    employmentFrom: row ? dualDateFromStored(row.employmentFromAd, row.employmentFromBs) : null,
    employmentTo: row?.employmentToAd ? dualDateFromStored(row.employmentToAd, row.employmentToBs) : null,
    remarks: row?.remarks ?? '',
    certificate: null,
  };
}

/** spec §3 "Government experience"; spec §4: the current post is "Working" and has no end date. */
function GovernmentForm({ row, close, isLocked }: { row: GovernmentExperienceRow | null; close: () => void; isLocked: boolean }) {
  const { t } = useTranslation();
  const section = useSectionForm<GovernmentFields>({ order: GOVERNMENT_ORDER, dateNames: DATES });
  const status = Form.useWatch('employmentStatus', section.form);
  const isWorking = status === 'working';

  async function submit(values: GovernmentFields) {
    const fields = {
      institutionName: values.institutionName,
      address: values.address,
      post: values.post,
      service: values.service,
      group: values.group,
      subGroup: values.subGroup,
      classId: values.classId ?? undefined,
      employmentStatus: values.employmentStatus ?? undefined,
      employmentType: values.employmentType ?? undefined,
      remarks: values.remarks,
      ...toDatePair('employmentFrom', values.employmentFrom),
      ...(values.employmentStatus === 'working' ? {} : toDatePair('employmentTo', values.employmentTo)),
    };
    const isSaved = await section.save(
      governmentExperienceSchema,
      fields,
      () => saveRow('government-experiences', row?.id ?? null, toFormData(fields, { certificate: values.certificate ?? undefined })),
      () => (values.certificate || row?.certificate ? {} : { certificate: [t('validation.fileRequired')] }),
    );
    if (isSaved) close();
  }

  return (
    <Form<GovernmentFields>
      form={section.form}
      name={`government-${row?.id ?? 'new'}`}
      layout="vertical"
      requiredMark={false}
      disabled={isLocked}
      initialValues={governmentFieldsOf(row)}
      onValuesChange={section.onValuesChange}
      onFinish={(values) => void submit(values)}
      className="profile-form"
    >
      <div className="profile-grid">
        <Field name="institutionName" label={t('profileForm.field.institutionName')} errors={section.errors} hint={t('profileForm.hint.lettersOnly')}>
          <NepaliTextInput maxLength={150} />
        </Field>
        <Field name="address" label={t('profileForm.field.officeAddress')} errors={section.errors}>
          <NepaliTextInput maxLength={150} />
        </Field>
        <Field name="post" label={t('profileForm.field.post')} errors={section.errors}>
          <NepaliTextInput maxLength={150} />
        </Field>
        <Field name="service" label={t('profileForm.field.service')} errors={section.errors} optional>
          <NepaliTextInput maxLength={150} />
        </Field>
        <Field name="group" label={t('profileForm.field.group')} errors={section.errors} optional>
          <NepaliTextInput maxLength={150} />
        </Field>
        <Field name="subGroup" label={t('profileForm.field.subGroup')} errors={section.errors} optional>
          <NepaliTextInput maxLength={150} />
        </Field>
        <Field name="classId" label={t('profileForm.field.class')} errors={section.errors} optional>
          <ReferenceSelect list="service-classes" allowClear />
        </Field>
        <Field name="employmentStatus" label={t('profileForm.field.employmentStatusGov')} errors={section.errors} hint={t('profileForm.hint.workingStatus')}>
          <OptionInput group="governmentEmploymentStatus" />
        </Field>
        <Field name="employmentType" label={t('profileForm.field.employmentType')} errors={section.errors}>
          <OptionInput group="employmentType" />
        </Field>
        <Field name="employmentFrom" label={t('profileForm.field.employmentFrom')} errors={section.errors}>
          <DualDateInput name={t('profileForm.field.employmentFrom')} />
        </Field>
        <Field name="employmentTo" label={t('profileForm.field.employmentTo')} errors={section.errors} hidden={isWorking}>
          <DualDateInput name={t('profileForm.field.employmentTo')} />
        </Field>
        <Field name="remarks" label={t('profileForm.field.remarks')} errors={section.errors} optional>
          <NepaliTextInput maxLength={1000} />
        </Field>
        <Field name="certificate" label={t('profileForm.field.experienceCertificate')} errors={section.errors}>
          <FilePicker rule={PROFILE_UPLOADS['government-experience-certificate']} existing={row?.certificate} label={t('profileForm.field.experienceCertificate')} />
        </Field>
      </div>
      <OtherMessages messages={section.errors.otherMessages(GOVERNMENT_ORDER)} />
      <SaveBar isSaving={section.isSaving} isLocked={isLocked} onCancel={close} />
    </Form>
  );
}

type NonGovernmentFields = {
  institutionName: string;
  post: string;
  employmentType: string | null;
  employmentFrom: DualDateValue | null;
  employmentTo: DualDateValue | null;
  expMatchOfficerLevel: boolean;
  certificate: File | null;
};

const NON_GOVERNMENT_ORDER = ['institutionName', 'post', 'employmentType', 'employmentFrom', 'employmentTo', 'expMatchOfficerLevel', 'certificate'];

function nonGovernmentFieldsOf(row: NonGovernmentExperienceRow | null): NonGovernmentFields {
  return {
    institutionName: row?.institutionName ?? '',
    post: row?.post ?? '',
    employmentType: row?.employmentType ?? null,
    employmentFrom: row ? dualDateFromStored(row.employmentFromAd, row.employmentFromBs) : null,
    employmentTo: row?.employmentToAd ? dualDateFromStored(row.employmentToAd, row.employmentToBs) : null,
    expMatchOfficerLevel: row?.expMatchOfficerLevel ?? false,
    certificate: null,
  };
}

/** spec §3 "Non-government experience" (its employmentStatus is labelled Post). */
function NonGovernmentForm({ row, close, isLocked }: { row: NonGovernmentExperienceRow | null; close: () => void; isLocked: boolean }) {
  const { t } = useTranslation();
  const section = useSectionForm<NonGovernmentFields>({ order: NON_GOVERNMENT_ORDER, dateNames: DATES });

  async function submit(values: NonGovernmentFields) {
    const fields = {
      institutionName: values.institutionName,
      post: values.post,
      employmentType: values.employmentType ?? undefined,
      expMatchOfficerLevel: values.expMatchOfficerLevel,
      ...toDatePair('employmentFrom', values.employmentFrom),
      ...toDatePair('employmentTo', values.employmentTo),
    };
    const isSaved = await section.save(
      nonGovernmentExperienceSchema,
      fields,
      () => saveRow('non-government-experiences', row?.id ?? null, toFormData(fields, { certificate: values.certificate ?? undefined })),
      () => (values.certificate || row?.certificate ? {} : { certificate: [t('validation.fileRequired')] }),
    );
    if (isSaved) close();
  }

  return (
    <Form<NonGovernmentFields>
      form={section.form}
      name={`non-government-${row?.id ?? 'new'}`}
      layout="vertical"
      requiredMark={false}
      disabled={isLocked}
      initialValues={nonGovernmentFieldsOf(row)}
      onValuesChange={section.onValuesChange}
      onFinish={(values) => void submit(values)}
      className="profile-form"
    >
      <div className="profile-grid">
        <Field name="institutionName" label={t('profileForm.field.institutionName')} errors={section.errors} hint={t('profileForm.hint.lettersOnly')}>
          <NepaliTextInput maxLength={150} />
        </Field>
        <Field name="post" label={t('profileForm.field.post')} errors={section.errors}>
          <NepaliTextInput maxLength={150} />
        </Field>
        <Field name="employmentType" label={t('profileForm.field.employmentType')} errors={section.errors}>
          <OptionInput group="employmentType" />
        </Field>
        <Field name="employmentFrom" label={t('profileForm.field.employmentFrom')} errors={section.errors}>
          <DualDateInput name={t('profileForm.field.employmentFrom')} />
        </Field>
        <Field name="employmentTo" label={t('profileForm.field.employmentTo')} errors={section.errors} optional hint={t('profileForm.hint.stillWorking')}>
          <DualDateInput name={t('profileForm.field.employmentTo')} />
        </Field>
        <Form.Item name="expMatchOfficerLevel" valuePropName="checked" {...section.errors.itemProps('expMatchOfficerLevel')}>
          <Checkbox>{t('profileForm.field.expMatchOfficerLevel')}</Checkbox>
        </Form.Item>
        <Field name="certificate" label={t('profileForm.field.experienceCertificate')} errors={section.errors}>
          <FilePicker rule={PROFILE_UPLOADS['non-government-experience-certificate']} existing={row?.certificate} label={t('profileForm.field.experienceCertificate')} />
        </Field>
      </div>
      <OtherMessages messages={section.errors.otherMessages(NON_GOVERNMENT_ORDER)} />
      <SaveBar isSaving={section.isSaving} isLocked={isLocked} onCancel={close} />
    </Form>
  );
}

/** spec §3 government and non-government experience; spec §5: government employees declare all. */
export default function ExperienceTab({ profile, isLocked }: TabProps) {
  const { t } = useTranslation();
  const format = useProfileFormat();
  const nameOf = useReferenceName();
  const classes = useReference<ReferenceRow>('service-classes');
  const dates = (from: string, fromBs: string | null, to: string | null, toBs: string | null) =>
    t('profileForm.period', { from: format.date(from, fromBs), to: to ? format.date(to, toBs) : t('profileForm.untilNow') });

  return (
    <div className="profile-tab">
      {profile.completeness.governmentExperienceRequired ? (
        <Alert type="warning" showIcon title={t('profile.governmentExperienceRequired')} className="profile-tab__alert" />
      ) : null}
      <RowList<GovernmentExperienceRow>
        path="government-experiences"
        title={t('profileForm.governmentExperience')}
        rows={profile.governmentExperiences}
        isLocked={isLocked}
        addLabel={t('profileForm.addGovernmentExperience')}
        emptyText={t('profileForm.noGovernmentExperience')}
        note={<p className="muted">{t('profileForm.governmentExperienceNote')}</p>}
        describe={(row) => ({
          heading: `${row.post} — ${row.institutionName}`,
          items: [
            { label: t('profileForm.field.officeAddress'), value: row.address },
            { label: t('profileForm.field.service'), value: format.text([row.service, row.group, row.subGroup].filter(Boolean).join(' / ')) },
            { label: t('profileForm.field.class'), value: nameOf(classes.rows.find((item) => item.id === row.classId)) || '—' },
            { label: t('profileForm.field.employmentStatusGov'), value: t(optionKey('governmentEmploymentStatus', row.employmentStatus)) },
            { label: t('profileForm.field.employmentType'), value: t(optionKey('employmentType', row.employmentType)) },
            { label: t('profileForm.field.period'), value: dates(row.employmentFromAd, row.employmentFromBs, row.employmentToAd, row.employmentToBs) },
            { label: t('profileForm.field.remarks'), value: format.text(row.remarks) },
          ],
          files: [{ label: t('profileForm.field.experienceCertificate'), file: row.certificate }],
        })}
        renderForm={(row, close) => <GovernmentForm row={row} close={close} isLocked={isLocked} />}
      />
      <RowList<NonGovernmentExperienceRow>
        path="non-government-experiences"
        title={t('profileForm.nonGovernmentExperience')}
        rows={profile.nonGovernmentExperiences}
        isLocked={isLocked}
        addLabel={t('profileForm.addNonGovernmentExperience')}
        emptyText={t('profileForm.noNonGovernmentExperience')}
        describe={(row) => ({
          heading: `${row.post} — ${row.institutionName}`,
          items: [
            { label: t('profileForm.field.employmentType'), value: t(optionKey('employmentType', row.employmentType)) },
            { label: t('profileForm.field.period'), value: dates(row.employmentFromAd, row.employmentFromBs, row.employmentToAd, row.employmentToBs) },
            { label: t('profileForm.field.expMatchOfficerLevel'), value: t(optionKey('yesNo', row.expMatchOfficerLevel ? 'yes' : 'no')) },
          ],
          files: [{ label: t('profileForm.field.experienceCertificate'), file: row.certificate }],
        })}
        renderForm={(row, close) => <NonGovernmentForm row={row} close={close} isLocked={isLocked} />}
      />
      {/* spec §5: a government employee lists all experience, so has no "none" to declare. */}
      {profile.governmentExperiences.length === 0 && profile.nonGovernmentExperiences.length === 0 && profile.extra?.employmentStatus !== 'government-service' ? (
        <NoneDeclaration section="experience" isDeclared={profile.declarations.experience} isLocked={isLocked} />
      ) : null}
    </div>
  );
}
