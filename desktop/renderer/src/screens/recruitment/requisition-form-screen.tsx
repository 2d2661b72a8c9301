import { fiscalYearOf, formatDigits, todayAd } from '@psc/core';
import { App, Button, Card, Col, Form, Input, Row, Space, Tabs, Typography, Upload } from 'antd';
import { FiscalYearInput } from '../../components/fiscal-year-input';
import { NumberInput } from '../../components/number-input';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useLanguage, type TextKey } from '../../i18n/use-language';
import { callApi } from '../../staff/staff-api';
import { showFieldErrors } from '../../components/show-field-errors';
import {
  checkRequisitionDocument,
  openRequisitionDocument,
  uploadRequisitionDocument,
  type RequisitionInput,
  type RequisitionKind,
  type RequisitionRow,
  type StoredDocument,
} from './recruitment-api';
import { AdDateInput } from '../../components/ad-date-input';
import { CachedSelect } from '../../components/cached-select';
import { ErrorAlert } from '../../components/error-alert';

// spec §2 post-requisition/add|edit/{identity} and service-requisition/add/{identity} [RQ], with
// every spec §3 Requisition field: the details, the quota columns (open, female, internal,
// madhesi, total), the fees tab and the requisition document (image or PDF under 500 KB, spec §5).
// {identity} of "add" is not explained by the spec: here a number names an existing requisition
// whose fields fill the new one (entering the next demand of the same office), anything else
// ("new") starts empty. {identity} of "edit" is the requisition's id.

const QUOTA_FIELDS = ['proposedOpen', 'proposedFemale', 'proposedInternal', 'proposedMadhesi'] as const;
const FEE_FIELDS = ['applicationFee', 'internalCompetitionFee', 'extraQuotaFee', 'extraServiceFee', 'extraClusterFee'] as const;

/** The tab a field sits on, to open it when the field is refused. */
function tabOf(field: string): string {
  if (field === 'totalVacancy' || (QUOTA_FIELDS as readonly string[]).includes(field)) return 'quotas';
  if ((FEE_FIELDS as readonly string[]).includes(field)) return 'fees';
  if (field === 'documentFileId') return 'document';
  return 'details';
}

type FormValues = Omit<RequisitionInput, 'kind' | 'documentFileId'>;

