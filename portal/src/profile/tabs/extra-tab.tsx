import { Form } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { NepaliTextInput } from '../../components/nepali-text-input';
import { extraDetailsSchema, inclusiveGroupSchema, PROFILE_UPLOADS } from '../../core-forms';
import { FilePicker } from '../../components/files/file-picker';
import { Field, OTHER_CHOICE, OptionInput, OtherMessages, ReferenceSelect, SaveBar, YesNoInput, useConfirmReplacingChange, useSectionForm } from '../form-kit';
import { saveExtra, saveRow, toFormData } from '../profile-api';
import { optionKey } from '../profile-options';
import type { ExtraDetails, InclusiveGroupRow } from '../profile-types';
import { useReference, useReferenceName, type ReferenceRow } from '../reference-data';
import { RowList } from '../row-list';
import type { TabProps } from './tab-props';

type ExtraFields = {
  casteId: number | null;
  casteOther: string;
  religionId: number | null;
  religionOther: string;
  maritalStatus: string | null;
  employmentStatus: string | null;
  employmentOther: string;
  motherTongueId: number | null;
  motherTongueOther: string;
  physicallyDisabled: boolean | null;
  disabilityClassId: number | null;
  disabilityTypeId: number | null;
  fathersEducation: string | null;
  fatherEducationLevel: string;
  mothersEducation: string | null;
  motherEducationLevel: string;
  parentsMainOccupation: string | null;
  fatherOccupation: string | null;
  fatherOccupationOther: string;
  motherOccupation: string | null;
  motherOccupationOther: string;
  area: string | null;
  areaOther: string;
};

const ORDER = [
  'casteId',
  'casteOther',
  'religionId',
  'religionOther',
  'motherTongueId',
  'motherTongueOther',
  'maritalStatus',
  'employmentStatus',
  'employmentOther',
  'physicallyDisabled',
  'disabilityClassId',
  'disabilityTypeId',
  'fathersEducation',
  'fatherEducationLevel',
  'mothersEducation',
  'motherEducationLevel',
  'parentsMainOccupation',
  'fatherOccupation',
  'fatherOccupationOther',
  'motherOccupation',
  'motherOccupationOther',
  'area',
  'areaOther',
] as const;

/** A list choice, or "other" when the saved value is typed text (spec §3 casteOther, ...). */
function choiceOf(id: number | null, other: string | null): number | null {
  if (id !== null) return id;
  return other ? OTHER_CHOICE : null;
}

function fieldsOf(extra: ExtraDetails | null): ExtraFields {
  return {
    casteId: choiceOf(extra?.casteId ?? null, extra?.casteOther ?? null),
    casteOther: extra?.casteOther ?? '',
    religionId: choiceOf(extra?.religionId ?? null, extra?.religionOther ?? null),
    religionOther: extra?.religionOther ?? '',
    maritalStatus: extra?.maritalStatus ?? null,
    employmentStatus: extra?.employmentStatus ?? null,
    employmentOther: extra?.employmentOther ?? '',
    motherTongueId: choiceOf(extra?.motherTongueId ?? null, extra?.motherTongueOther ?? null),
    motherTongueOther: extra?.motherTongueOther ?? '',
    physicallyDisabled: extra ? extra.physicallyDisabled : null,
    disabilityClassId: extra?.disabilityClassId ?? null,
    disabilityTypeId: extra?.disabilityTypeId ?? null,
    fathersEducation: extra?.fathersEducation ?? null,
    fatherEducationLevel: extra?.fatherEducationLevel ?? '',
    mothersEducation: extra?.mothersEducation ?? null,
    motherEducationLevel: extra?.motherEducationLevel ?? '',
    parentsMainOccupation: extra?.parentsMainOccupation ?? null,
    fatherOccupation: extra?.fatherOccupation ?? null,
    fatherOccupationOther: extra?.fatherOccupationOther ?? '',
    motherOccupation: extra?.motherOccupation ?? null,
    motherOccupationOther: extra?.motherOccupationOther ?? '',
    area: extra?.area ?? null,
    areaOther: extra?.areaOther ?? '',
  };
}

