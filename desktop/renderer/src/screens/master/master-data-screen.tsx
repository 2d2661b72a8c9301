import { localizeIssues, MASTER_DATA_SCHEMAS, MASTER_DATA_TYPES, toDevanagariDigits, type MasterDataType } from '@psc/core';
import { App, Button, Card, Form, Input, Modal, Popconfirm, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { MasterRow } from '../../../../main/services/contract';
import { DualDate } from '../../components/dual-date';
import type { FieldAriaProps } from '../../components/field-aria';
import { fieldLanguage } from '../../components/field-language';
import { useLanguage, type TextKey } from '../../i18n/use-language';
import { callApi } from '../../staff/staff-api';
import { useActions } from '../../stores/session-store';
import { useSyncStore } from '../../stores/sync-store';
import { invokeWorkstation } from '../../workstation/workstation-client';
import { columnKeysOf, fieldsOf, type MasterField } from './master-fields';
import { BsDatePicker } from '../../components/bs-date-picker';
import { NumberInput } from '../../components/number-input';

const PAGE_SIZE = 20;

// spec §2 basic-configuration [MC]: master data of every type. The table reads the LOCAL cache
// (master.list), so it keeps working offline; writes go to the API and are followed by a sync.

/** Names of the cached rows a type's foreign keys point at, so the table shows names, not ids. */
function useRefNames(type: MasterDataType, revision: number, language: 'ne' | 'en') {
  const [names, setNames] = useState<Record<string, Map<string, string>>>({});
  useEffect(() => {
    let isCurrent = true;
    const refTypes = [...new Set(fieldsOf(type).flatMap((field) => (field.kind === 'ref' ? [field.refType] : [])))];
    void Promise.all(
      refTypes.map(async (refType) => {
        const result = await invokeWorkstation('master.list', { type: refType, page: 1, pageSize: 500 }).catch(() => null);
        const map = new Map((result?.items ?? []).map((row) => [String(row.id), String((language === 'ne' ? row.nameNp : row.nameEn) ?? row.nameEn ?? row.id)]));
        return [refType, map] as const;
      }),
    ).then((entries) => {
      if (isCurrent) setNames(Object.fromEntries(entries));
    });
    return () => {
      isCurrent = false;
    };
  }, [type, revision, language]);
  return names;
}

/**
 * basic-configuration: every master type, chosen from a list. A route given to one type (e.g.
 * configuration/decision) passes `fixedType`: the list of types is not shown.
 */
export function MasterDataScreen({
  fixedType,
  titleKey = 'route.basicConfiguration',
  startAdding = false,
}: {
  fixedType?: MasterDataType;
  titleKey?: TextKey;
  /** An "add ..." route (invigilator, invigilator-post) opens on the empty form, over its list. */
  startAdding?: boolean;
}) {
  const { t, language } = useLanguage();
  const { message } = App.useApp();
  const actions = useActions('MC');
  const revision = useSyncStore((state) => state.revision);
  const isOnline = useSyncStore((state) => state.isOnline);
  const lastSyncedAt = useSyncStore((state) => state.status?.lastSyncedAt ?? null);
  const sync = useSyncStore((state) => state.sync);

  const [type, setType] = useState<MasterDataType>(fixedType ?? 'local-levels');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<MasterRow[]>([]);
  const [total, setTotal] = useState(0);
  const [isLoading, setIsLoading] = useState(false);
  const [editing, setEditing] = useState<MasterRow | 'new' | null>(startAdding && actions.has('create') ? 'new' : null);
  const refNames = useRefNames(type, revision, language);

  const load = useCallback(async () => {
    setIsLoading(true);
    try {
      const result = await invokeWorkstation('master.list', { type, page, pageSize: PAGE_SIZE, ...(search ? { search } : {}) });
      setRows(result.items);
      setTotal(result.total);
    } catch {
      setRows([]);
      setTotal(0);
    } finally {
      setIsLoading(false);
    }
  }, [type, page, search]);

  useEffect(() => {
    void load();
  }, [load, revision]);

  async function remove(row: MasterRow) {
    const result = await callApi(`/api/admin/master/${type}/${row.id}`, { method: 'DELETE' });
    if (!result.ok) {
      // spec §5 / contract: a row still in use answers 409 with the API's message; nothing is lost.
      void message.error({ content: result.message, key: 'master-delete' });
      return;
    }
    void message.success(result.message || t('master.deleted'));
    await sync();
    await load();
  }

  const columnKeys = columnKeysOf(type);
  const refTypeOf = new Map(fieldsOf(type).flatMap((field) => (field.kind === 'ref' ? [[field.key, field.refType] as const] : [])));
  const columns = [
    { key: 'id', title: t('master.id'), width: 90, render: (_: unknown, row: MasterRow) => digits(String(row.id), language) },
    ...columnKeys.map((key) => ({
      key,
      title: t(`masterField.${key}` as TextKey),
      render: (_: unknown, row: MasterRow) => {
        const refType = refTypeOf.get(key);
        const value = row[key];
        if (refType && value !== null && value !== undefined) return refNames[refType]?.get(String(value)) ?? String(value);
        // Ids, codes and ranges are read digit by digit: no grouping, only the script changes.
        if (typeof value === 'number') return digits(String(value), language);
        const lang = fieldLanguage(key);
        return lang && typeof value === 'string' ? <span lang={lang}>{value}</span> : renderValue(value, t);
      },
    })),
    {
      key: 'actions',
      title: t('master.actions'),
      width: 180,
      render: (_: unknown, row: MasterRow) => (
        <Space>
          {actions.has('update') ? (
            <Button size="small" disabled={!isOnline} onClick={() => setEditing(row)} data-testid={`master-edit-${row.id}`}>
              {t('master.edit')}
            </Button>
          ) : null}
          {actions.has('delete') ? (
            <Popconfirm
              title={t('master.deleteConfirm')}
              okText={t('common.yes')}
              cancelText={t('common.no')}
              onConfirm={() => remove(row)}
              disabled={!isOnline}
            >
              <Button size="small" danger disabled={!isOnline} data-testid={`master-delete-${row.id}`}>
                {t('master.delete')}
              </Button>
            </Popconfirm>
          ) : null}
        </Space>
      ),
    },
  ];

  const typeOptions = useMemo(
    () =>
      MASTER_DATA_TYPES.map((value) => ({ value, label: t(`masterType.${value}` as TextKey) })).sort((a, b) =>
        a.label.localeCompare(b.label, language),
      ),
    [t, language],
  );

  return (
    <Card
      title={t(titleKey)}
      data-testid="master-data-screen"
      extra={
        <Space>
          <Typography.Text type="secondary" data-testid="master-last-synced">
            {t('master.lastSynced')}: {lastSyncedAt ? <DualDate value={lastSyncedAt} /> : t('cache.neverSynced')}
          </Typography.Text>
          <Button onClick={() => void sync()} data-testid="master-sync">
            {t('master.sync')}
          </Button>
        </Space>
      }
    >
      <Space wrap style={{ marginBottom: 16 }}>
        {fixedType ? null : (
          <Select
            data-testid="master-type"
            style={{ width: 260 }}
            value={type}
            options={typeOptions}
            showSearch={{ optionFilterProp: 'label' }}
            onChange={(value) => {
              setType(value);
              setPage(1);
              setSearch('');
            }}
            aria-label={t('master.type')}
          />
        )}
        <Input.Search
          data-testid="master-search"
          allowClear
          placeholder={t('master.search')}
          style={{ width: 280 }}
          onSearch={(value) => {
            setSearch(value.trim());
            setPage(1);
          }}
        />
        {actions.has('create') ? (
          <Button type="primary" disabled={!isOnline} onClick={() => setEditing('new')} data-testid="master-add">
            {t('master.add')}
          </Button>
        ) : null}
      </Space>
      <Table
        size="small"
        rowKey={(row) => String(row.id)}
        loading={isLoading}
        dataSource={rows}
        columns={columns}
        pagination={{ current: page, pageSize: PAGE_SIZE, total, showSizeChanger: false, onChange: setPage }}
        data-testid="master-table"
      />
      <Typography.Text type="secondary" data-testid="master-total">
        {t('master.total', { count: total })}
      </Typography.Text>
      {editing ? (
        <MasterForm
          type={type}
          row={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={async () => {
            setEditing(null);
            await sync();
            await load();
          }}
        />
      ) : null}
    </Card>
  );
}

function digits(text: string, language: 'ne' | 'en'): string {
  return language === 'ne' ? toDevanagariDigits(text) : text;
}

function renderValue(value: unknown, t: (key: TextKey) => string) {
  if (typeof value === 'boolean') return value ? <Tag color="green">{t('common.yes')}</Tag> : <Tag>{t('common.no')}</Tag>;
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value)) return <DualDate value={value} withTime={false} />;
  if (value === null || value === undefined) return '';
  return String(value);
}

