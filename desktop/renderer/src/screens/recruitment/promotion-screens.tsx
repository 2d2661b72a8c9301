import { fiscalYearOf, formatDigits, formatMoney, promotionSchema, relevanceSchema, todayAd } from '@psc/core';
import { App, Button, Card, Col, Form, Input, Popconfirm, Row, Space, Table } from 'antd';
import { ScrollRegion } from '../../components/scroll-region';
import { FiscalYearInput } from '../../components/fiscal-year-input';
import { NumberInput } from '../../components/number-input';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { DualDate } from '../../components/dual-date';
import { useLanguage } from '../../i18n/use-language';
import { callApi, query, toPaged } from '../../staff/staff-api';
import { showFieldErrors } from '../../components/show-field-errors';
import { useApiQuery } from '../../hooks/use-api-query';
import { joined, type PromotionRow, type RelevanceRow } from './recruitment-api';
import { CachedSelect, useCachedNames } from '../../components/cached-select';
import { ErrorAlert } from '../../components/error-alert';
import { RemarkModal, type RemarkDecision } from '../../components/remark-modal';
import { StatusTag } from './recruitment-parts';
import { useActions } from '../../stores/session-store';

// spec §2 configuratuin/add-promotion (spelt so), configuration/approve-promotion and
// configuration/relevance with create and view [MC]; spec §3 "Promotion vacancy: type, number,
// area, fee"; §4 "Promotion: draft, live or rejected". The forms check with the schemas the API uses.

function PromotionTable({ rows, loading, extra }: { rows: PromotionRow[]; loading: boolean; extra?: (row: PromotionRow) => ReactNode }) {
  const { t, language } = useLanguage();
  const typeName = useCachedNames('promotion-types');
  const serviceName = useCachedNames('services');
  const className = useCachedNames('service-classes');
  const postName = useCachedNames('posts');
  const decisionName = useCachedNames('decisions');
  return (
    <ScrollRegion label={t('recruitment.promotions')}>
      <Table
        size="small"
        scroll={{ x: 'max-content' }}
        rowKey="id"
        loading={loading}
        dataSource={rows}
        pagination={false}
        columns={[
          { key: 'fy', title: t('recruitment.fiscalYear'), render: (_, row) => formatDigits(row.fiscalYear, language) },
          { key: 'type', title: t('recruitment.promotionType'), render: (_, row) => joined(row, 'promotionType', language) || typeName(row.promotionTypeId) },
          { key: 'service', title: t('recruitment.service'), render: (_, row) => joined(row, 'service', language) || serviceName(row.serviceId) },
          { key: 'class', title: t('recruitment.class'), render: (_, row) => joined(row, 'class', language) || className(row.classId) },
          { key: 'post', title: t('recruitment.post'), render: (_, row) => joined(row, 'post', language) || postName(row.postId) },
          { key: 'vacancies', title: t('recruitment.vacancies'), render: (_, row) => formatDigits(row.vacancies, language) },
          { key: 'area', title: t('recruitment.area'), dataIndex: 'area' },
          { key: 'fee', title: t('recruitment.fee'), render: (_, row) => formatMoney(row.fee, language) },
          { key: 'decision', title: t('recruitment.decision'), render: (_, row) => formatDigits(row.decisionNo ?? decisionName(row.decisionId), language) },
          { key: 'status', title: t('recruitment.status'), render: (_, row) => <StatusTag status={row.status} /> },
          { key: 'at', title: t('recruitment.enteredAt'), render: (_, row) => <DualDate value={row.createdAt} withTime={false} /> },
          ...(extra ? [{ key: 'actions', title: t('master.actions'), render: (_: unknown, row: PromotionRow) => extra(row) }] : []),
        ]}
      />
    </ScrollRegion>
  );
}