/** The request body: a list id, or the typed "other" text; texts only where they apply. */
function toBody(values: ExtraFields): Record<string, unknown> {
  const pick = (id: number | null, other: string) => (id === OTHER_CHOICE ? { id: undefined, other } : { id: id ?? undefined, other: undefined });
  const caste = pick(values.casteId, values.casteOther);
  const religion = pick(values.religionId, values.religionOther);
  const motherTongue = pick(values.motherTongueId, values.motherTongueOther);
  const body: Record<string, unknown> = {
    casteId: caste.id,
    casteOther: caste.other,
    religionId: religion.id,
    religionOther: religion.other,
    motherTongueId: motherTongue.id,
    motherTongueOther: motherTongue.other,
    maritalStatus: values.maritalStatus ?? undefined,
    employmentStatus: values.employmentStatus ?? undefined,
    employmentOther: values.employmentStatus === 'other' ? values.employmentOther : undefined,
    physicallyDisabled: values.physicallyDisabled ?? undefined,
    disabilityClassId: values.physicallyDisabled ? (values.disabilityClassId ?? undefined) : undefined,
    disabilityTypeId: values.physicallyDisabled ? (values.disabilityTypeId ?? undefined) : undefined,
    fathersEducation: values.fathersEducation ?? undefined,
    fatherEducationLevel: values.fathersEducation === 'higher-education' ? values.fatherEducationLevel : undefined,
    mothersEducation: values.mothersEducation ?? undefined,
    motherEducationLevel: values.mothersEducation === 'higher-education' ? values.motherEducationLevel : undefined,
    parentsMainOccupation: values.parentsMainOccupation ?? undefined,
    fatherOccupation: values.fatherOccupation ?? undefined,
    fatherOccupationOther: values.fatherOccupation === 'other' ? values.fatherOccupationOther : undefined,
    motherOccupation: values.motherOccupation ?? undefined,
    motherOccupationOther: values.motherOccupation === 'other' ? values.motherOccupationOther : undefined,
    area: values.area ?? undefined,
    areaOther: values.area === 'other' ? values.areaOther : undefined,
  };
  for (const key of Object.keys(body)) if (body[key] === undefined || body[key] === '') delete body[key];
  return body;
}

