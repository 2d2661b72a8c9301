import { checkAdvertisementDates, describeAdvertisementDateIssues, formatDigits } from '@psc/core';
import { Alert, App, Button, type FormInstance, Card, Col, Descriptions, Form, Row, Select, Space, Tag, Typography } from 'antd';
import { NumberInput } from '../../components/number-input';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useLanguage, type TextKey } from '../../i18n/use-language';
import { callApi, toPaged } from '../../staff/staff-api';
import { useApiQuery } from '../../hooks/use-api-query';
import { useTransitions } from './advertisement-details-screen';
import { AdvertisementListScreen, QuotaTags } from './advertisement-list-screen';
import { joined, type AdvertisementDatesInput, type AdvertisementDetail, type AdvertisementNumber, type AdvertisementRow } from './recruitment-api';
import { AdDateInput } from '../../components/ad-date-input';
import { CachedMultiSelect } from '../../components/cached-select';
import { ErrorAlert } from '../../components/error-alert';
import { StatusTag } from './recruitment-parts';

// spec §2 publish-advertisement [PA] (configure, pre-live publish, publish, reject pending, close,
// open), change-advertisement-date [PA], configure-optional-subject/{id} [PA] and
// addQuotaToExistingAdvertisements/{requisitionId}/{classId} [AQTEA]. Dates are A.D. pickers with
// the B.S. date beside them; the date order is checked here with the rule the API applies.

const DATE_KEYS = ['publishDate', 'paymentLastDate', 'lastDateForSubmission', 'doubleFeeLastDate', 'ageCutOffDate', 'reapplyFrom', 'reapplyTo'] as const;

function datesOf(values: Partial<Record<(typeof DATE_KEYS)[number], string | null | undefined>>): AdvertisementDatesInput {
  return Object.fromEntries(DATE_KEYS.map((key) => [key, values[key] || null])) as AdvertisementDatesInput;
}

function DateFields() {
  const { t } = useLanguage();
  return (
    <Row gutter={16}>
      {DATE_KEYS.map((key) => (
        <Col xs={24} lg={12} key={key}>
          <Form.Item name={key} label={t(`recruitment.${key}`)}>
            <AdDateInput testId={`date-${key}`} />
          </Form.Item>
        </Col>
      ))}
    </Row>
  );
}

/** Puts the date-order issues (and the API's field errors) under the fields they belong to. */
function showDateIssues(form: FormInstance, t: (key: TextKey) => string, dates: AdvertisementDatesInput): boolean {
  const issues = describeAdvertisementDateIssues(dates, false);
  form.setFields(DATE_KEYS.map((key) => ({ name: key, errors: issues.filter((issue) => issue.field === key).map((issue) => t(issue.key)) })));
  return issues.length > 0;
}

function useAdvertisementId(): string | null {
  const [params] = useSearchParams();
  const { id } = useParams();
  return id ?? params.get('id');
}

function AdvertisementHeader({ detail }: { detail: AdvertisementDetail }) {
  const { t, language } = useLanguage();
  return (
    <Descriptions size="small" column={3} style={{ marginBottom: 16 }}>
      <Descriptions.Item label={t('recruitment.advertisementCode')}>{formatDigits(detail.code, language)}</Descriptions.Item>
      <Descriptions.Item label={t('recruitment.postOrService')}>{joined(detail, 'post', language) || joined(detail, 'service', language)}</Descriptions.Item>
      <Descriptions.Item label={t('recruitment.status')}>
        <StatusTag status={detail.status} />
      </Descriptions.Item>
      <Descriptions.Item label={t('recruitment.quotas')} span={3}>
        <QuotaTags row={detail} />
      </Descriptions.Item>
    </Descriptions>
  );
}

function idsOf(list: { id: number }[] | undefined, ids: number[] | undefined): number[] {
  return ids ?? (list ?? []).map((row) => row.id);
}

/** spec §2 publish-advertisement: the queue of advertisements not yet published, then one advertisement's configuration. */
export function PublishAdvertisementScreen() {
  const id = useAdvertisementId();
  const { t } = useLanguage();
  if (!id) {
    return (
      <AdvertisementListScreen
        title={t('route.publishAdvertisement')}
        testId="publish-queue"
        statuses={['draft', 'configured', 'pending', 'rejected', 'published', 'closed']}
        linkOf={(row: AdvertisementRow) => `/admin/publish-advertisement?id=${row.id}`}
        linkText={t('recruitment.open')}
      />
    );
  }
  return <ConfigureAdvertisement id={id} />;
}

type ConfigurationValues = Partial<AdvertisementDatesInput> & {
  minAgeYears: number;
  maxAgeYears: number;
  maxAgeYearsRelaxed: number;
  examCentreIds: number[];
  optionalSubjectIds: number[];
};

