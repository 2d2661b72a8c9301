import { formatDigits, formatMoney, isProfileLabelKey, profileOptionKey } from '@psc/core';
import { Card, Col, Descriptions, Empty, Row, Space, Table, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { ApiImage } from '../../components/api-image';
import { DualDate, formatDualDate } from '../../components/dual-date';
import type { TextKey } from '../../i18n/use-language';
import { useLanguage } from '../../i18n/use-language';
import type { PreReview } from './scrutiny-api';
import { nameIn, QuotaStatusTag } from './scrutiny-parts';

// The pre-review view's sections (spec §3 "Pre-review view"): each puts the documents beside the
// fields they prove, so the officer compares them without leaving the screen.

/** Fields on the left, the documents proving them on the right, one under another. */
function Beside({ title, testId, fields, documents }: { title: ReactNode; testId: string; fields: ReactNode; documents?: ReactNode }) {
  return (
    <Card size="small" title={title} data-testid={testId} style={{ marginBottom: 12 }}>
      <div style={{ display: 'grid', gridTemplateColumns: documents ? 'minmax(300px, 1fr) auto' : '1fr', gap: 16, alignItems: 'start' }}>
        <div style={{ minWidth: 0 }}>{fields}</div>
        {documents ? (
          <Space direction="vertical" size="small">
            {documents}
          </Space>
        ) : null}
      </div>
    </Card>
  );
}

const fullName = (parts: (string | null | undefined)[]) => parts.filter((part) => part && part.trim()).join(' ');

export function candidateNameOf(view: PreReview, language: 'ne' | 'en') {
  const person = view.profile.personal;
  const en = fullName([person.firstNameEn, person.middleNameEn, person.lastNameEn]);
  const np = fullName([person.firstNameNp, person.middleNameNp, person.lastNameNp]);
  return nameIn(language, en, np || null);
}

/** The profile in both languages, with the citizenship certificate's two sides and the photograph. */
export function IdentitySection({ view }: { view: PreReview }) {
  const { t, language } = useLanguage();
  const person = view.profile.personal;
  const documents = view.profile.documents;
  const option = (group: 'gender', value: string | null) => {
    if (!value) return '—';
    const key = profileOptionKey(group, value);
    return isProfileLabelKey(key) ? t(key) : value;
  };
  return (
    <Beside
      title={t('screening.section.identity')}
      testId="pre-review-identity"
      fields={
        <Descriptions bordered size="small" column={1}>
          <Descriptions.Item label={t('screening.field.nameEn')}>{fullName([person.firstNameEn, person.middleNameEn, person.lastNameEn]) || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('screening.field.nameNp')}>{fullName([person.firstNameNp, person.middleNameNp, person.lastNameNp]) || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('screening.field.masterId')}>{formatDigits(person.masterId ?? '—', language)}</Descriptions.Item>
          <Descriptions.Item label={t('screening.field.dateOfBirth')}>{person.dateOfBirthAd ? formatDualDate(person.dateOfBirthAd, language, false) : '—'}</Descriptions.Item>
          <Descriptions.Item label={t('screening.field.gender')}>{option('gender', person.gender)}</Descriptions.Item>
          <Descriptions.Item label={t('screening.field.citizenshipNumber')}>
            <Typography.Text strong data-testid="citizenship-number">
              {formatDigits(person.citizenshipNumber ?? '—', language)}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('screening.field.citizenshipDistrict')}>{view.citizenshipDistrict ? nameIn(language, view.citizenshipDistrict.nameEn, view.citizenshipDistrict.nameNp) : '—'}</Descriptions.Item>
          <Descriptions.Item label={t('screening.field.citizenshipDate')}>{person.citizenshipIssueDateAd ? formatDualDate(person.citizenshipIssueDateAd, language, false) : '—'}</Descriptions.Item>
          <Descriptions.Item label={t('screening.field.fathersName')}>{person.fathersName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('screening.field.mothersName')}>{person.mothersName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('screening.field.grandFathersName')}>{person.grandFathersName ?? '—'}</Descriptions.Item>
        </Descriptions>
      }
      documents={
        <>
          <ApiImage file={documents['citizenship-front']} label={t('screening.document.citizenshipFront')} testId="document-citizenship-front" width={260} height={180} />
          <ApiImage file={documents['citizenship-back']} label={t('screening.document.citizenshipBack')} testId="document-citizenship-back" width={260} height={180} />
          <ApiImage file={documents.photograph} label={t('screening.document.photograph')} testId="document-photograph" width={120} height={150} />
        </>
      }
    />
  );
}

