import { formatDigits, SCRUTINY_STATUSES, toLatinDigits, type ScrutinyStatus } from '@psc/core';
import { App, Button, Card, Col, Input, Row, Segmented, Space, Statistic, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { DualDate } from '../../components/dual-date';
import { ErrorAlert } from '../../components/error-alert';
import { useApiQuery } from '../../hooks/use-api-query';
import type { TextKey } from '../../i18n/use-language';
import { useLanguage } from '../../i18n/use-language';
import { ADVERTISEMENTS_PATH, nextPending, queuePath, type OfficerAdvertisement, type QueueItem, type QueuePage, type StatusCounts } from './scrutiny-api';
import { ApplicationStatusTag, Kbd, nameIn, ScrutinyStatusTag } from './scrutiny-parts';
import { isTextField } from './screening-keys';

// The scrutiny officer's queue [SC] (spec §2 scrutiny, scrutiny/{id}/{orgId},
// scrutiny/{id}/{type}/{currentPage}/{orgId}, candidate/report; §3 "Scrutiny record" counts):
// the advertisements the officer holds applications of with the count in each status, one
// advertisement's applications by status at a page, searched by name, master id or citizenship
// number, and the officer's own report across advertisements. N opens the next pending one.

const PAGE_SIZE = 20;

const isStatus = (value: string | undefined): value is ScrutinyStatus => SCRUTINY_STATUSES.includes(value as ScrutinyStatus);

/** Where one application of a queue page opens (the pre-review view), and where it comes back to. */
function preReviewLink(item: { id: number; advertisementCode: string }, status: string, page: number, orgId: string | number) {
  return `/admin/candidate-details/${encodeURIComponent(item.advertisementCode)}/${item.id}/${status}/${page}/${orgId}`;
}

/** N opens my next pending application (in one advertisement, or in any); the screens list it. */
function useOpenNextKey(advertisementId: number | undefined, status: string, page: number) {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { t } = useLanguage();
  const openNext = async () => {
    const result = await nextPending(undefined, advertisementId);
    if (!result.ok) return void message.error(result.message);
    const next = result.data;
    if (next.id === null) return void message.info(t('screening.noneLeft'));
    void navigate(preReviewLink({ id: next.id, advertisementCode: next.advertisementCode }, status, page, next.organizationId));
  };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.altKey || event.metaKey || event.repeat || isTextField(event.target)) return;
      if (event.key.toLowerCase() !== 'n' && event.key.toLowerCase() !== 'j') return;
      event.preventDefault();
      void openNext();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });
  return openNext;
}

function CountLinks({ counts, link }: { counts: StatusCounts; link: (status: ScrutinyStatus) => string }) {
  const { t, language } = useLanguage();
  return (
    <Space wrap size={12}>
      {SCRUTINY_STATUSES.map((status) => (
        <Link key={status} to={link(status)} data-testid={`count-${status}`}>
          {t(`screening.status.${status}` as TextKey)}: {formatDigits(counts[status], language)}
        </Link>
      ))}
    </Space>
  );
}

function NextHint({ onOpen }: { onOpen: () => void }) {
  const { t } = useLanguage();
  return (
    <Button type="primary" onClick={onOpen} data-testid="open-next-pending">
      {t('screening.openNext')} <Kbd>N</Kbd>
    </Button>
  );
}

/** spec §2 scrutiny [SC]: the advertisements I hold applications of, with my counts by status. */
export function ScrutinyAdvertisementsScreen() {
  const { t, language } = useLanguage();
  const list = useApiQuery<{ items: OfficerAdvertisement[]; totals: StatusCounts }>(ADVERTISEMENTS_PATH);
  const openNext = useOpenNextKey(undefined, 'pending', 1);
  return (
    <Card title={t('route.scrutiny')} data-testid="scrutiny-advertisements" extra={<NextHint onOpen={() => void openNext()} />}>
      <ErrorAlert message={list.error?.message} />
      <Table<OfficerAdvertisement>
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.items ?? []}
        pagination={false}
        locale={{ emptyText: t('screening.nothingAllocated') }}
        columns={[
          {
            title: t('screening.field.advertisement'),
            key: 'code',
            render: (_, row) => (
              <Link to={`/admin/scrutiny/${row.id}/${row.organizationId}`} data-testid="advertisement-open">
                {formatDigits(row.code, language)}
              </Link>
            ),
          },
          { title: t('screening.field.post'), key: 'post', render: (_, row) => nameIn(language, row.postNameEn, row.postNameNp) },
          ...SCRUTINY_STATUSES.map((status) => ({
            title: t(`screening.status.${status}` as TextKey),
            key: status,
            align: 'right' as const,
            render: (_: unknown, row: OfficerAdvertisement) => (
              <Link to={`/admin/scrutiny/${row.id}/${status}/1/${row.organizationId}`} data-testid={`advertisement-${status}`}>
                {formatDigits(row.counts[status], language)}
              </Link>
            ),
          })),
          { title: t('screening.total'), key: 'total', align: 'right', render: (_, row) => formatDigits(row.total, language) },
        ]}
      />
    </Card>
  );
}

