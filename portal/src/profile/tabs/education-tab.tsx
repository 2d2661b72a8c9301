import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { DualDateInput, dualDateFromStored, toDatePair, type DualDateValue } from '../../components';
import { NepaliTextInput } from '../../components/nepali-text-input';
import { educationSchema, PROFILE_UPLOADS } from '../../core-forms';
import { FilePicker } from '../../components/files/file-picker';
import { Field, OptionInput, OtherMessages, ReferenceSelect, SaveBar, useConfirmReplacingChange, useSectionForm } from '../form-kit';
import { useProfileFormat } from '../format';
import { saveRow, toFormData } from '../profile-api';
import { optionKey } from '../profile-options';
import type { EducationRow } from '../profile-types';
import { useReference, useReferenceName, type ReferenceRow } from '../reference-data';
import { RowList } from '../row-list';
import type { TabProps } from './tab-props';

type EducationFields = {
  universityId: number | null;
  levelId: number | null;
  facultyId: number | null;
  scoreType: string | null;
  score: string;
  majorSubject: string;
  description: string;
  educationType: string | null;
  passedDate: DualDateValue | null;
  division: string | null;
  transcriptFront: File | null;
  transcriptBack: File | null;
  characterCertificate: File | null;
  equivalentCertificate: File | null;
};

const FILES = ['transcriptFront', 'transcriptBack', 'characterCertificate', 'equivalentCertificate'] as const;
const ORDER = ['universityId', 'levelId', 'facultyId', 'educationType', 'scoreType', 'score', 'division', 'passedDate', 'majorSubject', 'description', ...FILES];
const DATES = ['passedDate'] as const;

function fieldsOf(row: EducationRow | null): EducationFields {
  return {
    universityId: row?.universityId ?? null,
    levelId: row?.levelId ?? null,
    facultyId: row?.facultyId ?? null,
    scoreType: row?.scoreType ?? 'percentage',
    score: row ? String(row.score) : '',
    majorSubject: row?.majorSubject ?? '',
    description: row?.description ?? '',
    educationType: row?.educationType ?? 'national',
    passedDate: row ? dualDateFromStored(row.passedDateAd, row.passedDateBs) : null,
    division: row?.division ?? null,
    transcriptFront: null,
    transcriptBack: null,
    characterCertificate: null,
    equivalentCertificate: null,
  };
}

