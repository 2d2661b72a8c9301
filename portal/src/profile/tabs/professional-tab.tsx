import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { DualDateInput, dualDateFromStored, toDatePair, type DualDateValue } from '../../components';
import { NepaliTextInput } from '../../components/nepali-text-input';
import { professionalCouncilSchema, PROFILE_UPLOADS } from '../../core-forms';
import { FilePicker } from '../../components/files/file-picker';
import { Field, OptionInput, OtherMessages, SaveBar, useSectionForm } from '../form-kit';
import { useProfileFormat } from '../format';
import { saveRow, toFormData } from '../profile-api';
import { optionKey } from '../profile-options';
import type { ProfessionalCouncilRow } from '../profile-types';
import { NoneDeclaration } from '../none-declaration';
import { RowList } from '../row-list';
import type { TabProps } from './tab-props';

type CouncilFields = {
  councilName: string;
  councilType: string | null;
  degreeType: string | null;
  dartaNo: string;
  issuedDate: DualDateValue | null;
  renewDate: DualDateValue | null;
  validityDate: DualDateValue | null;
  front: File | null;
  back: File | null;
};

const ORDER = ['councilName', 'councilType', 'degreeType', 'dartaNo', 'issuedDate', 'renewDate', 'validityDate', 'front', 'back'];
const DATES = ['issuedDate', 'renewDate', 'validityDate'] as const;

function fieldsOf(row: ProfessionalCouncilRow | null): CouncilFields {
  return {
    councilName: row?.councilName ?? '',
    councilType: row?.councilType ?? null,
    degreeType: row?.degreeType ?? null,
    dartaNo: row?.dartaNo ?? '',
    issuedDate: row ? dualDateFromStored(row.issuedDateAd, row.issuedDateBs) : null,
    renewDate: row?.renewDateAd ? dualDateFromStored(row.renewDateAd, row.renewDateBs) : null,
    validityDate: row?.validityDateAd ? dualDateFromStored(row.validityDateAd, row.validityDateBs) : null,
    front: null,
    back: null,
  };
}

/** spec §3 "Professional council": registration with a council, with the certificate's two sides. */
function CouncilForm({ row, close, isLocked }: { row: ProfessionalCouncilRow | null; close: () => void; isLocked: boolean }) {
  const { t } = useTranslation();
  const section = useSectionForm<CouncilFields>({ order: ORDER, dateNames: DATES });
  const degreeType = Form.useWatch('degreeType', section.form);

  async function submit(values: CouncilFields) {
    const fields = {
      councilName: values.councilName,
      councilType: values.councilType ?? undefined,
      degreeType: values.degreeType ?? undefined,
      dartaNo: values.dartaNo,
      ...toDatePair('issuedDate', values.issuedDate),
      ...toDatePair('renewDate', values.renewDate),
      ...toDatePair('validityDate', values.validityDate),
    };
    const isSaved = await section.save(
      professionalCouncilSchema,
      fields,
      () => saveRow('professional-councils', row?.id ?? null, toFormData(fields, { front: values.front ?? undefined, back: values.back ?? undefined })),
      () => (values.front || row?.front ? {} : { front: [t('validation.fileRequired')] }),
    );
    if (isSaved) close();
  }

  return (
    <Form<CouncilFields>
      form={section.form}
      name={`council-${row?.id ?? 'new'}`}
      layout="vertical"
      requiredMark={false}
      disabled={isLocked}
      initialValues={fieldsOf(row)}
      onValuesChange={section.onValuesChange}
      onFinish={(values) => void submit(values)}
      className="profile-form"
    >
      <div className="profile-grid">
        <Field name="councilName" label={t('profileForm.field.councilName')} errors={section.errors}>
          <NepaliTextInput maxLength={150} />
        </Field>
        <Field name="councilType" label={t('profileForm.field.councilType')} errors={section.errors}>
          <OptionInput group="councilType" />
        </Field>
        <Field name="degreeType" label={t('profileForm.field.degreeType')} errors={section.errors}>
          <OptionInput group="councilDegreeType" />
        </Field>
        <Field name="dartaNo" label={t('profileForm.field.dartaNo')} errors={section.errors}>
          <Input maxLength={50} />
        </Field>
        <Field name="issuedDate" label={t('profileForm.field.issuedDate')} errors={section.errors}>
          <DualDateInput name={t('profileForm.field.issuedDate')} />
        </Field>
        <Field name="renewDate" label={t('profileForm.field.renewDate')} errors={section.errors} optional>
          <DualDateInput name={t('profileForm.field.renewDate')} />
        </Field>
        <Field name="validityDate" label={t('profileForm.field.validityDate')} errors={section.errors} optional={degreeType !== 'temporary'} hint={t('profileForm.hint.validityDate')}>
          <DualDateInput name={t('profileForm.field.validityDate')} />
        </Field>
        <Field name="front" label={t('profileForm.field.councilFront')} errors={section.errors}>
          <FilePicker rule={PROFILE_UPLOADS['council-front']} existing={row?.front} label={t('profileForm.field.councilFront')} />
        </Field>
        <Field name="back" label={t('profileForm.field.councilBack')} errors={section.errors} optional>
          <FilePicker rule={PROFILE_UPLOADS['council-back']} existing={row?.back} label={t('profileForm.field.councilBack')} />
        </Field>
      </div>
      <OtherMessages messages={section.errors.otherMessages(ORDER)} />
      <SaveBar isSaving={section.isSaving} isLocked={isLocked} onCancel={close} />
    </Form>
  );
}

export default function ProfessionalTab({ profile, isLocked }: TabProps) {
  const { t } = useTranslation();
  const format = useProfileFormat();
  return (
    <div className="profile-tab">
      <RowList<ProfessionalCouncilRow>
        path="professional-councils"
        title={t('profileTab.professional')}
        rows={profile.professionalCouncils}
        isLocked={isLocked}
        addLabel={t('profileForm.addCouncil')}
        emptyText={t('profileForm.noCouncil')}
        describe={(row) => ({
          heading: row.councilName,
          items: [
            { label: t('profileForm.field.councilType'), value: t(optionKey('councilType', row.councilType)) },
            { label: t('profileForm.field.degreeType'), value: t(optionKey('councilDegreeType', row.degreeType)) },
            { label: t('profileForm.field.dartaNo'), value: format.digits(row.dartaNo) },
            { label: t('profileForm.field.issuedDate'), value: format.date(row.issuedDateAd, row.issuedDateBs) },
            { label: t('profileForm.field.renewDate'), value: format.date(row.renewDateAd, row.renewDateBs) },
            { label: t('profileForm.field.validityDate'), value: format.date(row.validityDateAd, row.validityDateBs) },
          ],
          files: [
            { label: t('profileForm.field.councilFront'), file: row.front },
            { label: t('profileForm.field.councilBack'), file: row.back },
          ],
        })}
        renderForm={(row, close) => <CouncilForm row={row} close={close} isLocked={isLocked} />}
      />
      {profile.professionalCouncils.length === 0 ? (
        <NoneDeclaration section="professional" isDeclared={profile.declarations.professional} isLocked={isLocked} />
      ) : null}
    </div>
  );
}
