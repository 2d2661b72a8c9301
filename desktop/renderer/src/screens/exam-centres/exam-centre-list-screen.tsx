import { formatPhoneNumber, toDevanagariDigits } from '@psc/core';
import { App, Button, Card, Input, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useLanguage } from '../../i18n/use-language';
import { callApi, query, toPaged } from '../../staff/staff-api';
import { useActions } from '../../stores/session-store';
import type { ExamVenueRow } from './exam-centres-api';
import { useCities, VenueForm } from './venue-form';

const PAGE_SIZE = 20;

/**
 * exam-center [MC] (spec §2; §3 "Exam centre"): the schools and campuses where candidates sit,
 * by city, with their capacity and their active rooms' seats. A centre is added and changed here;
 * its rooms are kept on exam-center-list/{id}.
 */
export function ExamCentreListScreen() {
  const { t, language } = useLanguage();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const actions = useActions('MC');
  const cities = useCities();
  const [cityId, setCityId] = useState<number | undefined>();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<ExamVenueRow[]>([]);
  const [total, setTotal] = useState(0);
  const [isLoading, setIsLoading] = useState(false);
  const [editing, setEditing] = useState<ExamVenueRow | 'new' | null>(null);

  const load = useCallback(async () => {
    setIsLoading(true);
    const result = await callApi(`/api/admin/exam-venues${query({ cityId, search: search || undefined, page, pageSize: PAGE_SIZE })}`);
    setIsLoading(false);
    if (!result.ok) {
      void message.error({ content: result.message, key: 'venue-list' });
      return;
    }
    const paged = toPaged<ExamVenueRow>(result.data);
    setRows(paged.items);
    setTotal(paged.total);
  }, [cityId, search, page, message]);

  useEffect(() => {
    void load();
  }, [load]);

  async function remove(row: ExamVenueRow) {
    const result = await callApi(`/api/admin/exam-venues/${row.id}`, { method: 'DELETE' });
    if (!result.ok) {
      // A centre an allocation names answers 409: it stays, and may be deactivated instead.
      void message.error({ content: result.message, key: 'venue-delete' });
      return;
    }
    void message.success({ content: result.message, key: 'venue-delete' });
    await load();
  }

  const digits = (value: number) => (language === 'ne' ? toDevanagariDigits(String(value)) : String(value));
  const name = (en: string, np: string) => (language === 'ne' ? np : en);

  return (
    <Card title={t('route.examCenter')} data-testid="exam-centre-list">
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          data-testid="venue-city-filter"
          allowClear
          style={{ width: 320 }}
          placeholder={t('examCentres.allCities')}
          aria-label={t('examCentres.city')}
          showSearch={{ optionFilterProp: 'label' }}
          options={cities}
          value={cityId}
          onChange={(value) => {
            setCityId(value);
            setPage(1);
          }}
        />
        <Input.Search
          data-testid="venue-search"
          allowClear
          style={{ width: 280 }}
          placeholder={t('examCentres.search')}
          onSearch={(value) => {
            setSearch(value.trim());
            setPage(1);
          }}
        />
        {actions.has('create') ? (
          <Button type="primary" onClick={() => setEditing('new')} data-testid="venue-add">
            {t('examCentres.add')}
          </Button>
        ) : null}
      </Space>
      <Table<ExamVenueRow>
        size="small"
        rowKey="id"
        loading={isLoading}
        dataSource={rows}
        data-testid="venue-table"
        pagination={{ current: page, pageSize: PAGE_SIZE, total, showSizeChanger: false, onChange: setPage }}
        columns={[
          { key: 'city', title: t('examCentres.city'), render: (_, row) => name(row.cityNameEn, row.cityNameNp) },
          {
            key: 'name',
            title: t('examCentres.name'),
            render: (_, row) => (
              <Space direction="vertical" size={0}>
                <Typography.Text strong>{name(row.nameEn, row.nameNp)}</Typography.Text>
                <Typography.Text type="secondary">{name(row.addressEn, row.addressNp)}</Typography.Text>
              </Space>
            ),
          },
          { key: 'capacity', title: t('examCentres.capacity'), align: 'right', render: (_, row) => digits(row.capacity) },
          { key: 'rooms', title: t('examCentres.rooms'), align: 'right', render: (_, row) => digits(row.rooms) },
          { key: 'seats', title: t('examCentres.seats'), align: 'right', render: (_, row) => digits(row.seats) },
          {
            key: 'contact',
            title: t('examCentres.contactPerson'),
            render: (_, row) => [row.contactPerson, row.contactNumber ? formatPhoneNumber(row.contactNumber, language) : null].filter(Boolean).join(', '),
          },
          {
            key: 'active',
            title: t('examCentres.active'),
            render: (_, row) => (row.isActive ? <Tag color="green">{t('examCentres.active')}</Tag> : <Tag>{t('examCentres.inactive')}</Tag>),
          },
          {
            key: 'actions',
            title: t('master.actions'),
            render: (_, row) => (
              <Space>
                <Button size="small" type="primary" ghost onClick={() => void navigate(`/admin/exam-center-list/${row.id}`)} data-testid={`venue-rooms-${row.id}`}>
                  {t('examCentres.openRooms')}
                </Button>
                {actions.has('update') ? (
                  <Button size="small" onClick={() => setEditing(row)} data-testid={`venue-edit-${row.id}`}>
                    {t('examCentres.edit')}
                  </Button>
                ) : null}
                {actions.has('delete') ? (
                  <Popconfirm title={t('examCentres.deleteConfirm')} okText={t('common.yes')} cancelText={t('common.no')} onConfirm={() => remove(row)}>
                    <Button size="small" danger data-testid={`venue-delete-${row.id}`}>
                      {t('examCentres.delete')}
                    </Button>
                  </Popconfirm>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
      <Typography.Text type="secondary" data-testid="venue-total">
        {t('examCentres.total', { count: total })}
      </Typography.Text>
      {editing ? (
        <VenueForm
          venue={editing === 'new' ? null : editing}
          defaultCityId={cityId}
          onClose={() => setEditing(null)}
          onSaved={async (saved) => {
            const isNew = editing === 'new';
            setEditing(null);
            // A new centre has no rooms yet: go on to them.
            if (isNew) void navigate(`/admin/exam-center-list/${saved.id}`);
            else await load();
          }}
        />
      ) : null}
    </Card>
  );
}