function EducationForm({ row, close, isLocked }: { row: EducationRow | null; close: () => void; isLocked: boolean }) {
  const { t } = useTranslation();
  const section = useSectionForm<EducationFields>({ order: ORDER, dateNames: DATES });
  const { form } = section;
  const hasFiles = FILES.some((file) => row?.[file]);
  // spec §5: a new level deletes the files that proved the old one.
  const replacing = useConfirmReplacingChange(form, 'levelId', row?.levelId, hasFiles);
  const educationType = Form.useWatch('educationType', form);
  const scoreType = Form.useWatch('scoreType', form);
  const stored = (file: (typeof FILES)[number]) => (replacing.isReplacing ? null : (row?.[file] ?? null));

  async function submit(values: EducationFields) {
    const fields = {
      universityId: values.universityId ?? undefined,
      levelId: values.levelId ?? undefined,
      facultyId: values.facultyId ?? undefined,
      scoreType: values.scoreType ?? undefined,
      score: values.score,
      majorSubject: values.majorSubject,
      description: values.description,
      educationType: values.educationType ?? undefined,
      division: values.division ?? undefined,
      ...toDatePair('passedDate', values.passedDate),
    };
    // The API's file rules (transcript front always, equivalence for a foreign degree), said here first.
    const missingFiles = () => {
      const required: (typeof FILES)[number][] = values.educationType === 'foreign' ? ['transcriptFront', 'equivalentCertificate'] : ['transcriptFront'];
      return Object.fromEntries(required.filter((file) => !values[file] && !stored(file)).map((file) => [file, [t('validation.fileRequired')]]));
    };
    const files = Object.fromEntries(FILES.map((file) => [file, values[file] ?? undefined]));
    const isSaved = await section.save(educationSchema, fields, () => saveRow('educations', row?.id ?? null, toFormData(fields, files)), missingFiles);
    if (isSaved) close();
  }

  return (
    <Form<EducationFields>
      form={form}
      name={`education-${row?.id ?? 'new'}`}
      layout="vertical"
      requiredMark={false}
      disabled={isLocked}
      initialValues={fieldsOf(row)}
      onValuesChange={(changed) => {
        section.onValuesChange(changed);
        replacing.check(changed);
      }}
      onFinish={(values) => void submit(values)}
      className="profile-form"
    >
      <div className="profile-grid">
        <Field name="universityId" label={t('profileForm.field.university')} errors={section.errors}>
          <ReferenceSelect list="universities" />
        </Field>
        <Field name="levelId" label={t('profileForm.field.level')} errors={section.errors}>
          <ReferenceSelect list="education-levels" />
        </Field>
        <Field name="facultyId" label={t('profileForm.field.faculty')} errors={section.errors}>
          <ReferenceSelect list="faculties" />
        </Field>
        <Field name="educationType" label={t('profileForm.field.educationType')} errors={section.errors}>
          <OptionInput group="educationType" />
        </Field>
        <Field name="scoreType" label={t('profileForm.field.scoreType')} errors={section.errors}>
          <OptionInput group="scoreType" />
        </Field>
        <Field
          name="score"
          label={scoreType === 'gpa' ? t('profileForm.field.gpa') : t('profileForm.field.percentage')}
          errors={section.errors}
          hint={scoreType === 'gpa' ? t('profileForm.hint.gpa') : t('profileForm.hint.score')}
        >
          <Input inputMode="decimal" maxLength={6} />
        </Field>
        <Field name="division" label={t('profileForm.field.division')} errors={section.errors} optional>
          <OptionInput group="division" />
        </Field>
        <Field name="passedDate" label={t('profileForm.field.passedDate')} errors={section.errors}>
          <DualDateInput name={t('profileForm.field.passedDate')} />
        </Field>
        <Field name="majorSubject" label={t('profileForm.field.majorSubject')} errors={section.errors}>
          <NepaliTextInput maxLength={150} />
        </Field>
        <Field name="description" label={t('profileForm.field.description')} errors={section.errors} optional>
          <NepaliTextInput maxLength={1000} />
        </Field>
        <Field name="transcriptFront" label={t('profileForm.field.transcriptFront')} errors={section.errors}>
          <FilePicker rule={PROFILE_UPLOADS['transcript-front']} existing={stored('transcriptFront')} label={t('profileForm.field.transcriptFront')} />
        </Field>
        <Field name="transcriptBack" label={t('profileForm.field.transcriptBack')} errors={section.errors} optional>
          <FilePicker rule={PROFILE_UPLOADS['transcript-back']} existing={stored('transcriptBack')} label={t('profileForm.field.transcriptBack')} />
        </Field>
        <Field name="characterCertificate" label={t('profileForm.field.characterCertificate')} errors={section.errors} optional>
          <FilePicker rule={PROFILE_UPLOADS['character-certificate']} existing={stored('characterCertificate')} label={t('profileForm.field.characterCertificate')} />
        </Field>
        <Field
          name="equivalentCertificate"
          label={t('profileForm.field.equivalentCertificate')}
          errors={section.errors}
          optional={educationType !== 'foreign'}
          hint={t('profileForm.hint.equivalentCertificate')}
        >
          <FilePicker rule={PROFILE_UPLOADS['equivalent-certificate']} existing={stored('equivalentCertificate')} label={t('profileForm.field.equivalentCertificate')} />
        </Field>
      </div>
      <OtherMessages messages={section.errors.otherMessages(ORDER)} />
      <SaveBar isSaving={section.isSaving} isLocked={isLocked} onCancel={close} />
      {replacing.holder}
    </Form>
  );
}

/** spec §3 "Education": every qualification with its transcript and certificates. */
export default function EducationTab({ profile, isLocked }: TabProps) {
  const { t } = useTranslation();
  const format = useProfileFormat();
  const nameOf = useReferenceName();
  const universities = useReference<ReferenceRow>('universities');
  const levels = useReference<ReferenceRow>('education-levels');
  const faculties = useReference<ReferenceRow>('faculties');
  const find = (rows: ReferenceRow[], id: number) => nameOf(rows.find((row) => row.id === id)) || format.digits(id);

  return (
    <div className="profile-tab">
      <RowList<EducationRow>
        path="educations"
        title={t('profileTab.education')}
        rows={profile.educations}
        isLocked={isLocked}
        addLabel={t('profileForm.addEducation')}
        emptyText={t('profileForm.noEducation')}
        describe={(row) => ({
          heading: `${find(levels.rows, row.levelId)} — ${find(faculties.rows, row.facultyId)}`,
          items: [
            { label: t('profileForm.field.university'), value: find(universities.rows, row.universityId) },
            { label: t('profileForm.field.majorSubject'), value: row.majorSubject },
            {
              label: row.scoreType === 'gpa' ? t('profileForm.field.gpa') : t('profileForm.field.percentage'),
              value: format.digits(row.score),
            },
            { label: t('profileForm.field.division'), value: row.division ? t(optionKey('division', row.division)) : '—' },
            { label: t('profileForm.field.educationType'), value: t(optionKey('educationType', row.educationType)) },
            { label: t('profileForm.field.passedDate'), value: format.date(row.passedDateAd, row.passedDateBs) },
          ],
          files: FILES.map((file) => ({ label: t(`profileForm.field.${file}`), file: row[file] })),
        })}
        renderForm={(row, close) => <EducationForm row={row} close={close} isLocked={isLocked} />}
      />
    </div>
  );
}