export function AddPromotionScreen() {
  const { t } = useLanguage();
  const { message } = App.useApp();
  const actions = useActions('MC');
  const [form] = Form.useForm();
  const serviceId = Form.useWatch('serviceId', form) as number | undefined;
  const classId = Form.useWatch('classId', form) as number | undefined;
  const list = useApiQuery<unknown>('/api/admin/promotions?pageSize=100');
  const rows = toPaged<PromotionRow>(list.data).items;

  async function submit() {
    const values = form.getFieldsValue(true) as Record<string, unknown>;
    const parsed = promotionSchema.safeParse(values);
    if (!parsed.success) {
      showFieldErrors(form, t, parsed.error.issues);
      return;
    }
    const result = await callApi('/api/admin/promotions', { method: 'POST', body: parsed.data });
    if (!result.ok) {
      showFieldErrors(form, t, result.errors);
      void message.error(result.message);
      return;
    }
    void message.success(result.message || t('recruitment.saved'));
    form.resetFields();
    await list.reload();
  }

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      {actions.has('create') ? (
        <Card title={t('route.addPromotion')} data-testid="add-promotion">
          <Form form={form} layout="vertical" initialValues={{ fiscalYear: fiscalYearOf(todayAd()) }}>
            <Row gutter={16}>
              <Col xs={24} md={6}>
                <Form.Item name="fiscalYear" label={t('recruitment.fiscalYear')} required>
                  <FiscalYearInput testId="promotion-fiscalYear" />
                </Form.Item>
              </Col>
              <Col xs={24} md={6}>
                <Form.Item name="promotionTypeId" label={t('recruitment.promotionType')} required>
                  <CachedSelect type="promotion-types" testId="promotion-type" />
                </Form.Item>
              </Col>
              <Col xs={24} md={6}>
                <Form.Item name="serviceId" label={t('recruitment.service')} required>
                  <CachedSelect type="services" testId="promotion-service" onChange={() => form.setFieldsValue({ groupId: null })} />
                </Form.Item>
              </Col>
              <Col xs={24} md={6}>
                <Form.Item name="groupId" label={t('recruitment.group')}>
                  <CachedSelect type="service-groups" filter={(row) => Number(row.serviceId) === serviceId} />
                </Form.Item>
              </Col>
              <Col xs={24} md={6}>
                <Form.Item name="classId" label={t('recruitment.class')} required>
                  <CachedSelect type="service-classes" testId="promotion-class" onChange={() => form.setFieldsValue({ postId: null })} />
                </Form.Item>
              </Col>
              <Col xs={24} md={6}>
                <Form.Item name="postId" label={t('recruitment.post')}>
                  <CachedSelect type="posts" filter={(row) => Number(row.classId) === classId} />
                </Form.Item>
              </Col>
              <Col xs={24} md={4}>
                <Form.Item name="vacancies" label={t('recruitment.vacancies')} required>
                  <NumberInput min={1} precision={0} style={{ width: '100%' }} data-testid="promotion-vacancies" />
                </Form.Item>
              </Col>
              <Col xs={24} md={4}>
                <Form.Item name="fee" label={t('recruitment.fee')} required>
                  <NumberInput min={0} precision={0} style={{ width: '100%' }} data-testid="promotion-fee" />
                </Form.Item>
              </Col>
              <Col xs={24} md={6}>
                <Form.Item name="area" label={t('recruitment.area')}>
                  <Input data-testid="promotion-area" />
                </Form.Item>
              </Col>
              <Col xs={24} md={6}>
                <Form.Item name="decisionId" label={t('recruitment.decision')}>
                  <CachedSelect type="decisions" />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="remarks" label={t('recruitment.remarks')}>
                  <Input />
                </Form.Item>
              </Col>
            </Row>
          </Form>
          <Button type="primary" onClick={() => void submit()} data-testid="promotion-save">
            {t('recruitment.save')}
          </Button>
        </Card>
      ) : null}
      <Card title={t('recruitment.promotions')}>
        <ErrorAlert message={list.error?.message} />
        <PromotionTable rows={rows} loading={list.isLoading} />
      </Card>
    </Space>
  );
}

export function ApprovePromotionScreen() {
  const { t } = useLanguage();
  const { message } = App.useApp();
  const actions = useActions('MC');
  const [status, setStatus] = useState<string>('draft');
  const list = useApiQuery<unknown>(`/api/admin/promotions${query({ status, pageSize: 100 })}`);
  const rows = toPaged<PromotionRow>(list.data).items.filter((row) => row.status === status);
  const [decision, setDecision] = useState<RemarkDecision | null>(null);

  function decide(row: PromotionRow, action: 'approve' | 'reject') {
    const label = t(`recruitment.${action}`);
    setDecision({
      title: label,
      question: t(`recruitment.confirm.promotion.${action}`),
      okText: label,
      danger: action === 'reject',
      onConfirm: async (remarks) => {
        const result = await callApi(`/api/admin/promotions/${row.id}/${action}`, { method: 'POST', body: { remarks } });
        if (!result.ok) {
          void message.error(result.message);
          return false;
        }
        void message.success(result.message || t('recruitment.saved'));
        await list.reload();
        return true;
      },
    });
  }

  return (
    <Card
      title={t('route.approvePromotion')}
      data-testid="approve-promotion"
      extra={
        <Space>
          {(['draft', 'live', 'rejected'] as const).map((value) => (
            <Button key={value} type={status === value ? 'primary' : 'default'} onClick={() => setStatus(value)}>
              {t(`recruitment.status.${value}`)}
            </Button>
          ))}
        </Space>
      }
    >
      <ErrorAlert message={list.error?.message} />
      <PromotionTable
        rows={rows}
        loading={list.isLoading}
        extra={(row) =>
          row.status === 'draft' ? (
            <Space>
              {actions.has('approve') ? (
                <Button size="small" type="primary" onClick={() => decide(row, 'approve')} data-testid={`approve-promotion-${row.id}`}>
                  {t('recruitment.approve')}
                </Button>
              ) : null}
              {actions.has('reject') ? (
                <Button size="small" danger onClick={() => decide(row, 'reject')}>
                  {t('recruitment.reject')}
                </Button>
              ) : null}
            </Space>
          ) : null
        }
      />
      <RemarkModal decision={decision} onClose={() => setDecision(null)} />
    </Card>
  );
}

