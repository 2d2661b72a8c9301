import { formatDigits, parseNumber, toLatinDigits, type QuotaSummary } from '@psc/core';
import { App, Button, Card, Form, Input, Modal, Popconfirm, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ErrorAlert } from '../../components/error-alert';
import { saveFile } from '../../components/save-file';
import { useApiQuery } from '../../hooks/use-api-query';
import { useLanguage } from '../../i18n/use-language';
import { callApi } from '../../staff/staff-api';
import {
  deleteSelection,
  previewSelection,
  publishSelection,
  releaseResult,
  saveSelection,
  SELECTION_BASE,
  unpublishSelection,
  withholdResult,
  type Outcome,
  type PreviewEntry,
  type PreviousMatch,
  type SelectionAdvertisement,
  type SelectionDetail,
  type SelectionEntryRow,
  type SelectionKind,
  type SelectionListRow,
  type WithholdRow,
} from './selection-api';

// Written selection [WS] (spec §2 written-selection add/view) and final selection [FS]
// (finalSelection add-new-selection, view-new-selection), withheld results, and
// verify-previous-selection [VS]. The rules (core/src/results) run in the API; these screens
// choose the options, preview, save, publish and revert.

const names = (language: string, en: string | null, np: string | null) => (language === 'ne' ? np || en : en || np) ?? '';
// An instant shown as Nepal's wall clock (UTC+05:45, no daylight saving), as staff typed it.
const NEPAL_OFFSET_MS = 345 * 60_000;
const moment = (value: string | null, language: 'ne' | 'en') =>
  value ? formatDigits(new Date(Date.parse(value) + NEPAL_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' '), language) : '—';

function AdvertisementSelect({ kind, value, onChange }: { kind: SelectionKind; value: number | undefined; onChange: (id: number | undefined) => void }) {
  const { t, language } = useLanguage();
  const list = useApiQuery<SelectionAdvertisement[]>(`${SELECTION_BASE[kind].add}/advertisements`);
  return (
    <>
      <Select<number>
        value={value}
        allowClear
        showSearch
        optionFilterProp="label"
        placeholder={t('selectionScreen.chooseAdvertisement')}
        aria-label={t('selectionScreen.chooseAdvertisement')}
        style={{ width: 520 }}
        onChange={onChange}
        data-testid="selection-advertisement"
        options={(list.data ?? []).map((row) => ({
          value: row.id,
          label: [
            formatDigits(row.code, language),
            t('selectionScreen.candidates', { count: row.candidates }),
            ...(row.writtenPublishedId ? [t('selectionScreen.writtenPublished')] : []),
            ...(row.finalPublishedId ? [t('selectionScreen.finalPublished')] : []),
          ].join(' · '),
        }))}
      />
      <ErrorAlert message={list.error?.message} />
    </>
  );
}

type NamedQuota = QuotaSummary & { quotaNameEn?: string; quotaNameNp?: string };

function QuotaTable({ quotas }: { quotas: NamedQuota[] }) {
  const { t, language } = useLanguage();
  const digits = (value: number | null) => (value === null ? '—' : formatDigits(value, language));
  return (
    <Table<NamedQuota>
      rowKey="quotaCode"
      size="small"
      pagination={false}
      dataSource={quotas}
      data-testid="selection-quotas"
      columns={[
        { title: t('selectionScreen.quota'), key: 'quota', render: (_, row) => names(language, row.quotaNameEn ?? row.quotaCode, row.quotaNameNp ?? null) },
        { title: t('selectionScreen.posts'), dataIndex: 'posts', align: 'right', render: digits },
        { title: t('selectionScreen.places'), dataIndex: 'places', align: 'right', render: digits },
        { title: t('selectionScreen.listed'), dataIndex: 'listed', align: 'right', render: digits },
        { title: t('selectionScreen.alternatesListed'), dataIndex: 'alternates', align: 'right', render: digits },
        { title: t('selectionScreen.held'), dataIndex: 'heldForWithheld', align: 'right', render: digits },
        { title: t('selectionScreen.empty'), dataIndex: 'emptyPlaces', align: 'right', render: (value: number) => (value > 0 ? <Tag color="orange">{digits(value)}</Tag> : digits(value)) },
        { title: t('selectionScreen.cutOff'), dataIndex: 'cutOffMarks', align: 'right', render: digits },
      ]}
    />
  );
}

