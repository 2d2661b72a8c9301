import { formatDigits } from '@psc/core';
import { App, Button, Card, Descriptions, Form, Input, Popconfirm, Space, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { CachedMultiSelect, CachedSelect } from '../../components/cached-select';
import { DualDate } from '../../components/dual-date';
import { ErrorAlert } from '../../components/error-alert';
import { showFieldErrors } from '../../components/show-field-errors';
import { useApiQuery } from '../../hooks/use-api-query';
import { useLanguage } from '../../i18n/use-language';
import { callApi, query } from '../../staff/staff-api';
import { useActions } from '../../stores/session-store';

// spec §2 academic-qualification, create-qualification/{id}, view-qualification/{id} [MC]: the
// minimum qualification of a post (education level and the faculties that count), over the API's
// /qualifications (api/src/master/post-qualifications.ts). create-qualification/new adds one.

type Qualification = {
  id: number;
  postId: number;
  postNameEn: string;
  postNameNp: string;
  educationLevelId: number;
  educationLevelNameEn: string;
  educationLevelNameNp: string;
  description: string | null;
  updatedAt: string;
  faculties: { id: number; nameEn: string; nameNp: string }[];
};

const PAGE_SIZE = 20;
const BASE = '/api/admin/qualifications';

function useName() {
  const { language } = useLanguage();
  return (en: string | null | undefined, np: string | null | undefined) => (language === 'ne' ? np || en : en || np) ?? '';
}

function FacultyTags({ row }: { row: Qualification }) {
  const { t } = useLanguage();
  const name = useName();
  if (row.faculties.length === 0) return <Tag>{t('qualifications.anyFaculty')}</Tag>;
  return (
    <>
      {row.faculties.map((faculty) => (
        <Tag key={faculty.id}>{name(faculty.nameEn, faculty.nameNp)}</Tag>
      ))}
    </>
  );
}

export function AcademicQualificationScreen() {
  const { t, language } = useLanguage();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const actions = useActions('MC');
  const name = useName();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const list = useApiQuery<{ items: Qualification[]; total: number }>(`${BASE}${query({ page, pageSize: PAGE_SIZE, search })}`);

  const remove = async (row: Qualification) => {
    const result = await callApi(`${BASE}/${row.id}`, { method: 'DELETE' });
    if (!result.ok) {
      void message.error(result.message);
      return;
    }
    void message.success(result.message);
    void list.reload();
  };

  return (
    <Card
      title={t('route.academicQualification')}
      data-testid="academic-qualification"
      extra={
        actions.has('create') ? (
          <Button type="primary" onClick={() => void navigate('/admin/create-qualification/new')} data-testid="qualification-add">
            {t('qualifications.add')}
          </Button>
        ) : null
      }
    >
      <Input.Search
        allowClear
        placeholder={t('qualifications.search')}
        style={{ maxWidth: 320, marginBottom: 16 }}
        onSearch={(value) => {
          setSearch(value.trim());
          setPage(1);
        }}
      />
      <ErrorAlert message={list.error?.message} />
      <Table<Qualification>
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.items ?? []}
        data-testid="qualification-table"
        pagination={{ current: page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          { title: '#', key: 'id', width: 70, render: (_, row) => formatDigits(String(row.id), language) },
          { title: t('qualifications.post'), key: 'post', render: (_, row) => name(row.postNameEn, row.postNameNp) },
          { title: t('qualifications.level'), key: 'level', render: (_, row) => name(row.educationLevelNameEn, row.educationLevelNameNp) },
          { title: t('qualifications.faculties'), key: 'faculties', render: (_, row) => <FacultyTags row={row} /> },
          {
            title: '',
            key: 'actions',
            render: (_, row) => (
              <Space>
                <Button size="small" onClick={() => void navigate(`/admin/view-qualification/${row.id}`)}>
                  {t('qualifications.view')}
                </Button>
                {actions.has('update') ? (
                  <Button size="small" onClick={() => void navigate(`/admin/create-qualification/${row.id}`)}>
                    {t('qualifications.edit')}
                  </Button>
                ) : null}
                {actions.has('delete') ? (
                  <Popconfirm title={t('qualifications.deleteConfirm')} okText={t('common.yes')} cancelText={t('common.no')} onConfirm={() => remove(row)}>
                    <Button size="small" danger>
                      {t('qualifications.delete')}
                    </Button>
                  </Popconfirm>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}

type QualificationForm = { postId?: number | null; educationLevelId?: number | null; facultyIds?: number[]; description?: string };

/** create-qualification/{id}: `new` adds a qualification, a number changes that one. */
export function QualificationFormScreen() {
  const { t } = useLanguage();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { id } = useParams();
  const isNew = !id || id === 'new' || id === '0';
  const [form] = Form.useForm<QualificationForm>();
  const [isSaving, setIsSaving] = useState(false);
  const existing = useApiQuery<Qualification>(isNew ? null : `${BASE}/${id}`);

  useEffect(() => {
    if (existing.data) {
      form.setFieldsValue({
        postId: existing.data.postId,
        educationLevelId: existing.data.educationLevelId,
        facultyIds: existing.data.faculties.map((faculty) => faculty.id),
        description: existing.data.description ?? '',
      });
    }
  }, [existing.data, form]);

  const save = async (values: QualificationForm) => {
    setIsSaving(true);
    const body = { postId: values.postId, educationLevelId: values.educationLevelId, facultyIds: values.facultyIds ?? [], description: values.description ?? '' };
    const result = await callApi<Qualification>(isNew ? BASE : `${BASE}/${id}`, { method: isNew ? 'POST' : 'PUT', body });
    setIsSaving(false);
    if (!result.ok) {
      showFieldErrors(form, t, result.errors);
      void message.error(result.message);
      return;
    }
    void message.success(result.message);
    void navigate(`/admin/view-qualification/${result.data.id}`);
  };

  return (
    <Card title={t('route.createQualification')} data-testid="qualification-form">
      <ErrorAlert message={existing.error?.message} />
      <Form form={form} layout="vertical" onFinish={(values) => void save(values)} style={{ maxWidth: 560 }}>
        <Form.Item name="postId" label={t('qualifications.post')} rules={[{ required: true, message: t('qualifications.postRequired') }]}>
          <CachedSelect type="posts" testId="qualification-post" />
        </Form.Item>
        <Form.Item name="educationLevelId" label={t('qualifications.level')} rules={[{ required: true, message: t('qualifications.levelRequired') }]}>
          <CachedSelect type="education-levels" testId="qualification-level" />
        </Form.Item>
        <Form.Item name="facultyIds" label={t('qualifications.faculties')} extra={t('qualifications.anyFaculty')}>
          <CachedMultiSelect type="faculties" testId="qualification-faculties" />
        </Form.Item>
        <Form.Item name="description" label={t('qualifications.description')}>
          <Input.TextArea rows={3} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={isSaving} data-testid="qualification-save">
            {t('qualifications.save')}
          </Button>
          <Button onClick={() => void navigate('/admin/academic-qualification')}>{t('qualifications.back')}</Button>
        </Space>
      </Form>
    </Card>
  );
}

export function QualificationViewScreen() {
  const { t } = useLanguage();
  const navigate = useNavigate();
  const { id } = useParams();
  const actions = useActions('MC');
  const name = useName();
  const row = useApiQuery<Qualification>(`${BASE}/${id}`);
  return (
    <Card
      title={t('route.viewQualification')}
      data-testid="qualification-view"
      extra={
        <Space>
          {actions.has('update') ? <Button onClick={() => void navigate(`/admin/create-qualification/${id}`)}>{t('qualifications.edit')}</Button> : null}
          <Button onClick={() => void navigate('/admin/academic-qualification')}>{t('qualifications.back')}</Button>
        </Space>
      }
    >
      <ErrorAlert message={row.error?.message} />
      {row.data ? (
        <Descriptions bordered column={1} size="small">
          <Descriptions.Item label={t('qualifications.post')}>{name(row.data.postNameEn, row.data.postNameNp)}</Descriptions.Item>
          <Descriptions.Item label={t('qualifications.level')}>{name(row.data.educationLevelNameEn, row.data.educationLevelNameNp)}</Descriptions.Item>
          <Descriptions.Item label={t('qualifications.faculties')}>
            <FacultyTags row={row.data} />
          </Descriptions.Item>
          <Descriptions.Item label={t('qualifications.description')}>{row.data.description ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('qualifications.updatedAt')}>
            <DualDate value={row.data.updatedAt} />
          </Descriptions.Item>
        </Descriptions>
      ) : null}
    </Card>
  );
}