/**
 * spec §2 scrutiny/{id}/{orgId} and scrutiny/{id}/{type}/{currentPage}/{orgId} [SC]: one
 * advertisement's applications allocated to me, all of them or those of one status at a page.
 */
export function ScrutinyQueueScreen() {
  const { t, language } = useLanguage();
  const navigate = useNavigate();
  const params = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const advertisementId = Number(params.id);
  const orgId = params.orgId ?? '0';
  const status = isStatus(params.type) ? params.type : undefined;
  const page = Math.max(1, Number(toLatinDigits(params.currentPage ?? '1')) || 1);
  const q = searchParams.get('q') ?? '';
  const isValid = Number.isInteger(advertisementId) && advertisementId > 0;
  const list = useApiQuery<QueuePage>(isValid ? queuePath({ advertisementId, status, q: q || undefined, page, pageSize: PAGE_SIZE }) : null);
  const openNext = useOpenNextKey(isValid ? advertisementId : undefined, status ?? 'pending', page);
  const base = (next: ScrutinyStatus | 'all', nextPage = 1) =>
    next === 'all' ? `/admin/scrutiny/${advertisementId}/${orgId}` : `/admin/scrutiny/${advertisementId}/${next}/${nextPage}/${orgId}`;
  const keepSearch = (path: string) => (q ? `${path}?q=${encodeURIComponent(q)}` : path);
  const counts = list.data?.counts;
  const code = list.data?.items[0]?.advertisementCode;

  if (!isValid) return <ErrorAlert message={t('screening.badLink')} />;
  return (
    <Card
      title={
        <Space>
          <span>{t('route.scrutinyCandidates')}</span>
          {code ? <Typography.Text type="secondary">{formatDigits(code, language)}</Typography.Text> : null}
        </Space>
      }
      extra={<NextHint onOpen={() => void openNext()} />}
      data-testid="scrutiny-queue"
      data-status={status ?? 'all'}
    >
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Link to="/admin/scrutiny">{t('screening.backToAdvertisements')}</Link>
        <Segmented
          value={status ?? 'all'}
          onChange={(value) => void navigate(keepSearch(base(value as ScrutinyStatus | 'all')))}
          options={[
            { value: 'all', label: t('screening.all') },
            ...SCRUTINY_STATUSES.map((value) => ({ value, label: `${t(`screening.status.${value}` as TextKey)} (${formatDigits(counts?.[value] ?? 0, language)})` })),
          ]}
          data-testid="queue-statuses"
        />
        <Input.Search
          allowClear
          defaultValue={q}
          placeholder={t('screening.search')}
          onSearch={(value) => {
            // spec §1: Devanagari digits typed for a master id or citizenship number are the same number.
            const text = toLatinDigits(value.trim());
            setSearchParams(text ? { q: text } : {});
            if (page !== 1) void navigate(`${base(status ?? 'all')}${text ? `?q=${encodeURIComponent(text)}` : ''}`);
          }}
          style={{ maxWidth: 420 }}
          data-testid="queue-search"
        />
        <ErrorAlert message={list.error?.message} />
        <QueueTable
          items={list.data?.items ?? []}
          isLoading={list.isLoading}
          total={list.data?.total ?? 0}
          page={page}
          linkOf={(item) => preReviewLink(item, status ?? 'pending', page, orgId)}
          onPage={(next) => void navigate(keepSearch(base(status ?? 'pending', next)))}
        />
      </Space>
    </Card>
  );
}

