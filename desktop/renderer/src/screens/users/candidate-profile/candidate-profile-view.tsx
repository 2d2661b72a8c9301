import {
  formatPhoneNumber,
  isProfileLabelKey,
  PROFILE_DOCUMENT_KINDS,
  profileOptionKey,
  toDevanagariDigits,
  type AddressView,
  type ProfileDocumentKind,
  type ProfileFileRef,
  type ProfileOptionGroup,
  type ProfileView,
} from '@psc/core';
import { Card, Descriptions, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { formatDualDate } from '../../../components/dual-date';
import type { WorkstationMessageKey } from '../../../i18n/en';
import { useLanguage } from '../../../i18n/use-language';
import { CandidateFileButtons, CandidatePicture } from './candidate-file';
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
      return type ? t('profileForm.localLevelOption', { name, type }) : name;
    },
    // A value the labels do not know is shown as stored, never as a catalogue key.
    option: (group: ProfileOptionGroup, value: string | null | undefined) => {
      if (!value) return DASH;
      const key = profileOptionKey(group, value);
      return isProfileLabelKey(key) ? t(key) : value;
    },
    yesNo: (value: boolean | null | undefined) => (value === null || value === undefined ? DASH : t(value ? 'profileForm.option.yesNo.yes' : 'profileForm.option.yesNo.no')),
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

function addressRows(address: AddressView, text: ProfileText): Row[] {
  return [
    ['profileForm.field.province', text.name('provinces', address.provinceId)],
    ['profileForm.field.district', text.name('districts', address.districtId)],
    ['profileForm.field.localLevel', text.localLevel(address.localLevelId)],
    ['profileForm.field.wardNo', text.digits(address.wardNo)],
    ['profileForm.field.marga', text.text(address.marga)],
    ['profileForm.field.tole', text.text(address.tole)],
    ['profileForm.field.gharNo', text.digits(address.gharNo)],
    ['profileForm.field.phoneNo', address.phoneNo ? formatPhoneNumber(address.phoneNo, text.language) : DASH],
    ['profileForm.field.mobileNo', address.mobileNo ? formatPhoneNumber(address.mobileNo, text.language) : DASH],
    ['profileForm.field.email', text.text(address.email)],
    ['profileForm.field.address', text.text(address.address)],
  ];
}

