import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { DualDateInput, dualDateFromStored, toDatePair, type DualDateValue } from '../../components';
import { NepaliTextInput } from '../../components/nepali-text-input';
import { PROFILE_UPLOADS, trainingSchema } from '../../core-forms';
import { FilePicker } from '../../components/files/file-picker';
import { Field, OptionInput, OtherMessages, SaveBar, useSectionForm } from '../form-kit';
import { useProfileFormat } from '../format';
import { saveRow, toFormData } from '../profile-api';
import { optionKey } from '../profile-options';
import type { TrainingRow } from '../profile-types';
import { NoneDeclaration } from '../none-declaration';
import { RowList } from '../row-list';
import type { TabProps } from './tab-props';

type TrainingFields = {
  instituteName: string;
  trainingName: string;
  percentage: string;
  trainingFrom: DualDateValue | null;
  trainingTo: DualDateValue | null;
  division: string | null;
  certificate: File | null;
};

const ORDER = ['instituteName', 'trainingName', 'percentage', 'division', 'trainingFrom', 'trainingTo', 'certificate'];
const DATES = ['trainingFrom', 'trainingTo'] as const;

function fieldsOf(row: TrainingRow | null): TrainingFields {
  return {
    instituteName: row?.instituteName ?? '',
    trainingName: row?.trainingName ?? '',
    percentage: row ? String(row.percentage) : '',
    trainingFrom: row ? dualDateFromStored(row.trainingFromAd, row.trainingFromBs) : null,
    trainingTo: row ? dualDateFromStored(row.trainingToAd, row.trainingToBs) : null,
    division: row?.division ?? null,
    certificate: null,
  };
}

/** spec §3 "Training" with spec §5's rules: every field and the document required. */
function TrainingForm({ row, close, isLocked }: { row: TrainingRow | null; close: () => void; isLocked: boolean }) {
  const { t } = useTranslation();
  const section = useSectionForm<TrainingFields>({ order: ORDER, dateNames: DATES });

  async function submit(values: TrainingFields) {
    const fields = {
      instituteName: values.instituteName,
      trainingName: values.trainingName,
      percentage: values.percentage,
      division: values.division ?? undefined,
      ...toDatePair('trainingFrom', values.trainingFrom),
      ...toDatePair('trainingTo', values.trainingTo),
    };
    const isSaved = await section.save(
      trainingSchema,
      fields,
      () => saveRow('trainings', row?.id ?? null, toFormData(fields, { certificate: values.certificate ?? undefined })),
      () => (values.certificate || row?.certificate ? {} : { certificate: [t('validation.fileRequired')] }),
    );
    if (isSaved) close();
  }

  return (
    <Form<TrainingFields>
      form={section.form}
      name={`training-${row?.id ?? 'new'}`}
      layout="vertical"
      requiredMark={false}
      disabled={isLocked}
      initialValues={fieldsOf(row)}
      onValuesChange={section.onValuesChange}
      onFinish={(values) => void submit(values)}
      className="profile-form"
    >
      <div className="profile-grid">
        <Field name="instituteName" label={t('profileForm.field.instituteName')} errors={section.errors} hint={t('profileForm.hint.lettersOnly')}>
          <NepaliTextInput maxLength={150} />
        </Field>
        <Field name="trainingName" label={t('profileForm.field.trainingName')} errors={section.errors}>
          <NepaliTextInput maxLength={150} />
        </Field>
        <Field name="percentage" label={t('profileForm.field.percentage')} errors={section.errors} hint={t('profileForm.hint.trainingPercentage')}>
          <Input inputMode="decimal" maxLength={6} />
        </Field>
        <Field name="division" label={t('profileForm.field.division')} errors={section.errors}>
          <OptionInput group="division" />
        </Field>
        <Field name="trainingFrom" label={t('profileForm.field.trainingFrom')} errors={section.errors}>
          <DualDateInput name={t('profileForm.field.trainingFrom')} />
        </Field>
        <Field name="trainingTo" label={t('profileForm.field.trainingTo')} errors={section.errors}>
          <DualDateInput name={t('profileForm.field.trainingTo')} />
        </Field>
        <Field name="certificate" label={t('profileForm.field.trainingCertificate')} errors={section.errors}>
          <FilePicker rule={PROFILE_UPLOADS['training-certificate']} existing={row?.certificate} label={t('profileForm.field.trainingCertificate')} />
        </Field>
      </div>
      <OtherMessages messages={section.errors.otherMessages(ORDER)} />
      <SaveBar isSaving={section.isSaving} isLocked={isLocked} onCancel={close} />
    </Form>
  );
}

export default function TrainingTab({ profile, isLocked }: TabProps) {
  const { t } = useTranslation();
  const format = useProfileFormat();
  return (
    <div className="profile-tab">
      <RowList<TrainingRow>
        path="trainings"
        title={t('profileTab.training')}
        rows={profile.trainings}
        isLocked={isLocked}
        addLabel={t('profileForm.addTraining')}
        emptyText={t('profileForm.noTraining')}
        describe={(row) => ({
          heading: row.trainingName,
          items: [
            { label: t('profileForm.field.instituteName'), value: row.instituteName },
            { label: t('profileForm.field.percentage'), value: format.digits(row.percentage) },
            { label: t('profileForm.field.division'), value: t(optionKey('division', row.division)) },
            { label: t('profileForm.field.trainingFrom'), value: format.date(row.trainingFromAd, row.trainingFromBs) },
            { label: t('profileForm.field.trainingTo'), value: format.date(row.trainingToAd, row.trainingToBs) },
          ],
          files: [{ label: t('profileForm.field.trainingCertificate'), file: row.certificate }],
        })}
        renderForm={(row, close) => <TrainingForm row={row} close={close} isLocked={isLocked} />}
      />
      {profile.trainings.length === 0 ? <NoneDeclaration section="training" isDeclared={profile.declarations.training} isLocked={isLocked} /> : null}
    </div>
  );
}