function MasterForm({ type, row, onClose, onSaved }: { type: MasterDataType; row: MasterRow | null; onClose: () => void; onSaved: () => Promise<void> }) {
  const { t, language } = useLanguage();
  const { message } = App.useApp();
  const [form] = Form.useForm<Record<string, unknown>>();
  const [isSaving, setIsSaving] = useState(false);
  const fields = fieldsOf(type);

  const initialValues = useMemo(() => {
    const values: Record<string, unknown> = {};
    for (const field of fields) {
      const value = row?.[field.key];
      if (field.kind === 'bool') values[field.key] = value ?? field.key === 'isActive';
      else if (field.kind === 'date') values[field.key] = typeof value === 'string' ? dayjs(value) : undefined;
      else values[field.key] = value ?? undefined;
    }
    return values;
  }, [fields, row]);

  async function submit() {
    const raw = form.getFieldsValue(true);
    const body: Record<string, unknown> = {};
    for (const field of fields) {
      const value = raw[field.key];
      if (field.kind === 'date') body[field.key] = value ? dayjs(value as string).format('YYYY-MM-DD') : undefined;
      else if (value === '' || value === undefined || value === null) body[field.key] = field.kind === 'bool' ? false : undefined;
      else body[field.key] = value;
    }
    // The same schema the API applies (spec §5 master data), so mistakes are shown before sending.
    const parsed = MASTER_DATA_SCHEMAS[type].safeParse(body);
    if (!parsed.success) {
      // localizeIssues fills the message's numbers ("at least {min}") in the reader's digits.
      form.setFields(Object.entries(localizeIssues(parsed.error, language)).map(([name, errors]) => ({ name, errors })));
      return;
    }
    setIsSaving(true);
    try {
      const result = await callApi(row ? `/api/admin/master/${type}/${row.id}` : `/api/admin/master/${type}`, {
        method: row ? 'PUT' : 'POST',
        body,
      });
      if (!result.ok) {
        if (result.errors) form.setFields(Object.entries(result.errors).map(([name, errors]) => ({ name, errors })));
        void message.error(result.message);
        return;
      }
      void message.success(result.message || t('master.saved'));
      await onSaved();
    } finally {
      setIsSaving(false);
    }
  }

  return (
    <Modal
      open
      title={row ? t('master.editTitle', { type: t(`masterType.${type}` as TextKey) }) : t('master.addTitle', { type: t(`masterType.${type}` as TextKey) })}
      okText={t('master.save')}
      cancelText={t('common.cancel')}
      confirmLoading={isSaving}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={initialValues} data-testid="master-form">
        {fields.map((field) => (
          <Form.Item
            key={field.key}
            name={field.key}
            label={t(`masterField.${field.key}` as TextKey)}
            valuePropName={field.kind === 'bool' ? 'checked' : 'value'}
            required={field.kind !== 'bool' && !('optional' in field && field.optional)}
          >
            <FieldInput field={field} />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}

function FieldInput({
  field,
  value,
  checked,
  onChange,
  ...aria
}: { field: MasterField; value?: unknown; checked?: boolean; onChange?: (value: unknown) => void } & FieldAriaProps) {
  const { t } = useLanguage();
  // The Form.Item's id and aria-* go on to the control, which its label and error then name.
  switch (field.kind) {
    case 'bool':
      return <Switch {...aria} checked={Boolean(checked)} onChange={(next) => onChange?.(next)} />;
    case 'enum':
      return (
        <Select
          {...aria}
          value={value as string | undefined}
          onChange={(next) => onChange?.(next)}
          options={field.options.map((option) => ({ value: option, label: t(`masterOption.${option}` as TextKey) }))}
        />
      );
    case 'ref':
      return <RefSelect {...aria} refType={field.refType} testId={`master-ref-${field.key}`} value={value} onChange={onChange} />;
    case 'number':
      return <NumberInput {...aria} style={{ width: '100%' }} min={0} value={value as number | undefined} onChange={(next) => onChange?.(next ?? undefined)} />;
    case 'date':
      return <BsDatePicker {...aria} value={value as dayjs.Dayjs | undefined} onChange={(next) => onChange?.(next ?? undefined)} testId={`master-date-${field.key}`} />;
    default:
      return <Input {...aria} lang={fieldLanguage(field.key)} data-field={field.key} value={(value as string | undefined) ?? ''} onChange={(event) => onChange?.(event.target.value)} />;
  }
}

/** A foreign key picked from the cached rows of the type it points at. */
function RefSelect({
  refType,
  testId,
  value,
  onChange,
  ...aria
}: { refType: string; testId: string; value: unknown; onChange?: ((value: unknown) => void) | undefined } & FieldAriaProps) {
  const { language } = useLanguage();
  const [options, setOptions] = useState<{ value: number | string; label: string }[]>([]);
  useEffect(() => {
    let isCurrent = true;
    void invokeWorkstation('master.list', { type: refType, page: 1, pageSize: 500 })
      .then((result) => {
        if (!isCurrent) return;
        setOptions(
          result.items.map((row) => ({
            value: row.id,
            label: String((language === 'ne' ? row.nameNp : row.nameEn) ?? row.nameEn ?? row.id),
          })),
        );
      })
      .catch(() => setOptions([]));
    return () => {
      isCurrent = false;
    };
  }, [refType, language]);
  return (
    <Select
      {...aria}
      data-testid={testId}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      value={value as number | undefined}
      onChange={(next) => onChange?.(next ?? undefined)}
      options={options}
    />
  );
}
