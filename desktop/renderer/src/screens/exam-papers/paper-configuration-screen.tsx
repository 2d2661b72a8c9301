import { EXAM_OPTIONS, EXAM_PAPER_TYPES, EXAM_TEST_TYPES, examPaperSchema, formatDigits, localizeIssues, totalFullMarks, type ExamPaperInput } from '@psc/core';
import { App, Button, Card, Col, Form, Input, Modal, Popconfirm, Row, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { CachedSelect } from '../../components/cached-select';
import { ErrorAlert } from '../../components/error-alert';
import { NumberInput } from '../../components/number-input';
import { showFieldErrors } from '../../components/show-field-errors';
import { useApiQuery } from '../../hooks/use-api-query';
import { useLanguage } from '../../i18n/use-language';
import { callApi, query, type Paged } from '../../staff/staff-api';
import { useActions } from '../../stores/session-store';
import { examOf, movedIds, nameIn, type ExamPaperRow } from './exam-papers-api';

// spec §2 paper-configuration [PE]; spec §3 Paper configuration (test type, paper type, subject,
// maximum marks, duration, exam option); spec §7 paper filter by class, post and master division
// (the service group, db/src/schema/exams.ts). A post's exam is its ordered list of papers.

/** Every exam of one post fits one page: at most 20 papers an exam, a few groups. */
const PAGE_SIZE = 100;

type Filters = { classId: number | null; postId: number | null; serviceGroupId: number | null };

export function PaperConfigurationScreen() {
  const { t, language } = useLanguage();
  const { message } = App.useApp();
  const actions = useActions('PE');
  const canOpenDetail = useActions('MC').has('read');
  const [filters, setFilters] = useState<Filters>({ classId: null, postId: null, serviceGroupId: null });
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<ExamPaperRow | 'new' | null>(null);
  const list = useApiQuery<Paged<ExamPaperRow>>(`/api/admin/exam-papers${query({ ...filters, page, pageSize: PAGE_SIZE })}`);
  const rows = list.data?.items ?? [];

  function filter(next: Partial<Filters>) {
    setFilters((current) => ({ ...current, ...next }));
    setPage(1);
  }

  async function move(row: ExamPaperRow, step: -1 | 1) {
    const paperIds = movedIds(examOf(rows, row), row.id, step);
    if (!paperIds) return;
    const result = await callApi('/api/admin/exam-papers/reorder', { method: 'POST', body: { postId: row.postId, serviceGroupId: row.serviceGroupId, paperIds } });
    if (!result.ok) void message.error(result.message);
    await list.reload();
  }

  async function remove(row: ExamPaperRow) {
    const result = await callApi(`/api/admin/exam-papers/${row.id}`, { method: 'DELETE' });
    if (result.ok) void message.success(result.message);
    else void message.error(result.message);
    await list.reload();
  }

  const marks = formatDigits(totalFullMarks(rows), language);
  return (
    <Card
      title={t('route.paperConfiguration')}
      data-testid="paper-configuration"
      extra={
        actions.has('create') ? (
          <Button type="primary" data-testid="add-paper" onClick={() => setEditing('new')}>
            {t('examPapers.add')}
          </Button>
        ) : null
      }
    >
      <ErrorAlert message={list.error?.message} />
      <Form layout="vertical" data-testid="paper-filters">
        <Row gutter={16}>
          <Col xs={24} md={6}>
            <Form.Item label={t('examPapers.class')}>
              <CachedSelect type="service-classes" aria-label={t('examPapers.class')} testId="paper-filter-class" value={filters.classId} onChange={(classId) => filter({ classId, postId: null })} />
            </Form.Item>
          </Col>
          <Col xs={24} md={9}>
            <Form.Item label={t('examPapers.post')}>
              <CachedSelect
                type="posts"
                aria-label={t('examPapers.post')}
                testId="paper-filter-post"
                value={filters.postId}
                filter={(row) => filters.classId === null || Number(row.classId) === filters.classId}
                onChange={(postId) => filter({ postId })}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={9}>
            <Form.Item label={t('examPapers.masterDivision')}>
              <CachedSelect type="service-groups" aria-label={t('examPapers.masterDivision')} testId="paper-filter-group" value={filters.serviceGroupId} onChange={(serviceGroupId) => filter({ serviceGroupId })} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      {filters.postId === null ? <Typography.Paragraph type="secondary">{t('examPapers.choosePost')}</Typography.Paragraph> : null}
      <Table
        size="small"
        rowKey="id"
        data-testid="paper-table"
        scroll={{ x: 'max-content' }}
        loading={list.isLoading}
        dataSource={rows}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, showSizeChanger: false, onChange: setPage, hideOnSinglePage: true }}
        footer={() => <span data-testid="paper-total">{t('examPapers.total', { count: rows.length, marks })}</span>}
        columns={[
          // The chosen post and group are named in the filters above: their columns would repeat them.
          ...(filters.postId === null ? [{ key: 'post', title: t('examPapers.post'), render: (_: unknown, row: ExamPaperRow) => nameIn(row, 'post', language) }] : []),
          ...(filters.serviceGroupId === null
            ? [{ key: 'group', title: t('examPapers.masterDivision'), render: (_: unknown, row: ExamPaperRow) => (row.serviceGroupId === null ? t('examPapers.allGroups') : nameIn(row, 'serviceGroup', language)) }]
            : []),
          { key: 'order', title: t('examPapers.order'), render: (_, row) => formatDigits(row.paperOrder, language) },
          { key: 'subject', title: t('examPapers.subject'), render: (_, row) => (language === 'ne' ? row.subjectNameNp : row.subjectNameEn) },
          { key: 'testType', title: t('examPapers.testType'), render: (_, row) => t(`examPapers.testType.${row.testType}`) },
          { key: 'paperType', title: t('examPapers.paperType'), render: (_, row) => t(`examPapers.paperType.${row.paperType}`) },
          { key: 'full', title: t('examPapers.fullMarks'), align: 'right', render: (_, row) => formatDigits(row.fullMarks, language) },
          { key: 'pass', title: t('examPapers.passMarks'), align: 'right', render: (_, row) => formatDigits(row.passMarks, language) },
          { key: 'duration', title: t('examPapers.durationMinutes'), align: 'right', render: (_, row) => formatDigits(row.durationMinutes, language) },
          {
            key: 'option',
            title: t('examPapers.examOption'),
            render: (_, row) => (row.examOption === 'optional' ? `${t('examPapers.examOption.optional')}: ${nameIn(row, 'optionalSubject', language)}` : t('examPapers.examOption.compulsory')),
          },
          {
            key: 'actions',
            title: t('examPapers.actions'),
            // Kept in sight when the columns scroll sideways on a narrow window.
            fixed: 'right',
            render: (_, row) => {
              const exam = examOf(rows, row);
              const place = exam.findIndex((paper) => paper.id === row.id);
              return (
                <Space wrap>
                  {actions.has('update') ? (
                    <>
                      <Button size="small" disabled={place <= 0} aria-label={t('examPapers.moveUp')} title={t('examPapers.moveUp')} data-testid={`paper-up-${row.id}`} onClick={() => void move(row, -1)}>
                        ↑
                      </Button>
                      <Button
                        size="small"
                        disabled={place < 0 || place >= exam.length - 1}
                        aria-label={t('examPapers.moveDown')}
                        title={t('examPapers.moveDown')}
                        data-testid={`paper-down-${row.id}`}
                        onClick={() => void move(row, 1)}
                      >
                        ↓
                      </Button>
                      <Button size="small" data-testid={`paper-edit-${row.id}`} onClick={() => setEditing(row)}>
                        {t('examPapers.edit')}
                      </Button>
                    </>
                  ) : null}
                  {actions.has('delete') ? (
                    <Popconfirm
                      title={t('examPapers.confirmDelete', { subject: language === 'ne' ? row.subjectNameNp : row.subjectNameEn })}
                      okText={t('common.yes')}
                      cancelText={t('common.no')}
                      onConfirm={() => remove(row)}
                    >
                      <Button size="small" danger data-testid={`paper-delete-${row.id}`}>
                        {t('examPapers.delete')}
                      </Button>
                    </Popconfirm>
                  ) : null}
                  {canOpenDetail ? (
                    <Link to={`/admin/paper-detail/${row.id}`} data-testid={`paper-detail-${row.id}`}>
                      {t('examPapers.detail')}
                    </Link>
                  ) : null}
                </Space>
              );
            },
          },
        ]}
      />
      {editing ? (
        <PaperForm
          paper={editing === 'new' ? null : editing}
          defaults={filters}
          onClose={() => setEditing(null)}
          onSaved={async () => {
            setEditing(null);
            await list.reload();
          }}
        />
      ) : null}
    </Card>
  );
}