function ConfigureAdvertisement({ id }: { id: string }) {
  const { t } = useLanguage();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const advertisement = useApiQuery<AdvertisementDetail>(`/api/admin/advertisements/${id}`);
  const detail = advertisement.data;
  const transitions = useTransitions(detail, advertisement.reload);
  const [isSaving, setIsSaving] = useState(false);
  const canConfigure = detail?.allowedActions.includes('configure') ?? false;

  useEffect(() => {
    if (!detail) return;
    form.setFieldsValue({
      ...datesOf(detail),
      minAgeYears: detail.minAgeYears ?? 18,
      maxAgeYears: detail.maxAgeYears ?? 35,
      maxAgeYearsRelaxed: detail.maxAgeYearsRelaxed ?? 40,
      examCentreIds: idsOf(detail.examCentres, detail.examCentreIds),
      optionalSubjectIds: idsOf(detail.optionalSubjects, detail.optionalSubjectIds),
    });
  }, [detail, form]);

  async function save() {
    const values = form.getFieldsValue(true) as ConfigurationValues;
    const dates = datesOf(values);
    if (showDateIssues(form, t, dates)) return;
    setIsSaving(true);
    const result = await callApi(`/api/admin/advertisements/${id}/configuration`, {
      method: 'PUT',
      body: { ...dates, minAgeYears: values.minAgeYears, maxAgeYears: values.maxAgeYears, maxAgeYearsRelaxed: values.maxAgeYearsRelaxed, examCentreIds: values.examCentreIds ?? [], optionalSubjectIds: values.optionalSubjectIds ?? [] },
    });
    setIsSaving(false);
    if (!result.ok) {
      if (result.errors) form.setFields(Object.entries(result.errors).map(([name, errors]) => ({ name, errors })));
      void message.error(result.message);
      return;
    }
    void message.success(result.message || t('recruitment.saved'));
    await advertisement.reload();
  }

  // What publishing still needs (spec: a notice goes out with every date and an exam centre).
  const missingForPublish = detail ? checkAdvertisementDates(datesOf(detail), true) : [];
  return (
    <Card
      title={t('route.publishAdvertisement')}
      data-testid="publish-advertisement"
      extra={
        <Space>
          <Link to={`/admin/advertisementlistDetails?id=${id}`}>
            <Button>{t('recruitment.details')}</Button>
          </Link>
          <Link to="/admin/publish-advertisement">
            <Button>{t('recruitment.backToList')}</Button>
          </Link>
        </Space>
      }
    >
      <ErrorAlert message={advertisement.error?.message} />
      {detail ? (
        <>
          <AdvertisementHeader detail={detail} />
          <Space style={{ marginBottom: 16 }} wrap>
            {transitions.buttons}
          </Space>
          {detail.status === 'configured' && missingForPublish.length > 0 ? (
            <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={missingForPublish.map((key) => t(key)).join(' ')} />
          ) : null}
          <Form form={form} layout="vertical" disabled={!canConfigure} data-testid="configure-form">
            <Typography.Title level={5}>{t('recruitment.dates')}</Typography.Title>
            <DateFields />
            <Typography.Title level={5}>{t('recruitment.ages')}</Typography.Title>
            <Row gutter={16}>
              {(['minAgeYears', 'maxAgeYears', 'maxAgeYearsRelaxed'] as const).map((key) => (
                <Col xs={24} md={8} key={key}>
                  <Form.Item name={key} label={t(`recruitment.${key}`)}>
                    <NumberInput min={1} max={99} precision={0} style={{ width: '100%' }} data-testid={`age-${key}`} />
                  </Form.Item>
                </Col>
              ))}
            </Row>
            <Form.Item name="examCentreIds" label={t('recruitment.examCentres')}>
              <CachedMultiSelect type="exam-centres" testId="config-exam-centres" />
            </Form.Item>
            <Form.Item name="optionalSubjectIds" label={t('recruitment.optionalSubjectsHint')}>
              <CachedMultiSelect type="subjects" testId="config-optional-subjects" />
            </Form.Item>
          </Form>
          {canConfigure ? (
            <Button type="primary" loading={isSaving} onClick={() => void save()} data-testid="configure-save">
              {t('recruitment.saveConfiguration')}
            </Button>
          ) : (
            <Typography.Text type="secondary">{t('recruitment.configureNotNow')}</Typography.Text>
          )}
        </>
      ) : null}
      {transitions.modal}
    </Card>
  );
}