/** spec §3 "Extra details", every enumerated value, with the "other" texts where they apply. */
function ExtraDetailsForm({ extra, isLocked }: { extra: ExtraDetails | null; isLocked: boolean }) {
  const { t } = useTranslation();
  const section = useSectionForm<ExtraFields>({ order: ORDER });
  const { form, isDirty } = section;
  const saved = useMemo(() => fieldsOf(extra), [extra]);

  useEffect(() => {
    if (!isDirty) form.setFieldsValue(saved);
  }, [saved, form, isDirty]);

  const watch = Form.useWatch([], form) as Partial<ExtraFields> | undefined;
  const values = watch ?? saved;

  async function submit() {
    const body = toBody({ ...saved, ...form.getFieldsValue() });
    await section.save(extraDetailsSchema, body, () => saveExtra(body));
  }

  const otherText = (name: keyof ExtraFields, label: string, isShown: boolean) => (
    <Field name={name} label={label} errors={section.errors} hidden={!isShown}>
      <NepaliTextInput maxLength={150} />
    </Field>
  );

  return (
    <section className="profile-subsection" aria-labelledby="extra-title">
      <h2 id="extra-title" className="profile-tab__title">
        {t('profileTab.extra')}
      </h2>
      <Form<ExtraFields>
        form={form}
        name="extra"
        layout="vertical"
        requiredMark={false}
        disabled={isLocked}
        initialValues={saved}
        onValuesChange={section.onValuesChange}
        onFinish={() => void submit()}
        className="profile-form"
      >
        <div className="profile-grid">
          <Field name="casteId" label={t('profileForm.field.caste')} errors={section.errors}>
            <ReferenceSelect list="castes" withOther />
          </Field>
          {otherText('casteOther', t('profileForm.field.casteOther'), values.casteId === OTHER_CHOICE)}
          <Field name="religionId" label={t('profileForm.field.religion')} errors={section.errors}>
            <ReferenceSelect list="religions" withOther />
          </Field>
          {otherText('religionOther', t('profileForm.field.religionOther'), values.religionId === OTHER_CHOICE)}
          <Field name="motherTongueId" label={t('profileForm.field.motherTongue')} errors={section.errors}>
            <ReferenceSelect list="mother-tongues" withOther />
          </Field>
          {otherText('motherTongueOther', t('profileForm.field.motherTongueOther'), values.motherTongueId === OTHER_CHOICE)}
          <Field name="maritalStatus" label={t('profileForm.field.maritalStatus')} errors={section.errors}>
            <OptionInput group="maritalStatus" />
          </Field>
          <Field name="employmentStatus" label={t('profileForm.field.employmentStatus')} errors={section.errors}>
            <OptionInput group="employmentStatus" />
          </Field>
          {otherText('employmentOther', t('profileForm.field.employmentOther'), values.employmentStatus === 'other')}
        </div>
        <div className="profile-grid">
          <Field name="physicallyDisabled" label={t('profileForm.field.physicallyDisabled')} errors={section.errors}>
            <YesNoInput />
          </Field>
          {/* spec §3: disability class and type only for a physically disabled candidate. */}
          <Field name="disabilityClassId" label={t('profileForm.field.disabilityClass')} errors={section.errors} hidden={values.physicallyDisabled !== true}>
            <ReferenceSelect list="disability-classes" />
          </Field>
          <Field name="disabilityTypeId" label={t('profileForm.field.disabilityType')} errors={section.errors} hidden={values.physicallyDisabled !== true}>
            <ReferenceSelect list="disability-types" />
          </Field>
        </div>
        <div className="profile-grid">
          <Field name="fathersEducation" label={t('profileForm.field.fathersEducation')} errors={section.errors}>
            <OptionInput group="parentEducation" />
          </Field>
          {otherText('fatherEducationLevel', t('profileForm.field.fatherEducationLevel'), values.fathersEducation === 'higher-education')}
          <Field name="mothersEducation" label={t('profileForm.field.mothersEducation')} errors={section.errors}>
            <OptionInput group="parentEducation" />
          </Field>
          {otherText('motherEducationLevel', t('profileForm.field.motherEducationLevel'), values.mothersEducation === 'higher-education')}
          <Field name="parentsMainOccupation" label={t('profileForm.field.parentsMainOccupation')} errors={section.errors}>
            <OptionInput group="parentsMainOccupation" />
          </Field>
          <Field name="fatherOccupation" label={t('profileForm.field.fatherOccupation')} errors={section.errors}>
            <OptionInput group="parentOccupation" />
          </Field>
          {otherText('fatherOccupationOther', t('profileForm.field.fatherOccupationOther'), values.fatherOccupation === 'other')}
          <Field name="motherOccupation" label={t('profileForm.field.motherOccupation')} errors={section.errors}>
            <OptionInput group="parentOccupation" />
          </Field>
          {otherText('motherOccupationOther', t('profileForm.field.motherOccupationOther'), values.motherOccupation === 'other')}
          <Field name="area" label={t('profileForm.field.area')} errors={section.errors}>
            <OptionInput group="area" />
          </Field>
          {otherText('areaOther', t('profileForm.field.areaOther'), values.area === 'other')}
        </div>
        <OtherMessages messages={section.errors.otherMessages(ORDER)} />
        <SaveBar isSaving={section.isSaving} isLocked={isLocked} />
      </Form>
    </section>
  );
}

type GroupFields = { groupCode: string | null; casteGroupId: number | null; document: File | null };

