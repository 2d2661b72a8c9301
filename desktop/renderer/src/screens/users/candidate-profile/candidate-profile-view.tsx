import { toDevanagariDigits } from '@psc/core';
import { Card, Descriptions, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { formatDualDate } from '../../../components/dual-date';
import type { WorkstationMessageKey } from '../../../i18n/en';
import { useLanguage } from '../../../i18n/use-language';
import { CandidateFileButtons, CandidatePicture } from './candidate-file';
import { optionKey, type OptionGroup } from './profile-options';
import type { Address, CandidateProfile, FileRef } from './profile-types';
import { useReferenceLists, type ReferenceList } from './reference-lists';

// spec §2 fullDetails [UM]: the candidate's profile as the candidate's own preview reads it
// (portal preview tab), in the staff member's language: every field under its label, ids as the
// names they stand for, enumerations as their labels, dates in B.S. beside A.D. (spec §1),
// yes or no for a flag, and the files to look at or save.

type Row = [label: WorkstationMessageKey, value: ReactNode];

const DASH = '—';

function useProfileText() {
  const { t, language } = useLanguage();
  const { lists, isLoading } = useReferenceLists(true);
  return {
    t,
    language,
    text: (value: string | null | undefined) => (value && value.trim() ? value : DASH),
    digits: (value: string | number | null | undefined) =>
      value === null || value === undefined || value === '' ? DASH : language === 'ne' ? toDevanagariDigits(String(value)) : String(value),
    name: (list: ReferenceList, id: number | null | undefined) => {
      if (id === null || id === undefined) return DASH;
      const row = lists[list].get(id);
      if (!row) return isLoading ? '…' : DASH;
      return language === 'ne' ? row.nameNp : row.nameEn;
    },
    localLevel: (id: number | null | undefined) => {
      const row = id ? lists['local-levels'].get(id) : undefined;
      if (!row) return id && isLoading ? '…' : DASH;
      const type = language === 'ne' ? row.typeNameNp : row.typeNameEn;
      const name = language === 'ne' ? row.nameNp : row.nameEn;
      return type ? t('candidateProfile.localLevelOption', { name, type }) : name;
    },
    option: (group: OptionGroup, value: string | null | undefined) => {
      if (!value) return DASH;
      const key = optionKey(group, value);
      return key ? t(key) : value;
    },
    yesNo: (value: boolean | null | undefined) => (value === null || value === undefined ? DASH : t(value ? 'candidateProfile.option.yesNo.yes' : 'candidateProfile.option.yesNo.no')),
    date: (ad: string | null | undefined) => (ad ? formatDualDate(ad, language, false) : DASH),
  };
}

type ProfileText = ReturnType<typeof useProfileText>;

function Fields({ rows, testId }: { rows: Row[]; testId?: string }) {
  const { t } = useLanguage();
  return (
    <Descriptions bordered size="small" column={{ xs: 1, lg: 2 }} style={{ marginBottom: 12 }} data-testid={testId}>
      {rows.map(([label, value]) => (
        <Descriptions.Item key={label} label={t(label)}>
          {value}
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
}

function Section({ id, title, children, isEmpty }: { id: WorkstationMessageKey; title: ReactNode; children: ReactNode; isEmpty: boolean }) {
  const { t } = useLanguage();
  return (
    <Card type="inner" size="small" title={title} style={{ marginTop: 12 }} data-testid={`full-details-${id}`}>
      {isEmpty ? <Typography.Text type="secondary">{t('fullDetails.none')}</Typography.Text> : children}
    </Card>
  );
}

/** Numbered entries of a list section, each a small table of its fields. */
function Entries<T>({ items, rows, testId }: { items: T[]; rows: (item: T) => Row[]; testId: string }) {
  const { language } = useLanguage();
  return (
    <>
      {items.map((item, index) => (
        <div key={index}>
          <Typography.Text strong>{language === 'ne' ? toDevanagariDigits(index + 1) : index + 1}.</Typography.Text>
          <Fields rows={rows(item)} testId={`${testId}-${index}`} />
        </div>
      ))}
    </>
  );
}

function addressRows(address: Address, text: ProfileText): Row[] {
  return [
    ['candidateProfile.field.province', text.name('provinces', address.provinceId)],
    ['candidateProfile.field.district', text.name('districts', address.districtId)],
    ['candidateProfile.field.localLevel', text.localLevel(address.localLevelId)],
    ['candidateProfile.field.wardNo', text.digits(address.wardNo)],
    ['candidateProfile.field.marga', text.text(address.marga)],
    ['candidateProfile.field.tole', text.text(address.tole)],
    ['candidateProfile.field.gharNo', text.digits(address.gharNo)],
    ['candidateProfile.field.phoneNo', text.digits(address.phoneNo)],
    ['candidateProfile.field.mobileNo', text.digits(address.mobileNo)],
    ['candidateProfile.field.email', text.text(address.email)],
    ['candidateProfile.field.address', text.text(address.address)],
  ];
}

const DOCUMENT_KINDS = ['photograph', 'signature', 'citizenship-front', 'citizenship-back'] as const;

export function CandidateProfileView({ userId, profile }: { userId: number; profile: CandidateProfile }) {
  const text = useProfileText();
  const { t } = text;
  const { personal, extra } = profile;
  const fileName = (what: string) => `${personal.masterId ?? userId}-${what}`;
  const file = (what: string, ref: FileRef | null | undefined, testId?: string, title?: string) => (
    <CandidateFileButtons userId={userId} file={ref} name={fileName(what)} {...(testId ? { testId } : {})} {...(title ? { title } : {})} />
  );
  const choiceOrOther = (list: ReferenceList, id: number | null, other: string | null) =>
    id ? text.name(list, id) : other ? t('candidateProfile.preview.other', { text: other }) : DASH;
  const withOther = (group: OptionGroup, value: string | null, other: string | null) =>
    value === 'other' && other ? t('candidateProfile.preview.other', { text: other }) : text.option(group, value);
  const parentEducation = (value: string | null, level: string | null) =>
    value === 'higher-education' && level ? `${text.option('parentEducation', value)} (${level})` : text.option('parentEducation', value);
  const period = (from: string, to: string | null) => t('candidateProfile.period', { from: text.date(from), to: to ? text.date(to) : t('candidateProfile.untilNow') });
  const documentLabel = (kind: string) => t(`candidateProfile.document.${kind}` as WorkstationMessageKey);

  return (
    <div data-testid="candidate-profile">
      <Section id="fullDetails.personal" title={t('fullDetails.personal')} isEmpty={false}>
        <Space size={16} wrap align="start" style={{ marginBottom: 12 }} data-testid="candidate-pictures">
          {DOCUMENT_KINDS.map((kind) => (
            <CandidatePicture key={kind} userId={userId} file={profile.documents[kind]} label={documentLabel(kind)} testId={`candidate-picture-${kind}`} />
          ))}
        </Space>
        <Fields
          testId="candidate-personal"
          rows={[
            ['candidateProfile.field.nameNp', text.text([personal.firstNameNp, personal.middleNameNp, personal.lastNameNp].filter(Boolean).join(' '))],
            ['candidateProfile.field.nameEn', text.text([personal.firstNameEn, personal.middleNameEn, personal.lastNameEn].filter(Boolean).join(' '))],
            ['candidateProfile.field.gender', text.option('gender', personal.gender)],
            ['candidateProfile.field.dateOfBirth', text.date(personal.dateOfBirthAd)],
            ['candidateProfile.field.citizenshipNumber', text.digits(personal.citizenshipNumber)],
            ['candidateProfile.field.citizenshipIssueDistrict', text.name('districts', personal.citizenshipIssueDistrictId)],
            ['candidateProfile.field.citizenshipIssueDate', text.date(personal.citizenshipIssueDateAd)],
            ['candidateProfile.field.nationalId', text.digits(personal.nationalId)],
            ['candidateProfile.field.fathersName', text.text(personal.fathersName)],
            ['candidateProfile.field.mothersName', text.text(personal.mothersName)],
            ['candidateProfile.field.grandFathersName', text.text(personal.grandFathersName)],
            ['candidateProfile.field.husbandWifeName', text.text(personal.husbandWifeName)],
          ]}
        />
      </Section>

      <Section id="fullDetails.addresses" title={t('fullDetails.addresses')} isEmpty={!profile.addresses.permanent && !profile.addresses.mailing}>
        {(['permanent', 'mailing'] as const).map((kind) => {
          const address = profile.addresses[kind];
          return (
            <div key={kind}>
              <Typography.Title level={5}>{t(`candidateProfile.address.${kind}`)}</Typography.Title>
              {address ? <Fields rows={addressRows(address, text)} testId={`candidate-address-${kind}`} /> : <Typography.Paragraph type="secondary">{t('candidateProfile.preview.notGiven')}</Typography.Paragraph>}
            </div>
          );
        })}
      </Section>

      <Section id="fullDetails.extra" title={t('fullDetails.extra')} isEmpty={!extra}>
        {extra ? (
          <Fields
            testId="candidate-extra"
            rows={[
              ['candidateProfile.field.caste', choiceOrOther('castes', extra.casteId, extra.casteOther)],
              ['candidateProfile.field.religion', choiceOrOther('religions', extra.religionId, extra.religionOther)],
              ['candidateProfile.field.motherTongue', choiceOrOther('mother-tongues', extra.motherTongueId, extra.motherTongueOther)],
              ['candidateProfile.field.maritalStatus', text.option('maritalStatus', extra.maritalStatus)],
              ['candidateProfile.field.employmentStatus', withOther('employmentStatus', extra.employmentStatus, extra.employmentOther)],
              ['candidateProfile.field.physicallyDisabled', text.yesNo(extra.physicallyDisabled)],
              ...(extra.physicallyDisabled
                ? ([
                    ['candidateProfile.field.disabilityClass', text.name('disability-classes', extra.disabilityClassId)],
                    ['candidateProfile.field.disabilityType', text.name('disability-types', extra.disabilityTypeId)],
                  ] as Row[])
                : []),
              ['candidateProfile.field.fathersEducation', parentEducation(extra.fathersEducation, extra.fatherEducationLevel)],
              ['candidateProfile.field.mothersEducation', parentEducation(extra.mothersEducation, extra.motherEducationLevel)],
              ['candidateProfile.field.parentsMainOccupation', text.option('parentsMainOccupation', extra.parentsMainOccupation)],
              ['candidateProfile.field.fatherOccupation', withOther('parentOccupation', extra.fatherOccupation, extra.fatherOccupationOther)],
              ['candidateProfile.field.motherOccupation', withOther('parentOccupation', extra.motherOccupation, extra.motherOccupationOther)],
              ['candidateProfile.field.area', withOther('area', extra.area, extra.areaOther)],
            ]}
          />
        ) : null}
      </Section>

      <Section id="fullDetails.inclusiveGroups" title={t('fullDetails.inclusiveGroups')} isEmpty={profile.inclusiveGroups.length === 0}>
        <Entries
          testId="candidate-inclusive"
          items={profile.inclusiveGroups}
          rows={(row) => [
            ['candidateProfile.field.inclusiveGroup', text.option('inclusiveGroup', row.groupCode)],
            ['candidateProfile.field.casteGroup', text.name('caste-groups', row.casteGroupId)],
            ['candidateProfile.field.inclusiveDocument', file(`inclusive-${row.groupCode}`, row.document)],
          ]}
        />
      </Section>

      <Section id="fullDetails.educations" title={t('fullDetails.educations')} isEmpty={profile.educations.length === 0}>
        <Entries
          testId="candidate-education"
          items={profile.educations}
          rows={(row) => [
            ['candidateProfile.field.level', text.name('education-levels', row.levelId)],
            ['candidateProfile.field.university', text.name('universities', row.universityId)],
            ['candidateProfile.field.faculty', text.name('faculties', row.facultyId)],
            ['candidateProfile.field.educationType', text.option('educationType', row.educationType)],
            ['candidateProfile.field.majorSubject', text.text(row.majorSubject)],
            ['candidateProfile.field.score', `${text.digits(row.score)} (${text.option('scoreType', row.scoreType)})`],
            ['candidateProfile.field.division', text.option('division', row.division)],
            ['candidateProfile.field.passedDate', text.date(row.passedDateAd)],
            ['candidateProfile.field.description', text.text(row.description)],
            ['candidateProfile.field.transcriptFront', file(`education-${row.id}-transcript-front`, row.transcriptFront, `candidate-file-education-${row.id}-transcriptFront`)],
            ['candidateProfile.field.transcriptBack', file(`education-${row.id}-transcript-back`, row.transcriptBack)],
            ['candidateProfile.field.characterCertificate', file(`education-${row.id}-character`, row.characterCertificate)],
            ['candidateProfile.field.equivalentCertificate', file(`education-${row.id}-equivalence`, row.equivalentCertificate)],
          ]}
        />
      </Section>

      <Section id="fullDetails.trainings" title={t('fullDetails.trainings')} isEmpty={profile.trainings.length === 0}>
        <Entries
          testId="candidate-training"
          items={profile.trainings}
          rows={(row) => [
            ['candidateProfile.field.trainingName', text.text(row.trainingName)],
            ['candidateProfile.field.instituteName', text.text(row.instituteName)],
            ['candidateProfile.field.percentage', text.digits(row.percentage)],
            ['candidateProfile.field.division', text.option('division', row.division)],
            ['candidateProfile.field.period', period(row.trainingFromAd, row.trainingToAd)],
            ['candidateProfile.field.trainingCertificate', file(`training-${row.id}`, row.certificate)],
          ]}
        />
      </Section>

      <Section id="fullDetails.professionalCouncils" title={t('fullDetails.professionalCouncils')} isEmpty={profile.professionalCouncils.length === 0}>
        <Entries
          testId="candidate-council"
          items={profile.professionalCouncils}
          rows={(row) => [
            ['candidateProfile.field.councilName', text.text(row.councilName)],
            ['candidateProfile.field.councilType', text.option('councilType', row.councilType)],
            ['candidateProfile.field.degreeType', text.option('councilDegreeType', row.degreeType)],
            ['candidateProfile.field.dartaNo', text.digits(row.dartaNo)],
            ['candidateProfile.field.issuedDate', text.date(row.issuedDateAd)],
            ['candidateProfile.field.renewDate', text.date(row.renewDateAd)],
            ['candidateProfile.field.validityDate', text.date(row.validityDateAd)],
            ['candidateProfile.field.councilFront', file(`council-${row.id}-front`, row.front)],
            ['candidateProfile.field.councilBack', file(`council-${row.id}-back`, row.back)],
          ]}
        />
      </Section>

      <Section
        id="fullDetails.experiences"
        title={t('fullDetails.experiences')}
        isEmpty={profile.governmentExperiences.length === 0 && profile.nonGovernmentExperiences.length === 0}
      >
        {profile.governmentExperiences.length > 0 ? (
          <>
            <Typography.Title level={5}>{t('candidateProfile.governmentExperience')}</Typography.Title>
            <Entries
              testId="candidate-government-experience"
              items={profile.governmentExperiences}
              rows={(row) => [
                ['candidateProfile.field.institutionName', text.text(row.institutionName)],
                ['candidateProfile.field.officeAddress', text.text(row.address)],
                ['candidateProfile.field.post', text.text(row.post)],
                ['candidateProfile.field.service', text.text(row.service)],
                ['candidateProfile.field.group', text.text(row.group)],
                ['candidateProfile.field.subGroup', text.text(row.subGroup)],
                ['candidateProfile.field.class', text.name('service-classes', row.classId)],
                ['candidateProfile.field.employmentStatusGov', text.option('governmentEmploymentStatus', row.employmentStatus)],
                ['candidateProfile.field.employmentType', text.option('employmentType', row.employmentType)],
                ['candidateProfile.field.period', period(row.employmentFromAd, row.employmentToAd)],
                ['candidateProfile.field.remarks', text.text(row.remarks)],
                ['candidateProfile.field.experienceCertificate', file(`government-experience-${row.id}`, row.certificate)],
              ]}
            />
          </>
        ) : null}
        {profile.nonGovernmentExperiences.length > 0 ? (
          <>
            <Typography.Title level={5}>{t('candidateProfile.nonGovernmentExperience')}</Typography.Title>
            <Entries
              testId="candidate-non-government-experience"
              items={profile.nonGovernmentExperiences}
              rows={(row) => [
                ['candidateProfile.field.institutionName', text.text(row.institutionName)],
                ['candidateProfile.field.post', text.text(row.post)],
                ['candidateProfile.field.employmentType', text.option('employmentType', row.employmentType)],
                ['candidateProfile.field.period', period(row.employmentFromAd, row.employmentToAd)],
                ['candidateProfile.field.expMatchOfficerLevel', text.yesNo(row.expMatchOfficerLevel)],
                ['candidateProfile.field.experienceCertificate', file(`non-government-experience-${row.id}`, row.certificate)],
              ]}
            />
          </>
        ) : null}
      </Section>

      <Section id="fullDetails.documents" title={t('fullDetails.documents')} isEmpty={false}>
        <Descriptions bordered size="small" column={1} data-testid="candidate-documents">
          {DOCUMENT_KINDS.map((kind) => (
            <Descriptions.Item key={kind} label={documentLabel(kind)}>
              {file(kind, profile.documents[kind], `candidate-file-${kind}`, documentLabel(kind))}
            </Descriptions.Item>
          ))}
        </Descriptions>
      </Section>
    </div>
  );
}
