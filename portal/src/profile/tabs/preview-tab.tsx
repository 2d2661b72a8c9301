import { Button, Segmented } from 'antd';
import type { TFunction } from 'i18next';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAdDate, formatBsDate, formatPhoneNumber, toDevanagariDigits, toLatinDigits } from '../../core-forms';
import type { Language } from '../../core';
import { loadCatalogue } from '../../i18n';
import { useLanguage } from '../../i18n/use-language';
import { FilePreview } from '../../components/files/file-preview';
import { optionKey, type OptionGroup } from '../profile-options';
import type { Address, FileRef } from '../profile-types';
import { useReference, type LocalLevelRow, type ReferenceRow } from '../reference-data';
import type { TabProps } from './tab-props';

// The whole profile as commission staff will read it, in either language (a switch on this tab
// only), and printable (a Print button; print CSS keeps only this sheet).

type Row = [label: string, value: ReactNode];

function Table({ caption, rows }: { caption: string; rows: Row[] }) {
  return (
    <table className="preview-table">
      <caption>{caption}</caption>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ListTable({ caption, headings, rows, empty }: { caption: string; headings: string[]; rows: ReactNode[][]; empty: string }) {
  return (
    <div className="preview-list">
      <table className="preview-table preview-table--list">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {headings.map((heading) => (
              <th key={heading} scope="col">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={headings.length} className="muted">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((cells, index) => (
              <tr key={index}>
                {cells.map((cell, cellIndex) => (
                  <td key={cellIndex} data-label={headings[cellIndex]}>
                    {cell}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

/** Names and values in the preview's language, whatever the portal's. */
function usePreviewText(language: Language) {
  const { i18n } = useTranslation();
  // The portal loads only the language it shows: the other one's texts are fetched when chosen here.
  const [, setLoaded] = useState(0);
  useEffect(() => {
    if (i18n.hasResourceBundle(language, 'translation')) return;
    void loadCatalogue(language).then(() => setLoaded((count) => count + 1));
  }, [i18n, language]);
  const t: TFunction = i18n.getFixedT(language);
  const lists = {
    provinces: useReference<ReferenceRow>('provinces').rows,
    districts: useReference<ReferenceRow>('districts').rows,
    castes: useReference<ReferenceRow>('castes').rows,
    religions: useReference<ReferenceRow>('religions').rows,
    motherTongues: useReference<ReferenceRow>('mother-tongues').rows,
    disabilityClasses: useReference<ReferenceRow>('disability-classes').rows,
    disabilityTypes: useReference<ReferenceRow>('disability-types').rows,
    casteGroups: useReference<ReferenceRow>('caste-groups').rows,
    universities: useReference<ReferenceRow>('universities').rows,
    levels: useReference<ReferenceRow>('education-levels').rows,
    faculties: useReference<ReferenceRow>('faculties').rows,
    classes: useReference<ReferenceRow>('service-classes').rows,
  };
  const dash = '—';
  return {
    t,
    language,
    lists,
    name: (rows: ReferenceRow[], id: number | null | undefined) => {
      const row = rows.find((item) => item.id === id);
      return row ? (language === 'ne' ? row.nameNp : row.nameEn) : dash;
    },
    option: (group: OptionGroup, value: string | null | undefined) => (value ? t(optionKey(group, value)) : dash),
    text: (value: string | null | undefined) => (value && value.trim() ? value : dash),
    phone: (value: string | null | undefined) => (value ? formatPhoneNumber(value, language) : dash),
    digits: (value: string | number | null | undefined) =>
      value === null || value === undefined || value === '' ? dash : language === 'ne' ? toDevanagariDigits(String(value)) : toLatinDigits(String(value)),
    date: (ad: string | null | undefined, bs: string | null | undefined) => {
      if (!ad) return dash;
      const adText = formatAdDate(ad, language, 'long');
      return bs ? t('profileForm.datePair', { bs: formatBsDate(bs, language, 'long'), ad: adText }) : t('profileForm.dateAd', { date: adText });
    },
  };
}

type PreviewText = ReturnType<typeof usePreviewText>;

function AddressTable({ caption, address, text }: { caption: string; address: Address | null; text: PreviewText }) {
  const { t } = text;
  const localLevels = useReference<LocalLevelRow>('local-levels', `districtId=${address?.districtId ?? ''}`, Boolean(address));
  if (!address) return <Table caption={caption} rows={[[t('profileForm.field.address'), t('profileForm.preview.notGiven')]]} />;
  const localLevel = localLevels.rows.find((row) => row.id === address.localLevelId);
  const { language } = text;
  const localLevelText = localLevel
    ? t('profileForm.localLevelOption', {
        name: language === 'ne' ? localLevel.nameNp : localLevel.nameEn,
        type: language === 'ne' ? localLevel.typeNameNp : localLevel.typeNameEn,
      })
    : '—';
  return (
    <Table
      caption={caption}
      rows={[
        [t('profileForm.field.province'), text.name(text.lists.provinces, address.provinceId)],
        [t('profileForm.field.district'), text.name(text.lists.districts, address.districtId)],
        [t('profileForm.field.localLevel'), localLevelText],
        [t('profileForm.field.wardNo'), text.digits(address.wardNo)],
        [t('profileForm.field.marga'), text.text(address.marga)],
        [t('profileForm.field.tole'), text.text(address.tole)],
        [t('profileForm.field.gharNo'), text.digits(address.gharNo)],
        [t('profileForm.field.phoneNo'), text.phone(address.phoneNo)],
        [t('profileForm.field.mobileNo'), text.phone(address.mobileNo)],
        [t('profileForm.field.email'), text.text(address.email)],
        [t('profileForm.field.address'), text.text(address.address)],
      ]}
    />
  );
}

function Picture({ file, label, text }: { file: FileRef | undefined; label: string; text: PreviewText }) {
  return (
    <figure className="preview-picture">
      {file ? <FilePreview source={file} label={label} size="large" /> : <div className="preview-picture__missing">{text.t('profileForm.preview.notGiven')}</div>}
      <figcaption>{label}</figcaption>
    </figure>
  );
}

export default function PreviewTab({ profile }: TabProps) {
  const appLanguage = useLanguage();
  const [language, setLanguage] = useState<Language>(appLanguage);
  const text = usePreviewText(language);
  const { t } = text;
  const { personal, extra } = profile;
  const nameNp = [personal.firstNameNp, personal.middleNameNp, personal.lastNameNp].filter(Boolean).join(' ');
  const nameEn = [personal.firstNameEn, personal.middleNameEn, personal.lastNameEn].filter(Boolean).join(' ');
  const choiceOrOther = (rows: ReferenceRow[], id: number | null | undefined, other: string | null | undefined) =>
    id ? text.name(rows, id) : other ? t('profileForm.preview.other', { text: other }) : '—';
  const withOther = (group: OptionGroup, value: string | null | undefined, other: string | null | undefined) =>
    value === 'other' && other ? t('profileForm.preview.other', { text: other }) : text.option(group, value);
  const period = (from: string, fromBs: string | null, to: string | null, toBs: string | null) =>
    t('profileForm.period', { from: text.date(from, fromBs), to: to ? text.date(to, toBs) : t('profileForm.untilNow') });
  const fileMark = (file: FileRef | null) => (file ? t('profileForm.preview.attached') : '—');

  return (
    <div className="profile-tab profile-preview">
      <div className="profile-preview__controls">
        <Segmented<Language>
          aria-label={t('profileForm.preview.language')}
          value={language}
          onChange={setLanguage}
          options={[
            { value: 'ne', label: 'नेपाली' },
            { value: 'en', label: 'English' },
          ]}
        />
        <Button type="primary" onClick={() => window.print()}>
          {t('profileForm.preview.print')}
        </Button>
      </div>
      <article className="preview-sheet" lang={language} data-testid="profile-preview">
        <header className="preview-sheet__header">
          <div>
            <p className="preview-sheet__commission">{t('app.name')}</p>
            <h2 className="preview-sheet__title">{t('profileForm.preview.title')}</h2>
            <p className="preview-sheet__name">{nameNp || '—'}</p>
            <p className="preview-sheet__name preview-sheet__name--en">{nameEn}</p>
            <p>
              {t('profileForm.field.masterId')}: {text.digits(personal.masterId)}
            </p>
            <p>
              {t('profileForm.preview.completeness', {
                value: text.digits(profile.completeness.completed),
                total: text.digits(profile.completeness.total),
              })}
            </p>
          </div>
          <div className="preview-sheet__pictures">
            <Picture file={profile.documents.photograph} label={t('profileForm.document.photograph')} text={text} />
            <Picture file={profile.documents.signature} label={t('profileForm.document.signature')} text={text} />
          </div>
        </header>

        <Table
          caption={t('profileTab.personal')}
          rows={[
            [t('profileForm.field.nameNp'), text.text(nameNp)],
            [t('profileForm.field.nameEn'), nameEn],
            [t('profileForm.field.username'), personal.username],
            [t('profileForm.field.email'), personal.email],
            [t('profileForm.field.mobile'), text.phone(personal.mobile)],
            [t('profileForm.field.gender'), text.option('gender', personal.gender)],
            [t('profileForm.field.dateOfBirth'), text.date(personal.dateOfBirthAd, personal.dateOfBirthBs)],
            [t('profileForm.field.citizenshipNumber'), text.digits(personal.citizenshipNumber)],
            [t('profileForm.field.citizenshipIssueDistrict'), text.name(text.lists.districts, personal.citizenshipIssueDistrictId)],
            [t('profileForm.field.citizenshipIssueDate'), text.date(personal.citizenshipIssueDateAd, personal.citizenshipIssueDateBs)],
            [t('profileForm.field.nationalId'), text.digits(personal.nationalId)],
            [t('profileForm.field.fathersName'), text.text(personal.fathersName)],
            [t('profileForm.field.mothersName'), text.text(personal.mothersName)],
            [t('profileForm.field.grandFathersName'), text.text(personal.grandFathersName)],
            [t('profileForm.field.husbandWifeName'), text.text(personal.husbandWifeName)],
          ]}
        />

        <div className="preview-columns">
          <AddressTable caption={t('profileForm.address.permanent')} address={profile.addresses.permanent} text={text} />
          <AddressTable caption={t('profileForm.address.mailing')} address={profile.addresses.mailing} text={text} />
        </div>

        <Table
          caption={t('profileTab.extra')}
          rows={
            extra
              ? [
                  [t('profileForm.field.caste'), choiceOrOther(text.lists.castes, extra.casteId, extra.casteOther)],
                  [t('profileForm.field.religion'), choiceOrOther(text.lists.religions, extra.religionId, extra.religionOther)],
                  [t('profileForm.field.motherTongue'), choiceOrOther(text.lists.motherTongues, extra.motherTongueId, extra.motherTongueOther)],
                  [t('profileForm.field.maritalStatus'), text.option('maritalStatus', extra.maritalStatus)],
                  [t('profileForm.field.employmentStatus'), withOther('employmentStatus', extra.employmentStatus, extra.employmentOther)],
                  [t('profileForm.field.physicallyDisabled'), text.option('yesNo', extra.physicallyDisabled ? 'yes' : 'no')],
                  ...(extra.physicallyDisabled
                    ? ([
                        [t('profileForm.field.disabilityClass'), text.name(text.lists.disabilityClasses, extra.disabilityClassId)],
                        [t('profileForm.field.disabilityType'), text.name(text.lists.disabilityTypes, extra.disabilityTypeId)],
                      ] as Row[])
                    : []),
                  [
                    t('profileForm.field.fathersEducation'),
                    extra.fathersEducation === 'higher-education' && extra.fatherEducationLevel
                      ? `${text.option('parentEducation', extra.fathersEducation)} (${extra.fatherEducationLevel})`
                      : text.option('parentEducation', extra.fathersEducation),
                  ],
                  [
                    t('profileForm.field.mothersEducation'),
                    extra.mothersEducation === 'higher-education' && extra.motherEducationLevel
                      ? `${text.option('parentEducation', extra.mothersEducation)} (${extra.motherEducationLevel})`
                      : text.option('parentEducation', extra.mothersEducation),
                  ],
                  [t('profileForm.field.parentsMainOccupation'), text.option('parentsMainOccupation', extra.parentsMainOccupation)],
                  [t('profileForm.field.fatherOccupation'), withOther('parentOccupation', extra.fatherOccupation, extra.fatherOccupationOther)],
                  [t('profileForm.field.motherOccupation'), withOther('parentOccupation', extra.motherOccupation, extra.motherOccupationOther)],
                  [t('profileForm.field.area'), withOther('area', extra.area, extra.areaOther)],
                ]
              : [[t('profileTab.extra'), t('profileForm.preview.notGiven')]]
          }
        />

        <ListTable
          caption={t('profileForm.inclusiveGroups')}
          headings={[t('profileForm.field.inclusiveGroup'), t('profileForm.field.casteGroup'), t('profileForm.field.inclusiveDocument')]}
          empty={t('profileForm.noInclusiveGroups')}
          rows={profile.inclusiveGroups.map((row) => [
            text.option('inclusiveGroup', row.groupCode),
            row.casteGroupId ? text.name(text.lists.casteGroups, row.casteGroupId) : '—',
            fileMark(row.document),
          ])}
        />

        <ListTable
          caption={t('profileTab.education')}
          headings={[
            t('profileForm.field.level'),
            t('profileForm.field.university'),
            t('profileForm.field.faculty'),
            t('profileForm.field.majorSubject'),
            t('profileForm.field.score'),
            t('profileForm.field.division'),
            t('profileForm.field.passedDate'),
            t('profileForm.field.transcriptFront'),
          ]}
          empty={t('profileForm.noEducation')}
          rows={profile.educations.map((row) => [
            text.name(text.lists.levels, row.levelId),
            text.name(text.lists.universities, row.universityId),
            text.name(text.lists.faculties, row.facultyId),
            row.majorSubject,
            `${text.digits(row.score)} ${text.option('scoreType', row.scoreType)}`,
            text.option('division', row.division),
            text.date(row.passedDateAd, row.passedDateBs),
            fileMark(row.transcriptFront),
          ])}
        />

        <ListTable
          caption={t('profileTab.training')}
          headings={[
            t('profileForm.field.trainingName'),
            t('profileForm.field.instituteName'),
            t('profileForm.field.percentage'),
            t('profileForm.field.division'),
            t('profileForm.field.period'),
            t('profileForm.field.trainingCertificate'),
          ]}
          empty={profile.declarations.training ? t('profileForm.noneDeclared') : t('profileForm.noTraining')}
          rows={profile.trainings.map((row) => [
            row.trainingName,
            row.instituteName,
            text.digits(row.percentage),
            text.option('division', row.division),
            period(row.trainingFromAd, row.trainingFromBs, row.trainingToAd, row.trainingToBs),
            fileMark(row.certificate),
          ])}
        />

        <ListTable
          caption={t('profileTab.professional')}
          headings={[
            t('profileForm.field.councilName'),
            t('profileForm.field.councilType'),
            t('profileForm.field.degreeType'),
            t('profileForm.field.dartaNo'),
            t('profileForm.field.issuedDate'),
            t('profileForm.field.validityDate'),
          ]}
          empty={profile.declarations.professional ? t('profileForm.noneDeclared') : t('profileForm.noCouncil')}
          rows={profile.professionalCouncils.map((row) => [
            row.councilName,
            text.option('councilType', row.councilType),
            text.option('councilDegreeType', row.degreeType),
            text.digits(row.dartaNo),
            text.date(row.issuedDateAd, row.issuedDateBs),
            text.date(row.validityDateAd, row.validityDateBs),
          ])}
        />

        <ListTable
          caption={t('profileForm.governmentExperience')}
          headings={[
            t('profileForm.field.institutionName'),
            t('profileForm.field.post'),
            t('profileForm.field.class'),
            t('profileForm.field.employmentStatusGov'),
            t('profileForm.field.employmentType'),
            t('profileForm.field.period'),
          ]}
          empty={profile.declarations.experience ? t('profileForm.noneDeclared') : t('profileForm.noGovernmentExperience')}
          rows={profile.governmentExperiences.map((row) => [
            `${row.institutionName}, ${row.address}`,
            [row.post, row.service, row.group, row.subGroup].filter(Boolean).join(' / '),
            row.classId ? text.name(text.lists.classes, row.classId) : '—',
            text.option('governmentEmploymentStatus', row.employmentStatus),
            text.option('employmentType', row.employmentType),
            period(row.employmentFromAd, row.employmentFromBs, row.employmentToAd, row.employmentToBs),
          ])}
        />

        <ListTable
          caption={t('profileForm.nonGovernmentExperience')}
          headings={[
            t('profileForm.field.institutionName'),
            t('profileForm.field.post'),
            t('profileForm.field.employmentType'),
            t('profileForm.field.period'),
            t('profileForm.field.expMatchOfficerLevel'),
          ]}
          empty={profile.declarations.experience ? t('profileForm.noneDeclared') : t('profileForm.noNonGovernmentExperience')}
          rows={profile.nonGovernmentExperiences.map((row) => [
            row.institutionName,
            row.post,
            text.option('employmentType', row.employmentType),
            period(row.employmentFromAd, row.employmentFromBs, row.employmentToAd, row.employmentToBs),
            text.option('yesNo', row.expMatchOfficerLevel ? 'yes' : 'no'),
          ])}
        />

        <section className="preview-citizenship" aria-label={t('profileForm.preview.citizenship')}>
          <h3>{t('profileForm.preview.citizenship')}</h3>
          <div className="preview-sheet__pictures preview-sheet__pictures--wide">
            <Picture file={profile.documents['citizenship-front']} label={t('profileForm.document.citizenship-front')} text={text} />
            <Picture file={profile.documents['citizenship-back']} label={t('profileForm.document.citizenship-back')} text={text} />
          </div>
        </section>
      </article>
    </div>
  );
}