/** spec §2 change-advertisement-date [PA]: the seven dates, allowed until the advertisement is closed. */
export function ChangeAdvertisementDateScreen() {
  const id = useAdvertisementId();
  const { t } = useLanguage();
  if (!id) {
    return (
      <AdvertisementListScreen
        title={t('route.changeAdvertisementDate')}
        testId="change-date-pick"
        statuses={['draft', 'configured', 'pending', 'rejected', 'published']}
        linkOf={(row) => `/admin/change-advertisement-date?id=${row.id}`}
        linkText={t('recruitment.action.change-dates')}
      />
    );
  }
  return <ChangeDates id={id} />;
}

function ChangeDates({ id }: { id: string }) {
  const { t } = useLanguage();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const advertisement = useApiQuery<AdvertisementDetail>(`/api/admin/advertisements/${id}`);
  const detail = advertisement.data;
  const allowed = detail?.allowedActions.includes('change-dates') ?? false;

  useEffect(() => {
    if (detail) form.setFieldsValue(datesOf(detail));
  }, [detail, form]);

  async function save() {
    const dates = datesOf(form.getFieldsValue(true) as AdvertisementDatesInput);
    if (showDateIssues(form, t, dates)) return;
    const result = await callApi(`/api/admin/advertisements/${id}/dates`, { method: 'PUT', body: dates });
    if (!result.ok) {
      if (result.errors) form.setFields(Object.entries(result.errors).map(([name, errors]) => ({ name, errors })));
      void message.error(result.message);
      return;
    }
    void message.success(result.message || t('recruitment.saved'));
    await advertisement.reload();
  }

  return (
    <Card
      title={t('route.changeAdvertisementDate')}
      data-testid="change-advertisement-date"
      extra={
        <Link to="/admin/change-advertisement-date">
          <Button>{t('recruitment.backToList')}</Button>
        </Link>
      }
    >
      <ErrorAlert message={advertisement.error?.message} />
      {detail ? <AdvertisementHeader detail={detail} /> : null}
      <Form form={form} layout="vertical" disabled={!allowed}>
        <DateFields />
      </Form>
      {allowed ? (
        <Button type="primary" onClick={() => void save()} data-testid="dates-save">
          {t('recruitment.save')}
        </Button>
      ) : detail ? (
        <Typography.Text type="secondary">{t('recruitment.notAllowedNow')}</Typography.Text>
      ) : null}
    </Card>
  );
}

/** spec §2 configure-optional-subject/{id} [PA]: the optional subjects and the exam-centre options. */
export function ConfigureOptionalSubjectScreen() {
  const id = useAdvertisementId();
  const { t } = useLanguage();
  const { message } = App.useApp();
  const advertisement = useApiQuery<AdvertisementDetail>(id ? `/api/admin/advertisements/${id}` : null);
  const detail = advertisement.data;
  const [subjectIds, setSubjectIds] = useState<number[]>([]);
  const [centreIds, setCentreIds] = useState<number[]>([]);
  const allowed = detail?.allowedActions.includes('configure-options') ?? false;

  useEffect(() => {
    if (!detail) return;
    setSubjectIds(idsOf(detail.optionalSubjects, detail.optionalSubjectIds));
    setCentreIds(idsOf(detail.examCentres, detail.examCentreIds));
  }, [detail]);

  async function save() {
    for (const [path, body] of [
      ['optional-subjects', { subjectIds }],
      ['exam-centres', { examCentreIds: centreIds }],
    ] as const) {
      const result = await callApi(`/api/admin/advertisements/${id}/${path}`, { method: 'PUT', body });
      if (!result.ok) {
        void message.error(result.message);
        return;
      }
    }
    void message.success(t('recruitment.saved'));
    await advertisement.reload();
  }

  return (
    <Card title={t('route.configureOptionalSubject')} data-testid="configure-optional-subject">
      <ErrorAlert message={advertisement.error?.message} />
      {detail ? <AdvertisementHeader detail={detail} /> : null}
      <Form layout="vertical" disabled={!allowed}>
        <Form.Item label={t('recruitment.optionalSubjectsHint')}>
          <CachedMultiSelect type="subjects" aria-label={t('recruitment.optionalSubjectsHint')} value={subjectIds} onChange={setSubjectIds} testId="options-subjects" />
        </Form.Item>
        <Form.Item label={t('recruitment.examCentres')}>
          <CachedMultiSelect type="exam-centres" aria-label={t('recruitment.examCentres')} value={centreIds} onChange={setCentreIds} testId="options-centres" />
        </Form.Item>
      </Form>
      {allowed ? (
        <Button type="primary" onClick={() => void save()} data-testid="options-save">
          {t('recruitment.save')}
        </Button>
      ) : detail ? (
        <Typography.Text type="secondary">{t('recruitment.optionsFixed')}</Typography.Text>
      ) : null}
    </Card>
  );
}