export function CandidateProfileView({ userId, profile }: { userId: number; profile: ProfileView }) {
  const text = useProfileText();
  const { t } = text;
  const { personal, extra } = profile;
  const fileName = (what: string) => `${personal.masterId ?? userId}-${what}`;
  const file = (what: string, ref: ProfileFileRef | null | undefined, testId?: string, title?: string) => (
    <CandidateFileButtons userId={userId} file={ref} name={fileName(what)} {...(testId ? { testId } : {})} {...(title ? { title } : {})} />
  );
  const choiceOrOther = (list: ReferenceList, id: number | null, other: string | null) =>
    id ? text.name(list, id) : other ? t('profileForm.preview.other', { text: other }) : DASH;
  const withOther = (group: ProfileOptionGroup, value: string | null, other: string | null) =>
    value === 'other' && other ? t('profileForm.preview.other', { text: other }) : text.option(group, value);
  const parentEducation = (value: string | null, level: string | null) =>
    value === 'higher-education' && level ? `${text.option('parentEducation', value)} (${level})` : text.option('parentEducation', value);
  const period = (from: string, to: string | null) => t('profileForm.period', { from: text.date(from), to: to ? text.date(to) : t('profileForm.untilNow') });
  const documentLabel = (kind: ProfileDocumentKind) => t(`profileForm.document.${kind}`);

  return (
    <div data-testid="candidate-profile">
      <Section id="fullDetails.personal" title={t('fullDetails.personal')} isEmpty={false}>
        <Space size={16} wrap align="start" style={{ marginBottom: 12 }} data-testid="candidate-pictures">
          {PROFILE_DOCUMENT_KINDS.map((kind) => (
            <CandidatePicture key={kind} userId={userId} file={profile.documents[kind]} label={documentLabel(kind)} testId={`candidate-picture-${kind}`} />
          ))}
        </Space>
        <Fields
          testId="candidate-personal"
          rows={[
            ['profileForm.field.nameNp', text.text([personal.firstNameNp, personal.middleNameNp, personal.lastNameNp].filter(Boolean).join(' '))],
            ['profileForm.field.nameEn', text.text([personal.firstNameEn, personal.middleNameEn, personal.lastNameEn].filter(Boolean).join(' '))],
            ['profileForm.field.gender', text.option('gender', personal.gender)],
            ['profileForm.field.dateOfBirth', text.date(personal.dateOfBirthAd)],
            ['profileForm.field.citizenshipNumber', text.digits(personal.citizenshipNumber)],
            ['profileForm.field.citizenshipIssueDistrict', text.name('districts', personal.citizenshipIssueDistrictId)],
            ['profileForm.field.citizenshipIssueDate', text.date(personal.citizenshipIssueDateAd)],
            ['profileForm.field.nationalId', text.digits(personal.nationalId)],
            ['profileForm.field.fathersName', text.text(personal.fathersName)],
            ['profileForm.field.mothersName', text.text(personal.mothersName)],
            ['profileForm.field.grandFathersName', text.text(personal.grandFathersName)],
            ['profileForm.field.husbandWifeName', text.text(personal.husbandWifeName)],
          ]}
        />
      </Section>

      <Section id="fullDetails.addresses" title={t('fullDetails.addresses')} isEmpty={!profile.addresses.permanent && !profile.addresses.mailing}>
        {(['permanent', 'mailing'] as const).map((kind) => {
          const address = profile.addresses[kind];
          return (
            <div key={kind}>
              <Typography.Title level={5}>{t(`profileForm.address.${kind}`)}</Typography.Title>
              {address ? <Fields rows={addressRows(address, text)} testId={`candidate-address-${kind}`} /> : <Typography.Paragraph type="secondary">{t('profileForm.preview.notGiven')}</Typography.Paragraph>}
            </div>
          );
        })}
      </Section>

      <Section id="fullDetails.extra" title={t('fullDetails.extra')} isEmpty={!extra}>
        {extra ? (
          <Fields
            testId="candidate-extra"
            rows={[
              ['profileForm.field.caste', choiceOrOther('castes', extra.casteId, extra.casteOther)],
              ['profileForm.field.religion', choiceOrOther('religions', extra.religionId, extra.religionOther)],
              ['profileForm.field.motherTongue', choiceOrOther('mother-tongues', extra.motherTongueId, extra.motherTongueOther)],
              ['profileForm.field.maritalStatus', text.option('maritalStatus', extra.maritalStatus)],
              ['profileForm.field.employmentStatus', withOther('employmentStatus', extra.employmentStatus, extra.employmentOther)],
              ['profileForm.field.physicallyDisabled', text.yesNo(extra.physicallyDisabled)],
              ...(extra.physicallyDisabled
                ? ([
                    ['profileForm.field.disabilityClass', text.name('disability-classes', extra.disabilityClassId)],
                    ['profileForm.field.disabilityType', text.name('disability-types', extra.disabilityTypeId)],
                  ] as Row[])
                : []),
              ['profileForm.field.fathersEducation', parentEducation(extra.fathersEducation, extra.fatherEducationLevel)],
              ['profileForm.field.mothersEducation', parentEducation(extra.mothersEducation, extra.motherEducationLevel)],
              ['profileForm.field.parentsMainOccupation', text.option('parentsMainOccupation', extra.parentsMainOccupation)],
              ['profileForm.field.fatherOccupation', withOther('parentOccupation', extra.fatherOccupation, extra.fatherOccupationOther)],
              ['profileForm.field.motherOccupation', withOther('parentOccupation', extra.motherOccupation, extra.motherOccupationOther)],
              ['profileForm.field.area', withOther('area', extra.area, extra.areaOther)],
            ]}
          />
        ) : null}
      </Section>

      <Section id="fullDetails.inclusiveGroups" title={t('fullDetails.inclusiveGroups')} isEmpty={profile.inclusiveGroups.length === 0}>
        <Entries
          testId="candidate-inclusive"
          items={profile.inclusiveGroups}
          rows={(row) => [
            ['profileForm.field.inclusiveGroup', text.option('inclusiveGroup', row.groupCode)],
            ['profileForm.field.casteGroup', text.name('caste-groups', row.casteGroupId)],
            ['profileForm.field.inclusiveDocument', file(`inclusive-${row.groupCode}`, row.document)],
          ]}
        />
      </Section>

      <Section id="fullDetails.educations" title={t('fullDetails.educations')} isEmpty={profile.educations.length === 0}>
        <Entries
          testId="candidate-education"
          items={profile.educations}
          rows={(row) => [
            ['profileForm.field.level', text.name('education-levels', row.levelId)],
            ['profileForm.field.university', text.name('universities', row.universityId)],
            ['profileForm.field.faculty', text.name('faculties', row.facultyId)],
            ['profileForm.field.educationType', text.option('educationType', row.educationType)],
            ['profileForm.field.majorSubject', text.text(row.majorSubject)],
            ['profileForm.field.score', `${text.digits(row.score)} (${text.option('scoreType', row.scoreType)})`],
            ['profileForm.field.division', text.option('division', row.division)],
            ['profileForm.field.passedDate', text.date(row.passedDateAd)],
            ['profileForm.field.description', text.text(row.description)],
            ['profileForm.field.transcriptFront', file(`education-${row.id}-transcript-front`, row.transcriptFront, `candidate-file-education-${row.id}-transcriptFront`)],
            ['profileForm.field.transcriptBack', file(`education-${row.id}-transcript-back`, row.transcriptBack)],
            ['profileForm.field.characterCertificate', file(`education-${row.id}-character`, row.characterCertificate)],
            ['profileForm.field.equivalentCertificate', file(`education-${row.id}-equivalence`, row.equivalentCertificate)],
          ]}
        />
      </Section>

      <Section id="fullDetails.trainings" title={t('fullDetails.trainings')} isEmpty={profile.trainings.length === 0}>
        <Entries
          testId="candidate-training"
          items={profile.trainings}
          rows={(row) => [
            ['profileForm.field.trainingName', text.text(row.trainingName)],
            ['profileForm.field.instituteName', text.text(row.instituteName)],
            ['profileForm.field.percentage', text.digits(row.percentage)],
            ['profileForm.field.division', text.option('division', row.division)],
            ['profileForm.field.period', period(row.trainingFromAd, row.trainingToAd)],
            ['profileForm.field.trainingCertificate', file(`training-${row.id}`, row.certificate)],
          ]}
        />
      </Section>

      <Section id="fullDetails.professionalCouncils" title={t('fullDetails.professionalCouncils')} isEmpty={profile.professionalCouncils.length === 0}>
        <Entries
          testId="candidate-council"
          items={profile.professionalCouncils}
          rows={(row) => [
            ['profileForm.field.councilName', text.text(row.councilName)],
            ['profileForm.field.councilType', text.option('councilType', row.councilType)],
            ['profileForm.field.degreeType', text.option('councilDegreeType', row.degreeType)],
            ['profileForm.field.dartaNo', text.digits(row.dartaNo)],
            ['profileForm.field.issuedDate', text.date(row.issuedDateAd)],
            ['profileForm.field.renewDate', text.date(row.renewDateAd)],
            ['profileForm.field.validityDate', text.date(row.validityDateAd)],
            ['profileForm.field.councilFront', file(`council-${row.id}-front`, row.front)],
            ['profileForm.field.councilBack', file(`council-${row.id}-back`, row.back)],
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
            <Typography.Title level={5}>{t('profileForm.governmentExperience')}</Typography.Title>
            <Entries
              testId="candidate-government-experience"
              items={profile.governmentExperiences}
              rows={(row) => [
                ['profileForm.field.institutionName', text.text(row.institutionName)],
                ['profileForm.field.officeAddress', text.text(row.address)],
                ['profileForm.field.post', text.text(row.post)],
                ['profileForm.field.service', text.text(row.service)],
                ['profileForm.field.group', text.text(row.group)],
                ['profileForm.field.subGroup', text.text(row.subGroup)],
                ['profileForm.field.class', text.name('service-classes', row.classId)],
                ['profileForm.field.employmentStatusGov', text.option('governmentEmploymentStatus', row.employmentStatus)],
                ['profileForm.field.employmentType', text.option('employmentType', row.employmentType)],
                ['profileForm.field.period', period(row.employmentFromAd, row.employmentToAd)],
                ['profileForm.field.remarks', text.text(row.remarks)],
                ['profileForm.field.experienceCertificate', file(`government-experience-${row.id}`, row.certificate)],
              ]}
            />
          </>
        ) : null}
        {profile.nonGovernmentExperiences.length > 0 ? (
          <>
            <Typography.Title level={5}>{t('profileForm.nonGovernmentExperience')}</Typography.Title>
            <Entries
              testId="candidate-non-government-experience"
              items={profile.nonGovernmentExperiences}
              rows={(row) => [
                ['profileForm.field.institutionName', text.text(row.institutionName)],
                ['profileForm.field.post', text.text(row.post)],
                ['profileForm.field.employmentType', text.option('employmentType', row.employmentType)],
                ['profileForm.field.period', period(row.employmentFromAd, row.employmentToAd)],
                ['profileForm.field.expMatchOfficerLevel', text.yesNo(row.expMatchOfficerLevel)],
                ['profileForm.field.experienceCertificate', file(`non-government-experience-${row.id}`, row.certificate)],
              ]}
            />
          </>
        ) : null}
      </Section>

      <Section id="fullDetails.documents" title={t('fullDetails.documents')} isEmpty={false}>
        <Descriptions bordered size="small" column={1} data-testid="candidate-documents">
          {PROFILE_DOCUMENT_KINDS.map((kind) => (
            <Descriptions.Item key={kind} label={documentLabel(kind)}>
              {file(kind, profile.documents[kind], `candidate-file-${kind}`, documentLabel(kind))}
            </Descriptions.Item>
          ))}
        </Descriptions>
      </Section>
    </div>
  );
}
