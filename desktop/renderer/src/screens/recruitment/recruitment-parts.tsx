import { adToBs, formatBsDate, formatMoney, isConvertibleToBs, toDevanagariDigits } from '@psc/core';
import { Alert, DatePicker, Form, Input, Modal, Select, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import type { MasterRow } from '../../../../main/services/contract';
import { useLanguage, type TextKey } from '../../i18n/use-language';
import { useSyncStore } from '../../stores/sync-store';
import { invokeWorkstation } from '../../workstation/workstation-client';

// Parts the recruitment screens share: privilege actions, master-data pickers read from the
// workstation's local cache (DESIGN "The desktop workstation"), the A.D. date input with its
// B.S. twin beside it (spec §1), and the confirmation-with-remark of spec §4.

/** The cache answers at most 500 rows a page; pickers want the whole type. */
async function readAllCachedRows(type: string): Promise<MasterRow[]> {
  const rows: MasterRow[] = [];
  for (let page = 1; ; page += 1) {
    const result = await invokeWorkstation('master.list', { type, page, pageSize: CACHE_PAGE_SIZE });
    rows.push(...result.items);
    if (result.items.length < CACHE_PAGE_SIZE || rows.length >= result.total) return rows;
  }
}

const CACHE_PAGE_SIZE = 500;

/** Every cached row of a master type; re-read after each sync that changed the cache. */
export function useCachedRows(type: string): MasterRow[] {
  const revision = useSyncStore((state) => state.revision);
  const [rows, setRows] = useState<MasterRow[]>([]);
  useEffect(() => {
    let isCurrent = true;
    void readAllCachedRows(type)
      .then((all) => {
        if (isCurrent) setRows(all);
      })
      .catch(() => {
        if (isCurrent) setRows([]);
      });
    return () => {
      isCurrent = false;
    };
  }, [type, revision]);
  return rows;
}

export function rowName(row: MasterRow | undefined, language: 'ne' | 'en'): string {
  if (!row) return '';
  const en = (row.nameEn ?? row.descriptionEn ?? row.code) as string | undefined;
  const np = (row.nameNp ?? row.descriptionNp) as string | undefined;
  return String((language === 'ne' ? np || en : en || np) ?? row.id);
}

/** id -> name of a cached master type, for tables that hold ids. */
export function useCachedNames(type: string): (id: unknown) => string {
  const { language } = useLanguage();
  const rows = useCachedRows(type);
  return (id) => {
    if (id === null || id === undefined) return '';
    return rowName(
      rows.find((row) => String(row.id) === String(id)),
      language,
    );
  };
}

type CachedSelectProps = {
  type: string;
  value?: number | null;
  onChange?: (value: number | null) => void;
  /** Keeps only the rows that fit the choices made so far (group of the chosen service, ...). */
  filter?: (row: MasterRow) => boolean;
  multiple?: false;
  testId?: string;
  disabled?: boolean;
};

/** A master-data picker over the local cache (works offline; spec §2 pickers). */
export function CachedSelect({ type, value, onChange, filter, testId, disabled }: CachedSelectProps) {
  const { t, language } = useLanguage();
  const rows = useCachedRows(type);
  const shown = rows.filter((row) => row.isActive !== false && (!filter || filter(row)));
  return (
    <Select
      allowClear
      disabled={disabled}
      data-testid={testId}
      placeholder={t('recruitment.choose')}
      showSearch={{ optionFilterProp: 'label' }}
      value={value ?? undefined}
      onChange={(next) => onChange?.((next as number | undefined) ?? null)}
      options={shown.map((row) => ({ value: Number(row.id), label: rowName(row, language) }))}
      notFoundContent={rows.length === 0 ? t('recruitment.cacheEmpty') : undefined}
    />
  );
}

/** Several rows of a cached master type (exam centres, optional subjects). */
export function CachedMultiSelect({ type, value, onChange, testId }: { type: string; value?: number[]; onChange?: (value: number[]) => void; testId?: string }) {
  const { t, language } = useLanguage();
  const rows = useCachedRows(type);
  return (
    <Select
      mode="multiple"
      allowClear
      data-testid={testId}
      placeholder={t('recruitment.choose')}
      showSearch={{ optionFilterProp: 'label' }}
      value={value ?? []}
      onChange={(next) => onChange?.(next as number[])}
      options={rows.filter((row) => row.isActive !== false).map((row) => ({ value: Number(row.id), label: rowName(row, language) }))}
      notFoundContent={rows.length === 0 ? t('recruitment.cacheEmpty') : undefined}
      style={{ minWidth: 280 }}
    />
  );
}

/** B.S. text of an A.D. date, in the reading language's digits; '' when out of the table's range. */
export function bsTextOf(ad: string | null | undefined, language: 'ne' | 'en'): string {
  if (!ad || !isConvertibleToBs(ad)) return '';
  return `${formatBsDate(adToBs(ad), language)} ${language === 'ne' ? 'वि.सं.' : 'B.S.'}`;
}

/** An A.D. date picker ('YYYY-MM-DD' in and out) with the same day in B.S. shown beside it. */
export function AdDateInput({ value, onChange, testId }: { value?: string | null; onChange?: (value: string | null) => void; testId?: string }) {
  const { t, language } = useLanguage();
  return (
    <Space>
      <DatePicker
        data-testid={testId}
        placeholder={t('recruitment.pickDate')}
        format="YYYY-MM-DD"
        value={value ? dayjs(value) : null}
        onChange={(next) => onChange?.(next ? next.format('YYYY-MM-DD') : null)}
      />
      <Typography.Text type="secondary" data-testid={testId ? `${testId}-bs` : undefined}>
        {bsTextOf(value, language)}
      </Typography.Text>
    </Space>
  );
}

export function money(amount: number | null | undefined, language: 'ne' | 'en'): string {
  return formatMoney(amount ?? 0, language);
}

/** Digits read one by one (numbers, codes): only the script changes with the language. */
export function digits(value: string | number | null | undefined, language: 'ne' | 'en'): string {
  if (value === null || value === undefined) return '';
  return language === 'ne' ? toDevanagariDigits(String(value)) : String(value);
}

const STATUS_COLOURS: Record<string, string> = {
  submitted: 'blue',
  pending: 'gold',
  approved: 'green',
  rejected: 'red',
  none: 'default',
  draft: 'default',
  configured: 'cyan',
  published: 'green',
  closed: 'purple',
  live: 'green',
};

/** A status in words; each status value has its own catalogue key recruitment.status.<value>. */
export function StatusTag({ status }: { status: string }) {
  const { t } = useLanguage();
  return (
    <Tag color={STATUS_COLOURS[status] ?? 'default'} data-status={status}>
      {t(`recruitment.status.${status}` as TextKey)}
    </Tag>
  );
}

export type RemarkDecision = { title: string; question: string; okText: string; danger?: boolean; onConfirm: (remarks: string) => Promise<boolean> };

/**
 * spec §4: approving, rejecting and deleting each ask a confirmation question and a remark. The
 * remark is required; the modal stays open when the API refuses, so its message can be read.
 */
export function RemarkModal({ decision, onClose }: { decision: RemarkDecision | null; onClose: () => void }) {
  const { t } = useLanguage();
  const [remarks, setRemarks] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  useEffect(() => {
    setRemarks('');
    setError(null);
  }, [decision]);
  if (!decision) return null;
  return (
    <Modal
      open
      title={decision.title}
      okText={decision.okText}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: decision.danger ?? false, 'data-testid': 'remark-confirm' }}
      confirmLoading={isSaving}
      onCancel={onClose}
      onOk={async () => {
        if (!remarks.trim()) {
          setError(t('recruitment.remarksRequired'));
          return;
        }
        setIsSaving(true);
        const done = await decision.onConfirm(remarks.trim());
        setIsSaving(false);
        if (done) onClose();
      }}
      destroyOnHidden
    >
      <Typography.Paragraph>{decision.question}</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label={t('recruitment.remarks')} required validateStatus={error ? 'error' : ''} help={error}>
          <Input.TextArea data-testid="remark-input" rows={3} value={remarks} onChange={(event) => setRemarks(event.target.value)} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function ErrorAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return <Alert type="error" showIcon title={message} style={{ marginBottom: 16 }} />;
}