/** Each claimed quota with its decision, beside the inclusive-group certificate that proves it. */
export function QuotaSection({ view, target }: { view: PreReview; target: number | null }) {
  const { t, language } = useLanguage();
  const groups = view.profile.inclusiveGroups;
  const groupName = (code: string) => {
    const key = profileOptionKey('inclusiveGroup', code);
    return isProfileLabelKey(key) ? t(key) : code;
  };
  return (
    <Beside
      title={t('screening.section.quotas')}
      testId="pre-review-quotas"
      fields={
        <Space direction="vertical" style={{ width: '100%' }}>
          <Table
            rowKey="advertisementQuotaId"
            size="small"
            pagination={false}
            dataSource={view.quotas}
            locale={{ emptyText: t('screening.noQuota') }}
            rowClassName={(row) => (row.advertisementQuotaId === target ? 'screening-target-row' : '')}
            onRow={(row) => ({ 'data-testid': `quota-row-${row.code}`, style: row.advertisementQuotaId === target ? { background: '#e6f4ff', outline: '2px solid #1677ff' } : {} }) as never}
            columns={[
              { title: t('screening.field.quota'), key: 'name', render: (_, row) => nameIn(language, row.nameEn, row.nameNp) },
              { title: t('screening.field.decision'), key: 'status', render: (_, row) => <QuotaStatusTag status={row.status} /> },
              {
                title: t('screening.field.addedLater'),
                key: 'later',
                render: (_, row) => (row.addedLater ? <Tag>{t('common.yes')}</Tag> : null),
              },
            ]}
          />
          <Typography.Text type="secondary">
            {t('screening.inclusiveGroups')}: {groups.length === 0 ? t('screening.noInclusiveGroup') : groups.map((group) => groupName(group.groupCode)).join(', ')}
          </Typography.Text>
        </Space>
      }
      documents={groups.map((group) => (
        <ApiImage key={group.id} file={group.document} label={t('screening.document.inclusive', { group: groupName(group.groupCode) })} testId={`document-inclusive-${group.groupCode}`} />
      ))}
    />
  );
}

/** The applied and payment dates and the voucher image (spec §3 pre-review). */
export function PaymentSection({ view }: { view: PreReview }) {
  const { t, language } = useLanguage();
  const vouchers = view.payments.filter((payment) => payment.voucher);
  return (
    <Beside
      title={t('screening.section.payment')}
      testId="pre-review-payment"
      fields={
        <Descriptions bordered size="small" column={1}>
          <Descriptions.Item label={t('screening.field.appliedAt')}>
            <DualDate value={view.application.submittedAt} />
          </Descriptions.Item>
          {view.payments.length === 0 ? <Descriptions.Item label={t('screening.field.payment')}>—</Descriptions.Item> : null}
          {view.payments.map((payment, index) => (
            <Descriptions.Item key={index} label={t(`screening.method.${payment.method}` as TextKey)}>
              <Space direction="vertical" size={0}>
                <span>{formatMoney(payment.amount, language)}</span>
                {payment.voucherNumber ? (
                  <span>
                    {t('screening.field.voucherNumber')}: {payment.voucherNumber}
                  </span>
                ) : null}
                <span>
                  {t('screening.field.paidOn')}: {payment.paidOn ? formatDualDate(payment.paidOn, language, false) : formatDualDate(payment.createdAt, language)}
                </span>
              </Space>
            </Descriptions.Item>
          ))}
        </Descriptions>
      }
      // An online payment has no voucher; a voucher payment shows its picture (or that none came).
      documents={
        vouchers.length > 0 ? (
          vouchers.map((payment, index) => <ApiImage key={index} file={payment.voucher} label={t('screening.document.voucher')} testId="document-voucher" />)
        ) : view.payments.some((payment) => payment.method === 'voucher') ? (
          <ApiImage file={null} label={t('screening.document.voucher')} testId="document-voucher" />
        ) : undefined
      }
    />
  );
}