type QuotaShareRow = { quotaId: number; code: string; nameEn: string; nameNp: string };

/**
 * spec §2 addQuotaToExistingAdvertisements/{requisitionId}/{classId} [AQTEA]: one more quota on
 * the advertisement made from that requisition, with a number of its own (the total grows).
 */
export function AddQuotaScreen() {
  const { requisitionId, classId } = useParams();
  const { t, language } = useLanguage();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const list = useApiQuery<unknown>('/api/admin/advertisements?pageSize=100');
  const shares = useApiQuery<QuotaShareRow[]>('/api/admin/quota-shares');
  const candidates = toPaged<AdvertisementRow>(list.data).items.filter((row) => String(row.classId ?? classId) === String(classId));
  const found = candidates.find((row) => String(row.requisitionId) === String(requisitionId));
  const [chosenId, setChosenId] = useState<number | null>(null);
  const advertisementId = chosenId ?? found?.id ?? null;
  const advertisement = useApiQuery<AdvertisementDetail>(advertisementId ? `/api/admin/advertisements/${advertisementId}` : null);
  const detail = advertisement.data;
  const [quotaId, setQuotaId] = useState<number | null>(null);
  const [vacancies, setVacancies] = useState<number | null>(null);
  const [number, setNumber] = useState<AdvertisementNumber | null>(null);
  const [error, setError] = useState<string | null>(null);
  const taken = new Set((detail?.quotas ?? []).map((quota) => quota.quotaId));

  async function generate() {
    const result = await callApi<AdvertisementNumber>(`/api/admin/advertisements/${advertisementId}/quota-numbers`, { method: 'POST', body: {} });
    if (!result.ok) {
      setError(result.message);
      return;
    }
    setNumber(result.data);
  }

  async function save() {
    if (!number) return setError(t('distribution.numberRequired'));
    if (!quotaId) return setError(t('distribution.quotaRequired'));
    if (!vacancies || vacancies < 1) return setError(t('distribution.vacancyInvalid'));
    const result = await callApi(`/api/admin/advertisements/${advertisementId}/quotas`, { method: 'POST', body: { quotaId, vacancies, advertisementNumberId: number.id } });
    if (!result.ok) {
      setError([result.message, ...Object.values(result.errors ?? {}).flat()].join(' '));
      return;
    }
    void message.success(result.message || t('recruitment.saved'));
    navigate(`/admin/advertisementlistDetails?id=${advertisementId}`);
  }

  return (
    <Card title={t('route.addQuotaToExistingAdvertisements')} data-testid="add-quota">
      <ErrorAlert message={list.error?.message ?? advertisement.error?.message} />
      {!found ? (
        <Space style={{ marginBottom: 16 }}>
          <Typography.Text>{t('recruitment.chooseAdvertisement')}</Typography.Text>
          <Select
            aria-label={t('recruitment.chooseAdvertisement')}
            style={{ width: 320 }}
            value={chosenId ?? undefined}
            onChange={setChosenId}
            options={candidates.map((row) => ({ value: row.id, label: `${formatDigits(row.code, language)} ${joined(row, 'post', language)}` }))}
          />
        </Space>
      ) : null}
      {detail ? (
        <>
          <AdvertisementHeader detail={detail} />
          {detail.allowedActions.includes('add-quota') ? (
            <Space direction="vertical">
              <Space wrap>
                <Select
                  placeholder={t('recruitment.quota')}
                  aria-label={t('recruitment.quota')}
                  style={{ width: 240 }}
                  value={quotaId ?? undefined}
                  onChange={setQuotaId}
                  options={(shares.data ?? []).filter((share) => !taken.has(share.quotaId)).map((share) => ({ value: share.quotaId, label: language === 'ne' ? share.nameNp : share.nameEn }))}
                  data-testid="add-quota-quota"
                />
                <NumberInput placeholder={t('recruitment.vacancies')} min={1} precision={0} value={vacancies} onChange={(value) => setVacancies(value ?? null)} data-testid="add-quota-vacancies" />
                {number ? (
                  <Tag color="blue">{formatDigits(number.label, language)}</Tag>
                ) : (
                  <Button onClick={() => void generate()} data-testid="add-quota-generate">
                    {t('recruitment.generateNumber')}
                  </Button>
                )}
              </Space>
              {error ? <Typography.Text type="danger">{error}</Typography.Text> : null}
              <Button type="primary" onClick={() => void save()} data-testid="add-quota-save">
                {t('recruitment.save')}
              </Button>
            </Space>
          ) : (
            <Typography.Text type="secondary">{t('recruitment.notAllowedNow')}</Typography.Text>
          )}
        </>
      ) : null}
    </Card>
  );
}