/** One inclusive group (samuha barga) with its document (spec §3, §5). */
function InclusiveGroupForm({ row, close, isLocked, claimed }: { row: InclusiveGroupRow | null; close: () => void; isLocked: boolean; claimed: readonly string[] }) {
  const { t } = useTranslation();
  const section = useSectionForm<GroupFields>({ order: ['groupCode', 'casteGroupId', 'document'] });
  const { form } = section;
  const replacing = useConfirmReplacingChange(form, 'groupCode', row?.groupCode, Boolean(row?.document));
  const initial: GroupFields = { groupCode: row?.groupCode ?? null, casteGroupId: row?.casteGroupId ?? null, document: null };
  const available = ['women', 'adivasi-janajati', 'madhesi', 'dalit', 'disabled', 'backward-area'].filter(
    (code) => code === row?.groupCode || !claimed.includes(code),
  );

  async function submit(values: GroupFields) {
    const fields = { groupCode: values.groupCode ?? undefined, casteGroupId: values.casteGroupId ?? undefined };
    const hasStoredFile = Boolean(row?.document) && !replacing.isReplacing;
    const isSaved = await section.save(
      inclusiveGroupSchema,
      fields,
      () => saveRow('inclusive-groups', row?.id ?? null, toFormData(fields, { document: values.document ?? undefined })),
      () => (values.document || hasStoredFile ? {} : { document: [t('validation.fileRequired')] }),
    );
    if (isSaved) close();
  }

  return (
    <Form<GroupFields>
      form={form}
      name={`inclusive-group-${row?.id ?? 'new'}`}
      layout="vertical"
      requiredMark={false}
      disabled={isLocked}
      initialValues={initial}
      onValuesChange={(changed) => {
        section.onValuesChange(changed);
        replacing.check(changed);
      }}
      onFinish={(values) => void submit(values)}
      className="profile-form"
    >
      <div className="profile-grid">
        <Field name="groupCode" label={t('profileForm.field.inclusiveGroup')} errors={section.errors}>
          <OptionInput group="inclusiveGroup" only={available} />
        </Field>
        <Field name="casteGroupId" label={t('profileForm.field.casteGroup')} errors={section.errors} optional>
          <ReferenceSelect list="caste-groups" allowClear />
        </Field>
        <Field name="document" label={t('profileForm.field.inclusiveDocument')} errors={section.errors} hint={t('profileForm.hint.inclusiveDocument')}>
          <FilePicker rule={PROFILE_UPLOADS['inclusive-group']} existing={replacing.isReplacing ? null : row?.document} label={t('profileForm.field.inclusiveDocument')} />
        </Field>
      </div>
      <OtherMessages messages={section.errors.otherMessages(['groupCode', 'casteGroupId', 'document'])} />
      <SaveBar isSaving={section.isSaving} isLocked={isLocked} onCancel={close} />
      {replacing.holder}
    </Form>
  );
}

/** spec §3 extra details and the inclusive groups claimed (samuhaBarga). */
export default function ExtraTab({ profile, isLocked }: TabProps) {
  const { t } = useTranslation();
  const nameOf = useReferenceName();
  const casteGroups = useReference<ReferenceRow>('caste-groups');
  const claimed = profile.inclusiveGroups.map((group) => group.groupCode);
  return (
    <div className="profile-tab">
      <ExtraDetailsForm extra={profile.extra} isLocked={isLocked} />
      <RowList<InclusiveGroupRow>
        path="inclusive-groups"
        title={t('profileForm.inclusiveGroups')}
        rows={profile.inclusiveGroups}
        isLocked={isLocked}
        addLabel={t('profileForm.addInclusiveGroup')}
        emptyText={t('profileForm.noInclusiveGroups')}
        note={<p className="muted">{t('profileForm.inclusiveGroupNote')}</p>}
        describe={(row) => ({
          heading: t(optionKey('inclusiveGroup', row.groupCode)),
          items: [
            {
              label: t('profileForm.field.casteGroup'),
              value: nameOf(casteGroups.rows.find((group) => group.id === row.casteGroupId)) || '—',
            },
          ],
          files: [{ label: t('profileForm.field.inclusiveDocument'), file: row.document }],
        })}
        renderForm={(row, close) => <InclusiveGroupForm row={row} close={close} isLocked={isLocked} claimed={claimed} />}
      />
    </div>
  );
}