export function RequisitionFormScreen({ kind, mode }: { kind: RequisitionKind; mode: 'add' | 'edit' }) {
  const { t, language } = useLanguage();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { identity } = useParams();
  const [form] = Form.useForm<FormValues>();
  const [document, setDocument] = useState<StoredDocument | null>(null);
  const [documentError, setDocumentError] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [isUploading, setIsUploading] = useState(false);
  const [isSaving, setIsSaving] = useState(false);
  const [tab, setTab] = useState('details');
  const serviceId = Form.useWatch('serviceId', form);
  const groupId = Form.useWatch('groupId', form);
  const classId = Form.useWatch('classId', form);
  const quotaValues = Form.useWatch([], form) as Partial<FormValues> | undefined;
  const sourceId = identity && /^\d+$/.test(identity) ? identity : null;
  const editedId = mode === 'edit' ? sourceId : null;
  const [editedKind, setEditedKind] = useState<RequisitionKind>(kind);

  useEffect(() => {
    if (!sourceId) return;
    void callApi<RequisitionRow>(`/api/admin/requisitions/${sourceId}`).then((result) => {
      if (!result.ok) {
        setLoadError(result.message);
        return;
      }
      const row = result.data;
      const values: Record<string, unknown> = {};
      for (const key of Object.keys(row) as (keyof RequisitionRow)[]) values[key] = row[key];
      form.setFieldsValue(values as FormValues);
      if (mode === 'edit') {
        setEditedKind(row.kind);
        const fileId = row.documentFileId ?? row.document?.fileId;
        if (fileId) setDocument({ fileId, contentType: row.document?.contentType ?? '', byteSize: row.document?.byteSize ?? 0, originalName: row.document?.originalName ?? '' });
      }
    });
  }, [sourceId, mode, form]);

  const formKind = mode === 'edit' ? editedKind : kind;
  const sumOfQuotas = QUOTA_FIELDS.reduce((sum, key) => sum + (Number(quotaValues?.[key]) || 0), 0);
  const total = Number(quotaValues?.totalVacancy) || 0;

  async function chooseDocument(file: File) {
    // spec §5: image or PDF under 500 KB; checked here first, and by content on the server.
    const issue = checkRequisitionDocument(file);
    if (issue) {
      setDocumentError(t(issue));
      return;
    }
    setIsUploading(true);
    const result = await uploadRequisitionDocument(file);
    setIsUploading(false);
    if (!result.ok) {
      setDocumentError(result.message || t('recruitment.documentUploadFailed'));
      return;
    }
    setDocument(result.data);
    setDocumentError(null);
  }

  async function submit() {
    let values: FormValues;
    try {
      values = await form.validateFields();
    } catch (error) {
      // Show the tab that holds the first field in error.
      const first = (error as { errorFields?: { name: (string | number)[] }[] }).errorFields?.[0]?.name[0];
      setTab(tabOf(String(first ?? '')));
      if (!document) setDocumentError(t('recruitment.documentRequired'));
      return;
    }
    if (!document) {
      // spec §5: "an error appears when none is chosen".
      setDocumentError(t('recruitment.documentRequired'));
      setTab('document');
      return;
    }
    const body: RequisitionInput = {
      ...values,
      kind: formKind,
      postId: formKind === 'post' ? values.postId : null,
      documentFileId: document.fileId,
    };
    setIsSaving(true);
    const result = await callApi<{ id: number }>(editedId ? `/api/admin/requisitions/${editedId}` : '/api/admin/requisitions', {
      method: editedId ? 'PUT' : 'POST',
      body,
    });
    setIsSaving(false);
    if (!result.ok) {
      if (result.errors?.documentFileId) setDocumentError(result.errors.documentFileId.join(' '));
      showFieldErrors(form, t, result.errors);
      const first = Object.keys(result.errors ?? {})[0];
      if (first) setTab(tabOf(first));
      void message.error(result.message);
      return;
    }
    void message.success(result.message || t('recruitment.saved'));
    navigate('/admin/requisition');
  }

  const numberInput = (name: keyof FormValues, label: TextKey, min = 0) => (
    <Col xs={24} md={8} key={name}>
      <Form.Item name={name} label={t(label)} rules={[{ required: true, message: t('recruitment.required') }]}>
        <NumberInput min={min} precision={0} style={{ width: '100%' }} data-testid={`req-${name}`} />
      </Form.Item>
    </Col>
  );

  const details = (
    <Row gutter={16}>
      <Col xs={24} md={8}>
        <Form.Item name="requisitionNo" label={t('recruitment.requisitionNo')} rules={[{ required: true, whitespace: true, message: t('recruitment.required') }]}>
          <Input data-testid="req-requisitionNo" />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="fiscalYear" label={t('recruitment.fiscalYear')} rules={[{ required: true, pattern: /^\d{4}\/\d{2}$/, message: t('recruitment.fiscalYearHint') }]}>
          <FiscalYearInput testId="req-fiscalYear" />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="requestedDate" label={t('recruitment.requestedDate')} rules={[{ required: true, message: t('recruitment.required') }]}>
          <AdDateInput testId="req-requestedDate" />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="serviceId" label={t('recruitment.service')} rules={[{ required: true, message: t('recruitment.required') }]}>
          <CachedSelect type="services" testId="req-serviceId" onChange={() => form.setFieldsValue({ groupId: null, subgroupId: null })} />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="groupId" label={t('recruitment.group')}>
          <CachedSelect type="service-groups" testId="req-groupId" filter={(row) => Number(row.serviceId) === serviceId} onChange={() => form.setFieldsValue({ subgroupId: null })} />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="subgroupId" label={t('recruitment.subgroup')}>
          <CachedSelect type="service-subgroups" testId="req-subgroupId" filter={(row) => Number(row.groupId) === groupId} />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="classId" label={t('recruitment.class')} rules={[{ required: true, message: t('recruitment.required') }]}>
          <CachedSelect type="service-classes" testId="req-classId" onChange={() => form.setFieldsValue({ postId: null })} />
        </Form.Item>
      </Col>
      {formKind === 'post' ? (
        <Col xs={24} md={8}>
          <Form.Item name="postId" label={t('recruitment.post')} rules={[{ required: true, message: t('recruitment.required') }]}>
            <CachedSelect type="posts" testId="req-postId" filter={(row) => Number(row.classId) === classId} />
          </Form.Item>
        </Col>
      ) : null}
      <Col xs={24} md={8}>
        <Form.Item name="clusterId" label={t('recruitment.cluster')}>
          <CachedSelect type="clusters" testId="req-clusterId" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="demandOrganizationId" label={t('recruitment.demandOffice')} rules={[{ required: true, message: t('recruitment.required') }]}>
          <CachedSelect type="organizations" testId="req-demandOrganizationId" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="requestOrganizationId" label={t('recruitment.requestOffice')} rules={[{ required: true, message: t('recruitment.required') }]}>
          <CachedSelect type="organizations" testId="req-requestOrganizationId" filter={(row) => row.isCommissionOffice !== false} />
        </Form.Item>
      </Col>
      <Col xs={24}>
        <Form.Item name="workSummary" label={t('recruitment.workSummary')}>
          <Input.TextArea rows={2} data-testid="req-workSummary" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="requisitionRemarks" label={t('recruitment.requisitionRemarks')}>
          <Input.TextArea rows={2} data-testid="req-requisitionRemarks" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="remarks" label={t('recruitment.remarks')}>
          <Input.TextArea rows={2} data-testid="req-remarks" />
        </Form.Item>
      </Col>
    </Row>
  );

  const quotas = (
    <>
      <Row gutter={16}>
        {numberInput('totalVacancy', 'recruitment.totalVacancy', 1)}
        {numberInput('proposedOpen', 'recruitment.quotaOpen')}
        {numberInput('proposedFemale', 'recruitment.quotaFemale')}
        {numberInput('proposedInternal', 'recruitment.quotaInternal')}
        {numberInput('proposedMadhesi', 'recruitment.quotaMadhesi')}
      </Row>
      <Typography.Text type={sumOfQuotas > total ? 'danger' : 'secondary'} data-testid="req-quota-sum">
        {t('recruitment.quotaSum', { sum: formatDigits(sumOfQuotas, language), total: formatDigits(total, language) })}
      </Typography.Text>
    </>
  );

  const fees = (
    <Row gutter={16}>
      {FEE_FIELDS.map((name) => numberInput(name, `recruitment.${name}` as TextKey))}
    </Row>
  );

  const documentTab = (
    <Space direction="vertical">
      <Typography.Text type="secondary">{t('recruitment.documentRule')}</Typography.Text>
      <Upload
        accept="image/jpeg,image/png,application/pdf"
        showUploadList={false}
        beforeUpload={(file) => {
          void chooseDocument(file);
          return false;
        }}
      >
        <Button loading={isUploading} data-testid="req-document-button">
          {t('recruitment.chooseDocument')}
        </Button>
      </Upload>
      {document ? (
        <Space>
          <Typography.Text data-testid="req-document-name">{document.originalName || t('recruitment.documentChosen')}</Typography.Text>
          <Button size="small" type="link" onClick={() => void openRequisitionDocument(document.fileId)}>
            {t('recruitment.viewDocument')}
          </Button>
        </Space>
      ) : null}
      {documentError ? (
        <Typography.Text type="danger" data-testid="req-document-error">
          {documentError}
        </Typography.Text>
      ) : null}
    </Space>
  );

  const titleKey: TextKey = mode === 'edit' ? 'route.editPostRequisition' : formKind === 'post' ? 'route.addPostRequisition' : 'route.addServiceRequisition';
  return (
    <Card
      title={t(titleKey)}
      data-testid="requisition-form"
      extra={
        <Link to="/admin/requisition">
          <Button>{t('recruitment.backToList')}</Button>
        </Link>
      }
    >
      <ErrorAlert message={loadError} />
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          fiscalYear: fiscalYearOf(todayAd()),
          requestedDate: todayAd(),
          totalVacancy: 1,
          ...Object.fromEntries([...QUOTA_FIELDS, ...FEE_FIELDS].map((key) => [key, 0])),
        }}
      >
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            { key: 'details', label: t('recruitment.tabDetails'), children: details, forceRender: true },
            { key: 'quotas', label: t('recruitment.tabQuotas'), children: quotas, forceRender: true },
            { key: 'fees', label: t('recruitment.tabFees'), children: fees, forceRender: true },
            { key: 'document', label: t('recruitment.tabDocument'), children: documentTab, forceRender: true },
          ]}
        />
      </Form>
      <Space style={{ marginTop: 16 }}>
        <Button type="primary" loading={isSaving} onClick={() => void submit()} data-testid="req-save">
          {t('recruitment.save')}
        </Button>
      </Space>
    </Card>
  );
}