type FormValues = Omit<ExamPaperInput, 'fullMarks' | 'passMarks' | 'durationMinutes'> & { fullMarks?: number; passMarks?: number; durationMinutes?: number };

/** Every field of spec §3 Paper configuration; checked with the API's own schema before sending. */
function PaperForm({ paper, defaults, onClose, onSaved }: { paper: ExamPaperRow | null; defaults: Filters; onClose: () => void; onSaved: () => Promise<void> }) {
  const { t, language } = useLanguage();
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const [isSaving, setIsSaving] = useState(false);
  const examOption = Form.useWatch('examOption', form);
  const initialValues: Partial<FormValues> = paper
    ? { ...paper }
    : { postId: defaults.postId ?? undefined, serviceGroupId: defaults.serviceGroupId, testType: 'written', paperType: 'objective', examOption: 'compulsory' };

  async function save() {
    const values = form.getFieldsValue(true) as FormValues;
    const body = { ...values, optionalSubjectId: values.examOption === 'optional' ? (values.optionalSubjectId ?? null) : null };
    // The API's schema, so the form refuses what the server would, in the reader's language.
    const parsed = examPaperSchema.safeParse(body);
    if (!parsed.success) {
      showFieldErrors(form, t, localizeIssues(parsed.error, language));
      return;
    }
    setIsSaving(true);
    const result = await callApi<{ id: number }>(paper ? `/api/admin/exam-papers/${paper.id}` : '/api/admin/exam-papers', { method: paper ? 'PUT' : 'POST', body: parsed.data });
    setIsSaving(false);
    if (!result.ok) {
      showFieldErrors(form, t, result.errors);
      void message.error(result.message);
      return;
    }
    void message.success(result.message);
    await onSaved();
  }

  // No min/max on the inputs: a number out of range stays as typed and the schema says why.
  const numberField = (name: 'fullMarks' | 'passMarks' | 'durationMinutes') => (
    <Col xs={24} md={8}>
      <Form.Item name={name} label={t(`examPapers.${name}`)} required>
        <NumberInput precision={0} style={{ width: '100%' }} data-testid={`paper-${name}`} />
      </Form.Item>
    </Col>
  );

  return (
    <Modal
      open
      width={760}
      title={t(paper ? 'examPapers.formTitleEdit' : 'examPapers.formTitleAdd')}
      okText={t('examPapers.save')}
      cancelText={t('examPapers.cancel')}
      confirmLoading={isSaving}
      onOk={() => void save()}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'paper-save' }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={initialValues} data-testid="paper-form">
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="postId" label={t('examPapers.post')} required>
              <CachedSelect type="posts" testId="paper-postId" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="serviceGroupId" label={t('examPapers.masterDivision')}>
              <CachedSelect type="service-groups" testId="paper-serviceGroupId" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="testType" label={t('examPapers.testType')} required>
              <Select data-testid="paper-testType" options={EXAM_TEST_TYPES.map((value) => ({ value, label: t(`examPapers.testType.${value}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="paperType" label={t('examPapers.paperType')} required>
              <Select data-testid="paper-paperType" options={EXAM_PAPER_TYPES.map((value) => ({ value, label: t(`examPapers.paperType.${value}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="examOption" label={t('examPapers.examOption')} required>
              <Select data-testid="paper-examOption" options={EXAM_OPTIONS.map((value) => ({ value, label: t(`examPapers.examOption.${value}`) }))} />
            </Form.Item>
          </Col>
          {examOption === 'optional' ? (
            <Col xs={24} md={12}>
              <Form.Item name="optionalSubjectId" label={t('examPapers.optionalSubject')} required>
                <CachedSelect type="subjects" testId="paper-optionalSubjectId" />
              </Form.Item>
            </Col>
          ) : null}
          <Col xs={24} md={12}>
            <Form.Item name="subjectNameEn" label={t('examPapers.subjectNameEn')} required>
              <Input data-testid="paper-subjectNameEn" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="subjectNameNp" label={t('examPapers.subjectNameNp')} required>
              <Input data-testid="paper-subjectNameNp" />
            </Form.Item>
          </Col>
          {numberField('fullMarks')}
          {numberField('passMarks')}
          {numberField('durationMinutes')}
        </Row>
      </Form>
    </Modal>
  );
}