const OutcomeTag = ({ outcome }: { outcome: Outcome }) => {
  const { t } = useLanguage();
  return <Tag color={outcome === 'alternate' ? 'blue' : 'green'}>{t(`selectionScreen.outcome.${outcome}`)}</Tag>;
};

/** written-selection/add and finalSelection/add-new-selection: options, preview per quota, save as draft. */
export function SelectionAddScreen({ kind }: { kind: SelectionKind }) {
  const { t, language } = useLanguage();
  const navigate = useNavigate();
  const [advertisementId, setAdvertisementId] = useState<number | undefined>(undefined);
  const [form] = Form.useForm<{ interviewAt?: string; interviewPlaceNp?: string; interviewPlaceEn?: string; notes?: string; isOpenFirst: boolean; alternates?: string; withheldPolicy: string; listingOrder: string }>();
  const [preview, setPreview] = useState<{ considered: number; quotas: QuotaSummary[]; entries: PreviewEntry[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  const bodyOf = () => {
    const values = form.getFieldsValue();
    const alternates = values.alternates ? parseNumber(values.alternates) : null;
    return {
      advertisementId: advertisementId!,
      rules: {
        isOpenFirst: values.isOpenFirst,
        withheldPostPolicy: values.withheldPolicy as 'hold-open' | 'pass-on',
        ...(kind === 'written' ? { writtenListingOrder: values.listingOrder as 'name-np' | 'name-en' | 'roll-number' } : {}),
        ...(alternates !== null ? { defaultAlternateCount: alternates } : {}),
      },
      // The input is Nepal's wall clock (spec: the interview's date, time and place).
      interviewAt: values.interviewAt ? `${toLatinDigits(values.interviewAt)}:00+05:45` : null,
      interviewPlaceNp: values.interviewPlaceNp || null,
      interviewPlaceEn: values.interviewPlaceEn || null,
      notes: values.notes || null,
    };
  };
  const run = async (save: boolean) => {
    if (!advertisementId) return;
    setIsBusy(true);
    const body = bodyOf();
    if (save) {
      const answer = await saveSelection(kind, body);
      setIsBusy(false);
      if (answer.ok) navigate(`${SELECTION_BASE[kind].route.view}?advertisementId=${advertisementId}&selection=${answer.data.id}`);
      else setError(answer.message);
      return;
    }
    const answer = await previewSelection(kind, body);
    setIsBusy(false);
    if (answer.ok) {
      setPreview(answer.data);
      setError(null);
    } else setError(answer.message);
  };

  return (
    <Card title={t(kind === 'written' ? 'route.addWrittenSelection' : 'route.addFinalSelection')} data-testid={`${kind}-selection-add`}>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <AdvertisementSelect kind={kind} value={advertisementId} onChange={(id) => (setAdvertisementId(id), setPreview(null))} />
        <Form form={form} layout="vertical" initialValues={{ isOpenFirst: true, withheldPolicy: 'hold-open', listingOrder: 'name-np' }} style={{ maxWidth: 640 }}>
          {kind === 'written' ? (
            <>
              <Form.Item name="interviewAt" label={t('selectionScreen.interviewAt')}>
                <Input type="datetime-local" data-testid="interview-at" />
              </Form.Item>
              <Form.Item name="interviewPlaceNp" label={t('selectionScreen.interviewPlaceNp')}>
                <Input maxLength={300} data-testid="interview-place-np" />
              </Form.Item>
              <Form.Item name="interviewPlaceEn" label={t('selectionScreen.interviewPlaceEn')}>
                <Input maxLength={300} data-testid="interview-place-en" />
              </Form.Item>
              <Form.Item name="listingOrder" label={t('selectionScreen.listingOrder')}>
                <Select options={(['name-np', 'name-en', 'roll-number'] as const).map((value) => ({ value, label: t(`selectionScreen.listingOrder.${value}`) }))} />
              </Form.Item>
            </>
          ) : (
            <Form.Item name="alternates" label={t('selectionScreen.alternates')}>
              <Input inputMode="numeric" maxLength={5} placeholder={formatDigits(2, language)} data-testid="alternates" />
            </Form.Item>
          )}
          <Form.Item name="isOpenFirst" label={t('selectionScreen.openFirst')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="withheldPolicy" label={t('selectionScreen.withheldPolicy')}>
            <Select options={(['hold-open', 'pass-on'] as const).map((value) => ({ value, label: t(`selectionScreen.withheldPolicy.${value}`) }))} />
          </Form.Item>
          <Form.Item name="notes" label={t('selectionScreen.notes')}>
            <Input.TextArea maxLength={2000} rows={2} />
          </Form.Item>
        </Form>
        <Space>
          <Button disabled={!advertisementId} loading={isBusy} onClick={() => void run(false)} data-testid="selection-preview">
            {t('selectionScreen.preview')}
          </Button>
          <Button type="primary" disabled={!advertisementId} loading={isBusy} onClick={() => void run(true)} data-testid="selection-save">
            {t('selectionScreen.save')}
          </Button>
        </Space>
        <ErrorAlert message={error} />
        {preview ? (
          <>
            <Typography.Text>{t('selectionScreen.considered', { count: preview.considered })}</Typography.Text>
            <QuotaTable quotas={preview.quotas} />
            <Table<PreviewEntry>
              rowKey="applicationId"
              size="small"
              dataSource={preview.entries}
              pagination={{ pageSize: 50, showSizeChanger: false }}
              data-testid="selection-preview-entries"
              columns={[
                { title: t('selectionScreen.quota'), dataIndex: 'quotaCode' },
                { title: t('selectionScreen.position'), dataIndex: 'position', align: 'right', render: (value: number) => formatDigits(value, language) },
                { title: t('selectionScreen.rollNumber'), dataIndex: 'rollNumber', render: (value: number) => formatDigits(value, language) },
                { title: t('selectionScreen.total'), dataIndex: 'totalMarks', align: 'right', render: (value: number) => formatDigits(value, language) },
                { title: t('selectionScreen.outcome'), dataIndex: 'outcome', render: (value: Outcome) => <OutcomeTag outcome={value} /> },
              ]}
            />
          </>
        ) : null}
      </Space>
    </Card>
  );
}

/** written-selection/view and finalSelection/view-new-selection: the saved lists, one opened with its filters, publish and revert; withheld results on the final one. */
export function SelectionViewScreen({ kind }: { kind: SelectionKind }) {
  const { t, language } = useLanguage();
  const { message } = App.useApp();
  const [search, setSearch] = useSearchParams();
  const advertisementId = parseNumber(search.get('advertisementId') ?? '') ?? undefined;
  const selectionId = parseNumber(search.get('selection') ?? '') ?? undefined;
  const [quota, setQuota] = useState<string | undefined>(undefined);
  const [outcome, setOutcome] = useState<Outcome | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const list = useApiQuery<SelectionListRow[]>(advertisementId ? `${SELECTION_BASE[kind].view}?advertisementId=${advertisementId}` : null);
  const query = new URLSearchParams({ pageSize: '1000', ...(quota ? { quota } : {}), ...(outcome ? { outcome } : {}) });
  const detail = useApiQuery<SelectionDetail>(selectionId ? `${SELECTION_BASE[kind].view}/${selectionId}?${query.toString()}` : null);
  const choose = (next: { advertisementId?: number | undefined; selection?: number | undefined }) => {
    const params = new URLSearchParams();
    if (next.advertisementId) params.set('advertisementId', String(next.advertisementId));
    if (next.selection) params.set('selection', String(next.selection));
    setSearch(params);
  };
  const act = async (call: () => Promise<{ ok: true; message: string; data: unknown } | { ok: false; message: string }>, after?: (data: unknown) => void) => {
    setIsBusy(true);
    const answer = await call();
    setIsBusy(false);
    if (!answer.ok) return setError(answer.message);
    setError(null);
    if (after) after(answer.data);
    else void message.success(answer.message);
    void list.reload();
    void detail.reload();
  };
  const selection = detail.data;

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card title={t(kind === 'written' ? 'route.viewWrittenSelection' : 'route.viewFinalSelection')} data-testid={`${kind}-selection-view`}>
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <AdvertisementSelect kind={kind} value={advertisementId} onChange={(id) => choose({ advertisementId: id })} />
          <ErrorAlert message={error ?? list.error?.message} />
          <Table<SelectionListRow>
            rowKey="id"
            size="small"
            loading={list.isLoading}
            dataSource={list.data ?? []}
            pagination={false}
            locale={{ emptyText: t('selectionScreen.noSelections') }}
            data-testid="selection-list"
            columns={[
              { title: '#', dataIndex: 'id', render: (value: number) => formatDigits(value, language) },
              { title: t('selectionScreen.status'), dataIndex: 'status', render: (value: 'draft' | 'published') => <Tag color={value === 'published' ? 'green' : 'gold'}>{t(`selectionScreen.status.${value}`)}</Tag> },
              { title: t('selectionScreen.entries'), dataIndex: 'entries', align: 'right', render: (value: number) => formatDigits(value, language) },
              { title: t('selectionScreen.createdAt'), dataIndex: 'createdAt', render: (value: string | null) => moment(value, language) },
              { title: t('selectionScreen.publishedAt'), dataIndex: 'publishedAt', render: (value: string | null) => moment(value, language) },
              {
                title: '',
                key: 'open',
                render: (_, row) => (
                  <Button size="small" onClick={() => choose({ advertisementId, selection: row.id })} data-testid={`open-selection-${row.id}`}>
                    {t('selectionScreen.open')}
                  </Button>
                ),
              },
            ]}
          />
        </Space>
      </Card>
      {selection ? (
        <Card
          title={`${formatDigits(selection.advertisementCode, language)} · ${t(`selectionScreen.kind.${kind}`)} · #${formatDigits(selection.id, language)}`}
          extra={<Tag color={selection.status === 'published' ? 'green' : 'gold'} data-testid="selection-status">{t(`selectionScreen.status.${selection.status}`)}</Tag>}
          data-testid="selection-detail"
        >
          <Space direction="vertical" size="middle" style={{ width: '100%' }}>
            {kind === 'written' ? (
              <Typography.Text>
                {t('selectionScreen.interviewAt')}: {moment(selection.interviewAt, language)} ·{' '}
                {names(language, selection.interviewPlaceEn, selection.interviewPlaceNp) || '—'}
              </Typography.Text>
            ) : null}
            <Space wrap>
              <Button
                onClick={() =>
                  void callApi<Blob>(`${SELECTION_BASE[kind].view}/${selection.id}/pdf?lang=${language}`, { as: 'blob' }).then((answer) =>
                    answer.ok ? saveFile(answer.data, `${kind}-selection-${selection.advertisementCode.replace(/[^\w-]/g, '-')}.pdf`) : setError(answer.message),
                  )
                }
                data-testid="selection-pdf"
              >
                {t('selectionScreen.pdf')}
              </Button>
              {selection.status === 'draft' ? (
                <>
                  <Popconfirm
                    title={t('selectionScreen.publishQuestion')}
                    okButtonProps={{ id: 'publish-confirm' }}
                    onConfirm={() =>
                      void act(
                        () => publishSelection(kind, selection.id),
                        (data) => void message.success(t('selectionScreen.publishedMessages', { sms: formatDigits((data as { smsQueued: number }).smsQueued, language), mails: formatDigits((data as { mailsQueued: number }).mailsQueued, language) })),
                      )
                    }
                  >
                    <Button type="primary" loading={isBusy} data-testid="selection-publish">
                      {t('selectionScreen.publish')}
                    </Button>
                  </Popconfirm>
                  <Popconfirm title={t('selectionScreen.deleteQuestion')} okButtonProps={{ id: 'delete-confirm' }} onConfirm={() => void act(() => deleteSelection(kind, selection.id), () => choose({ advertisementId }))}>
                    <Button danger loading={isBusy}>
                      {t('selectionScreen.delete')}
                    </Button>
                  </Popconfirm>
                </>
              ) : (
                <Popconfirm title={t('selectionScreen.unpublishQuestion')} okButtonProps={{ id: 'unpublish-confirm' }} onConfirm={() => void act(() => unpublishSelection(kind, selection.id))}>
                  <Button loading={isBusy} data-testid="selection-unpublish">
                    {t('selectionScreen.unpublish')}
                  </Button>
                </Popconfirm>
              )}
            </Space>
            {selection.considered !== null ? <Typography.Text>{t('selectionScreen.considered', { count: selection.considered })}</Typography.Text> : null}
            <QuotaTable quotas={selection.quotas} />
            <Space wrap>
              <Select<string>
                allowClear
                placeholder={t('selectionScreen.allQuotas')}
                aria-label={t('selectionScreen.allQuotas')}
                style={{ width: 220 }}
                value={quota}
                onChange={setQuota}
                data-testid="filter-quota"
                options={selection.quotas.map((row) => ({ value: row.quotaCode, label: names(language, row.quotaNameEn ?? row.quotaCode, row.quotaNameNp ?? null) }))}
              />
              <Select<Outcome>
                allowClear
                placeholder={t('selectionScreen.allOutcomes')}
                aria-label={t('selectionScreen.allOutcomes')}
                style={{ width: 220 }}
                value={outcome}
                onChange={setOutcome}
                data-testid="filter-outcome"
                options={(kind === 'written' ? (['shortlisted'] as const) : (['selected', 'alternate'] as const)).map((value) => ({ value, label: t(`selectionScreen.outcome.${value}`) }))}
              />
            </Space>
            <EntriesTable kind={kind} selection={selection} onWithheld={() => void detail.reload()} />
          </Space>
        </Card>
      ) : (
        <ErrorAlert message={detail.error?.message} />
      )}
      {kind === 'final' && advertisementId ? <WithholdsCard advertisementId={advertisementId} key={`${advertisementId}-${detail.data?.entries.filter((row) => row.isWithheld).length ?? 0}`} /> : null}
    </Space>
  );
}

function EntriesTable({ kind, selection, onWithheld }: { kind: SelectionKind; selection: SelectionDetail; onWithheld: () => void }) {
  const { t, language } = useLanguage();
  const { message } = App.useApp();
  const [withholding, setWithholding] = useState<SelectionEntryRow | null>(null);
  const [form] = Form.useForm<{ reason: string; orderReference?: string }>();
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    const values = await form.validateFields();
    const answer = await withholdResult({ advertisementId: selection.advertisementId, applicationId: withholding!.applicationId, reason: values.reason, orderReference: values.orderReference || null });
    if (!answer.ok) return setError(answer.message);
    void message.success(answer.message);
    setWithholding(null);
    setError(null);
    form.resetFields();
    onWithheld();
  };
  return (
    <>
      <Table<SelectionEntryRow>
        rowKey="applicationId"
        size="small"
        dataSource={selection.entries}
        pagination={{ pageSize: 50, showSizeChanger: false }}
        locale={{ emptyText: t('selectionScreen.noEntries') }}
        data-testid="selection-entries"
        columns={[
          { title: t('selectionScreen.quota'), key: 'quota', render: (_, row) => names(language, row.quotaNameEn, row.quotaNameNp) },
          { title: t('selectionScreen.position'), dataIndex: 'position', align: 'right', render: (value: number) => formatDigits(value, language) },
          { title: t('selectionScreen.rollNumber'), dataIndex: 'rollNumber', render: (value: number) => formatDigits(value, language) },
          { title: t('selectionScreen.name'), key: 'name', render: (_, row) => names(language, row.nameEn, row.nameNp) },
          { title: t('selectionScreen.total'), dataIndex: 'totalMarks', align: 'right', render: (value: number | null) => (value === null ? '—' : formatDigits(value, language)) },
          {
            title: t('selectionScreen.outcome'),
            key: 'outcome',
            render: (_, row) => (
              <Space>
                <OutcomeTag outcome={row.outcome} />
                {row.isWithheld ? <Tag color="red">{t('selectionScreen.withheldTag')}</Tag> : null}
              </Space>
            ),
          },
          ...(kind === 'final'
            ? [
                {
                  title: '',
                  key: 'withhold',
                  render: (_: unknown, row: SelectionEntryRow) =>
                    row.isWithheld ? null : (
                      <Button size="small" onClick={() => setWithholding(row)} data-testid={`withhold-${row.rollNumber}`}>
                        {t('selectionScreen.withhold')}
                      </Button>
                    ),
                },
              ]
            : []),
        ]}
      />
      <Modal
        open={withholding !== null}
        title={withholding ? t('selectionScreen.withholdTitle', { roll: formatDigits(withholding.rollNumber, language) }) : ''}
        onCancel={() => setWithholding(null)}
        onOk={() => void submit()}
        okText={t('selectionScreen.withhold')}
        okButtonProps={{ id: 'withhold-confirm' }}
      >
        <Form form={form} layout="vertical">
          <Form.Item name="reason" label={t('selectionScreen.reason')} rules={[{ required: true, whitespace: true, message: t('selectionScreen.reason') }]}>
            <Input.TextArea maxLength={1000} rows={3} data-testid="withhold-reason" />
          </Form.Item>
          <Form.Item name="orderReference" label={t('selectionScreen.orderReference')}>
            <Input maxLength={200} data-testid="withhold-order" />
          </Form.Item>
        </Form>
        <ErrorAlert message={error} />
      </Modal>
    </>
  );
}

function WithholdsCard({ advertisementId }: { advertisementId: number }) {
  const { t, language } = useLanguage();
  const { message } = App.useApp();
  const holds = useApiQuery<WithholdRow[]>(`/api/admin/result-withholds?advertisementId=${advertisementId}`);
  const [error, setError] = useState<string | null>(null);
  const release = async (id: number) => {
    const answer = await releaseResult(id);
    if (!answer.ok) return setError(answer.message);
    void message.success(answer.message);
    void holds.reload();
  };
  return (
    <Card title={t('selectionScreen.withholds')} data-testid="selection-withholds">
      <ErrorAlert message={error ?? holds.error?.message} />
      <Table<WithholdRow>
        rowKey="id"
        size="small"
        dataSource={holds.data ?? []}
        pagination={false}
        locale={{ emptyText: t('selectionScreen.noWithholds') }}
        columns={[
          { title: t('selectionScreen.rollNumber'), dataIndex: 'rollNumber', render: (value: number | null) => (value === null ? '—' : formatDigits(value, language)) },
          { title: t('selectionScreen.name'), key: 'name', render: (_, row) => names(language, row.nameEn, row.nameNp) },
          { title: t('selectionScreen.reason'), dataIndex: 'reason' },
          { title: t('selectionScreen.orderReference'), dataIndex: 'orderReference', render: (value: string | null) => (value ? formatDigits(value, language) : '—') },
          { title: t('selectionScreen.withheldAt'), dataIndex: 'withheldAt', render: (value: string) => moment(value, language) },
          { title: t('selectionScreen.releasedAt'), dataIndex: 'releasedAt', render: (value: string | null) => moment(value, language) },
          {
            title: '',
            key: 'release',
            render: (_, row) =>
              row.releasedAt ? null : (
                <Popconfirm title={t('selectionScreen.releaseQuestion')} okButtonProps={{ id: `release-confirm-${row.id}` }} onConfirm={() => void release(row.id)}>
                  <Button size="small">{t('selectionScreen.release')}</Button>
                </Popconfirm>
              ),
          },
        ]}
      />
    </Card>
  );
}

/** verify-previous-selection [VS]: a selection's people selected in another published final selection. */
export function VerifyPreviousSelectionScreen() {
  const { t, language } = useLanguage();
  const [selectionId, setSelectionId] = useState<number | undefined>(undefined);
  const selections = useApiQuery<{ id: number; kind: SelectionKind; status: 'draft' | 'published'; advertisementCode: string; entries: number }[]>('/api/admin/verify-previous-selection');
  const matches = useApiQuery<PreviousMatch[]>(selectionId ? `/api/admin/verify-previous-selection/${selectionId}` : null);
  return (
    <Card title={t('route.verifyPreviousSelection')} data-testid="verify-previous-selection">
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Select<number>
          value={selectionId}
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder={t('selectionScreen.chooseSelection')}
          aria-label={t('selectionScreen.chooseSelection')}
          style={{ width: 520 }}
          onChange={setSelectionId}
          data-testid="verify-selection"
          options={(selections.data ?? []).map((row) => ({
            value: row.id,
            label: `${formatDigits(row.advertisementCode, language)} · ${t(`selectionScreen.kind.${row.kind}`)} · ${t(`selectionScreen.status.${row.status}`)} · #${formatDigits(row.id, language)}`,
          }))}
        />
        <ErrorAlert message={selections.error?.message ?? matches.error?.message} />
        {selectionId ? (
          <Table<PreviousMatch>
            rowKey={(row) => `${row.applicationId}-${row.previous.selectionId}-${row.previous.applicationId}`}
            size="small"
            loading={matches.isLoading}
            dataSource={matches.data ?? []}
            pagination={false}
            locale={{ emptyText: t('selectionScreen.noMatches') }}
            data-testid="verify-matches"
            columns={[
              { title: t('selectionScreen.rollNumber'), dataIndex: 'rollNumber', render: (value: number) => formatDigits(value, language) },
              { title: t('selectionScreen.name'), key: 'name', render: (_, row) => names(language, row.nameEn, row.nameNp) },
              { title: t('selectionScreen.matchedBy'), dataIndex: 'matchedBy', render: (value: PreviousMatch['matchedBy']) => t(`selectionScreen.matchedBy.${value}`) },
              { title: t('selectionScreen.where'), dataIndex: 'where', render: (value: PreviousMatch['where']) => <Tag color="red">{t(`selectionScreen.where.${value}`)}</Tag> },
              {
                title: t('selectionScreen.previous'),
                key: 'previous',
                render: (_, row) => `${formatDigits(row.previous.advertisementCode, language)} · ${formatDigits(row.previous.rollNumber, language)} · ${row.previous.nameEn}`,
              },
            ]}
          />
        ) : null}
      </Space>
    </Card>
  );
}