function QueueTable({ items, isLoading, total, page, linkOf, onPage }: { items: QueueItem[]; isLoading: boolean; total: number; page: number; linkOf: (item: QueueItem) => string; onPage: (page: number) => void }) {
  const { t, language } = useLanguage();
  return (
    <Table<QueueItem>
      rowKey="id"
      size="small"
      loading={isLoading}
      dataSource={items}
      scroll={{ x: true }}
      locale={{ emptyText: t('screening.emptyQueue') }}
      pagination={{ current: page, pageSize: PAGE_SIZE, total, onChange: onPage, showSizeChanger: false }}
      onRow={(row) => ({ 'data-testid': `queue-row-${row.id}` }) as never}
      columns={[
        { title: t('screening.field.receipt'), key: 'receipt', dataIndex: 'receiptCode' },
        { title: t('screening.field.masterId'), key: 'masterId', render: (_, row) => formatDigits(row.masterId, language) },
        { title: t('screening.field.name'), key: 'name', render: (_, row) => nameIn(language, row.fullNameEn, row.fullNameNp) },
        { title: t('screening.field.citizenshipNumber'), key: 'citizenship', render: (_, row) => formatDigits(row.citizenshipNumber ?? '—', language) },
        { title: t('screening.field.advertisement'), key: 'advertisement', render: (_, row) => formatDigits(row.advertisementCode, language) },
        { title: t('screening.field.scrutinyStatus'), key: 'status', render: (_, row) => <ScrutinyStatusTag status={row.status} /> },
        { title: t('screening.field.applicationStatus'), key: 'applicationStatus', render: (_, row) => <ApplicationStatusTag status={row.applicationStatus} /> },
        { title: t('screening.field.appliedAt'), key: 'submittedAt', render: (_, row) => <DualDate value={row.submittedAt} withTime={false} /> },
        {
          title: '',
          key: 'open',
          render: (_, row) => (
            <Link to={linkOf(row)} data-testid="queue-open">
              {t('screening.open')}
            </Link>
          ),
        },
      ]}
    />
  );
}

/** spec §2 candidate/report [SC]: my counts and applications across every advertisement. */
export function CandidateReportScreen() {
  const { t, language } = useLanguage();
  const [status, setStatus] = useState<ScrutinyStatus | 'all'>('all');
  const [page, setPage] = useState(1);
  const advertisements = useApiQuery<{ items: OfficerAdvertisement[]; totals: StatusCounts }>(ADVERTISEMENTS_PATH);
  const list = useApiQuery<QueuePage>(queuePath({ status: status === 'all' ? undefined : status, page, pageSize: PAGE_SIZE }));
  const totals = advertisements.data?.totals;
  const allocated = totals ? SCRUTINY_STATUSES.reduce((sum, key) => sum + totals[key], 0) : 0;
  return (
    <Card title={t('route.candidateReport')} data-testid="candidate-report">
      <ErrorAlert message={advertisements.error?.message ?? list.error?.message} />
      <Row gutter={16} style={{ marginBottom: 16 }}>
        <Col>
          <Statistic title={t('screening.allocated')} value={formatDigits(allocated, language)} />
        </Col>
        <Col>
          <Statistic title={t('screening.completed')} value={formatDigits(totals ? totals.approved + totals.rejected : 0, language)} />
        </Col>
        {SCRUTINY_STATUSES.map((key) => (
          <Col key={key}>
            <Statistic title={t(`screening.status.${key}` as TextKey)} value={formatDigits(totals?.[key] ?? 0, language)} />
          </Col>
        ))}
      </Row>
      <Table<OfficerAdvertisement>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={advertisements.data?.items ?? []}
        style={{ marginBottom: 16 }}
        columns={[
          { title: t('screening.field.advertisement'), key: 'code', render: (_, row) => <Link to={`/admin/scrutiny/${row.id}/${row.organizationId}`}>{formatDigits(row.code, language)}</Link> },
          { title: t('screening.field.post'), key: 'post', render: (_, row) => nameIn(language, row.postNameEn, row.postNameNp) },
          {
            title: t('screening.counts'),
            key: 'counts',
            render: (_, row) => <CountLinks counts={row.counts} link={(key) => `/admin/scrutiny/${row.id}/${key}/1/${row.organizationId}`} />,
          },
        ]}
      />
      <Segmented
        value={status}
        onChange={(value) => {
          setStatus(value as ScrutinyStatus | 'all');
          setPage(1);
        }}
        options={[{ value: 'all', label: t('screening.all') }, ...SCRUTINY_STATUSES.map((value) => ({ value, label: t(`screening.status.${value}` as TextKey) }))]}
        style={{ marginBottom: 12 }}
      />
      <QueueTable items={list.data?.items ?? []} isLoading={list.isLoading} total={list.data?.total ?? 0} page={page} linkOf={(item) => preReviewLink(item, item.status, 1, 0)} onPage={setPage} />
    </Card>
  );
}