/** configuration/relevance and its view: which faculties count as relevant to a service (and group). */
export function RelevanceListScreen() {
  const { t, language } = useLanguage();
  const { message } = App.useApp();
  const actions = useActions('MC');
  const list = useApiQuery<unknown>('/api/admin/relevances?pageSize=100');
  const rows = toPaged<RelevanceRow>(list.data).items;
  const serviceName = useCachedNames('services');
  const groupName = useCachedNames('service-groups');
  const facultyName = useCachedNames('faculties');
  const decisionName = useCachedNames('decisions');

  async function remove(row: RelevanceRow) {
    const result = await callApi(`/api/admin/relevances/${row.id}`, { method: 'DELETE' });
    if (!result.ok) {
      void message.error(result.message);
      return;
    }
    void message.success(result.message || t('recruitment.saved'));
    await list.reload();
  }

  return (
    <Card
      title={t('route.viewRelevance')}
      data-testid="relevance-list"
      extra={
        actions.has('create') ? (
          <Link to="/admin/configuration/relevance/create">
            <Button type="primary">{t('route.createRelevance')}</Button>
          </Link>
        ) : null
      }
    >
      <ErrorAlert message={list.error?.message} />
      <ScrollRegion label={t('route.viewRelevance')}>
        <Table
          size="small"
          scroll={{ x: 'max-content' }}
          rowKey="id"
          loading={list.isLoading}
          dataSource={rows}
          pagination={false}
          columns={[
            { key: 'service', title: t('recruitment.service'), render: (_, row) => joined(row, 'service', language) || serviceName(row.serviceId) },
            { key: 'group', title: t('recruitment.group'), render: (_, row) => joined(row, 'group', language) || groupName(row.groupId) },
            { key: 'faculty', title: t('recruitment.faculty'), render: (_, row) => joined(row, 'faculty', language) || facultyName(row.facultyId) },
            { key: 'decision', title: t('recruitment.decision'), render: (_, row) => formatDigits(row.decisionNo ?? decisionName(row.decisionId), language) },
            { key: 'description', title: t('recruitment.description'), render: (_, row) => (language === 'ne' ? row.descriptionNp || row.descriptionEn : row.descriptionEn || row.descriptionNp) ?? '' },
            {
              key: 'actions',
              title: t('master.actions'),
              render: (_, row) =>
                actions.has('delete') ? (
                  <Popconfirm title={t('recruitment.confirm.relevanceDelete')} okText={t('common.yes')} cancelText={t('common.no')} onConfirm={() => remove(row)}>
                    <Button size="small" danger>
                      {t('recruitment.delete')}
                    </Button>
                  </Popconfirm>
                ) : null,
            },
          ]}
        />
      </ScrollRegion>
    </Card>
  );
}

export function RelevanceCreateScreen() {
  const { t } = useLanguage();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm();
  const serviceId = Form.useWatch('serviceId', form) as number | undefined;

  async function submit() {
    const parsed = relevanceSchema.safeParse(form.getFieldsValue(true));
    if (!parsed.success) {
      showFieldErrors(form, t, parsed.error.issues);
      return;
    }
    const result = await callApi('/api/admin/relevances', { method: 'POST', body: parsed.data });
    if (!result.ok) {
      showFieldErrors(form, t, result.errors);
      void message.error(result.message);
      return;
    }
    void message.success(result.message || t('recruitment.saved'));
    navigate('/admin/configuration/relevance/view');
  }

  return (
    <Card title={t('route.createRelevance')} data-testid="relevance-create">
      <Form form={form} layout="vertical" style={{ maxWidth: 640 }}>
        <Form.Item name="serviceId" label={t('recruitment.service')} required>
          <CachedSelect type="services" testId="relevance-service" onChange={() => form.setFieldsValue({ groupId: null })} />
        </Form.Item>
        <Form.Item name="groupId" label={t('recruitment.group')}>
          <CachedSelect type="service-groups" filter={(row) => Number(row.serviceId) === serviceId} />
        </Form.Item>
        <Form.Item name="facultyId" label={t('recruitment.faculty')} required>
          <CachedSelect type="faculties" testId="relevance-faculty" />
        </Form.Item>
        <Form.Item name="decisionId" label={t('recruitment.decision')}>
          <CachedSelect type="decisions" />
        </Form.Item>
        <Form.Item name="descriptionEn" label={t('recruitment.descriptionEn')}>
          <Input.TextArea rows={2} data-testid="relevance-descriptionEn" />
        </Form.Item>
        <Form.Item name="descriptionNp" label={t('recruitment.descriptionNp')}>
          <Input.TextArea rows={2} />
        </Form.Item>
      </Form>
      <Space>
        <Button type="primary" onClick={() => void submit()} data-testid="relevance-save">
          {t('recruitment.save')}
        </Button>
        <Link to="/admin/configuration/relevance/view">
          <Button>{t('recruitment.backToList')}</Button>
        </Link>
      </Space>
    </Card>
  );
}