/** The age in years, months and days on the cut-off date, against the post's limit. */
export function AgeSection({ view }: { view: PreReview }) {
  const { t, language } = useLanguage();
  const { years, months, days, limit, met } = view.age;
  return (
    <Card size="small" title={t('screening.section.age')} data-testid="pre-review-age" style={{ marginBottom: 12 }}>
      <Descriptions bordered size="small" column={1}>
        <Descriptions.Item label={t('screening.field.age', { date: view.advertisement.ageCutOffDate ? formatDualDate(view.advertisement.ageCutOffDate, language, false) : '—' })}>
          <Space>
            <Typography.Text strong data-testid="age-text">
              {t('screening.ageText', { years: formatDigits(years, language), months: formatDigits(months, language), days: formatDigits(days, language) })}
            </Typography.Text>
            <Tag color={met ? 'green' : 'red'}>{t(met ? 'screening.withinLimit' : 'screening.outsideLimit')}</Tag>
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label={t('screening.field.ageLimit')}>
          {t('screening.ageLimit', { min: formatDigits(limit.minYears, language), max: formatDigits(limit.maxYears, language) })}
          {limit.isRelaxed ? ` (${t('screening.relaxed')})` : ''}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

/** The post's minimum qualification, and which education meets it (highlighted), beside its transcripts. */
export function QualificationSection({ view }: { view: PreReview }) {
  const { t, language } = useLanguage();
  const { requiredNames, meetingEducationIds, met } = view.qualification;
  const names = new Map(view.qualification.educations.map((education) => [education.id, education]));
  const required = requiredNames
    ? `${nameIn(language, requiredNames.levelNameEn, requiredNames.levelNameNp)}${
        requiredNames.faculties.length > 0 ? ` (${requiredNames.faculties.map((faculty) => nameIn(language, faculty.nameEn, faculty.nameNp)).join(', ')})` : ''
      }`
    : t('screening.noQualificationNamed');
  return (
    <Card size="small" title={t('screening.section.qualification')} data-testid="pre-review-qualification" style={{ marginBottom: 12 }}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space wrap>
          <Typography.Text>{t('screening.field.minimumQualification')}:</Typography.Text>
          <Typography.Text strong data-testid="minimum-qualification">
            {required}
          </Typography.Text>
          <Tag color={met ? 'green' : 'red'} data-testid="qualification-met">
            {t(met ? 'screening.qualificationMet' : 'screening.qualificationNotMet')}
          </Tag>
        </Space>
        {view.profile.educations.length === 0 ? <Empty description={t('screening.noEducation')} /> : null}
        {view.profile.educations.map((education) => {
          const meets = meetingEducationIds.includes(education.id);
          const named = names.get(education.id);
          return (
            <Row
              key={education.id}
              gutter={16}
              wrap={false}
              data-testid={`education-${education.id}`}
              data-meets={meets ? 'yes' : 'no'}
              style={{ padding: 8, borderRadius: 6, border: meets ? '2px solid #52c41a' : '1px solid #f0f0f0', background: meets ? '#f6ffed' : undefined }}
            >
              <Col flex="auto" style={{ minWidth: 0 }}>
                <Descriptions size="small" column={1}>
                  <Descriptions.Item label={t('screening.field.level')}>
                    <Space>
                      {named ? nameIn(language, named.levelNameEn, named.levelNameNp) : '—'}
                      {meets ? <Tag color="green">{t('screening.meetsMinimum')}</Tag> : null}
                    </Space>
                  </Descriptions.Item>
                  <Descriptions.Item label={t('screening.field.faculty')}>{named ? nameIn(language, named.facultyNameEn, named.facultyNameNp) : '—'}</Descriptions.Item>
                  <Descriptions.Item label={t('screening.field.university')}>{named ? nameIn(language, named.universityNameEn, named.universityNameNp) : '—'}</Descriptions.Item>
                  <Descriptions.Item label={t('screening.field.score')}>
                    {formatDigits(education.score, language)} {education.scoreType === 'gpa' ? 'GPA' : '%'} · {education.majorSubject}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('screening.field.passedDate')}>{formatDualDate(education.passedDateAd, language, false)}</Descriptions.Item>
                </Descriptions>
              </Col>
              <Col flex="none">
                <Space align="start">
                  <ApiImage file={education.transcriptFront} label={t('screening.document.transcriptFront')} width={160} height={120} testId="document-transcript-front" />
                  <ApiImage file={education.transcriptBack} label={t('screening.document.transcriptBack')} width={160} height={120} testId="document-transcript-back" />
                </Space>
              </Col>
            </Row>
          );
        })}
      </Space>
    </Card>
  );
}

/** Every decision made on the application, oldest first. */
export function DecisionHistory({ view }: { view: PreReview }) {
  const { t, language } = useLanguage();
  const quotaName = new Map(view.quotas.map((quota) => [quota.advertisementQuotaId, nameIn(language, quota.nameEn, quota.nameNp)]));
  return (
    <Card size="small" title={t('screening.section.history')} data-testid="pre-review-history" style={{ marginBottom: 12 }}>
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={view.decisions}
        locale={{ emptyText: t('screening.noDecision') }}
        columns={[
          { title: t('screening.field.at'), key: 'at', render: (_, row) => <DualDate value={row.at} /> },
          { title: t('screening.field.decision'), key: 'decision', render: (_, row) => t(`screening.decision.${row.decision}` as TextKey) },
          { title: t('screening.field.quota'), key: 'quota', render: (_, row) => (row.advertisementQuotaId === null ? t('screening.wholeApplication') : (quotaName.get(row.advertisementQuotaId) ?? '—')) },
          {
            title: t('screening.field.reason'),
            key: 'reason',
            render: (_, row) => [language === 'ne' ? row.reasonNp : row.reasonEn, row.remark].filter(Boolean).join(': ') || '—',
          },
          { title: t('screening.field.officer'), key: 'officer', dataIndex: 'officerNameEn' },
        ]}
      />
    </Card>
  );
}
