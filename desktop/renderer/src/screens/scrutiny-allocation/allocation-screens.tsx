import { formatDigits, formatNumber, planAllocation, type AllocationMode } from '@psc/core';
import { Alert, App, Button, Card, Radio, Space, Table, Typography } from 'antd';
import { useState, type HTMLAttributes } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { ApiFailure } from '../../api/api-client';
import { MeasuredTitle } from '../../components/measured-title';
import { DualDate } from '../../components/dual-date';
import { ErrorAlert } from '../../components/error-alert';
import { NumberInput } from '../../components/number-input';
import { useApiQuery } from '../../hooks/use-api-query';
import { useLanguage } from '../../i18n/use-language';
import { useActions } from '../../stores/session-store';
import {
  advertisementPath,
  allocate,
  closedAdvertisementsPath,
  officersPath,
  unallocatedPath,
  type AllocationResult,
  type OfficerWorkload,
  type Paged,
  type ScrutinyAdvertisement,
  type WaitingApplication,
} from './scrutiny-allocation-api';
import { AdvertisementHeading, AllocationLinks, AllocationStateTag, FailureAlert, countColumn, nameIn, officerLabel, officerLoadColumns, openableRow, pageNumbersIn, postOf, textColumn } from './scrutiny-allocation-parts';

// spec §2 scrutiny-allocation[/{id}] [SA], §4 "Scrutiny allocation": the advertisements whose
// applications have closed, and one advertisement's paid applications allocated to scrutiny
// officers evenly or by the counts typed, in one action after a confirmation.

const PAGE_SIZE = 50;
const WAITING_PAGE_SIZE = 20;

/** scrutiny-allocation: the closed advertisements with their paid, allocated and waiting counts. */
export function ScrutinyAllocationListScreen() {
  const { t, language } = useLanguage();
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const list = useApiQuery<Paged<ScrutinyAdvertisement>>(closedAdvertisementsPath(page, PAGE_SIZE));
  const open = (row: ScrutinyAdvertisement) => void navigate(`/admin/scrutiny-allocation/${row.id}`);
  return (
    <Card
      title={t('route.scrutinyAllocation')}
      data-testid="scrutiny-allocation-list"
      extra={
        <Space>
          <Link to="/admin/scrutiny-allocation-history">{t('route.scrutinyAllocationHistory')}</Link>
          <Link to="/admin/allocation/report">{t('route.allocationReport')}</Link>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('scrutinyAllocation.listHint')}</Typography.Paragraph>
      <ErrorAlert message={list.error?.message} />
      <Table<ScrutinyAdvertisement>
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.items ?? []}
        scroll={{ x: 'max-content' }}
        onRow={(row) => ({ ...openableRow(() => open(row)), 'data-testid': `advertisement-row-${row.code}` }) as HTMLAttributes<HTMLElement>}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onChange: setPage, showSizeChanger: false, itemRender: pageNumbersIn(language) }}
        columns={[
          // The code carries the fiscal year (2083/84-0002); it opens the advertisement's allocation.
          {
            ...textColumn<ScrutinyAdvertisement>('code', t('scrutinyAllocation.advertisement'), (row) => formatDigits(row.code, language), language),
            render: (_, row) => (
              <Link to={`/admin/scrutiny-allocation/${row.id}`} data-testid={`open-allocation-${row.code}`} onClick={(event) => event.stopPropagation()} tabIndex={-1}>
                {formatDigits(row.code, language)}
              </Link>
            ),
          },
          textColumn<ScrutinyAdvertisement>('post', t('scrutinyAllocation.post'), (row) => postOf(row, language), language),
          {
            key: 'closed',
            title: t('scrutinyAllocation.doubleFeeLastDate'),
            sorter: (a, b) => a.doubleFeeLastDate.localeCompare(b.doubleFeeLastDate),
            render: (_, row) => <DualDate value={row.doubleFeeLastDate} withTime={false} />,
          },
          countColumn<ScrutinyAdvertisement>('paid', t('scrutinyAllocation.paid'), (row) => row.paid, language),
          countColumn<ScrutinyAdvertisement>('allocated', t('scrutinyAllocation.allocated'), (row) => row.allocated, language),
          countColumn<ScrutinyAdvertisement>('unallocated', t('scrutinyAllocation.unallocated'), (row) => row.unallocated, language),
          { key: 'state', title: t('scrutinyAllocation.state'), render: (_, row) => <AllocationStateTag row={row} /> },
        ]}
      />
    </Card>
  );
}

/** scrutiny-allocation/{id}: the waiting applications, the officers and their load, and the allocation. */
export function ScrutinyAllocationDetailScreen() {
  const { t, language } = useLanguage();
  const { modal } = App.useApp();
  const id = useParams().id ?? '';
  const canAllocate = useActions('SA').has('create');
  const advertisement = useApiQuery<ScrutinyAdvertisement & { isClosed: boolean }>(advertisementPath(id));
  const officers = useApiQuery<OfficerWorkload[]>(officersPath(id));
  const [waitingPage, setWaitingPage] = useState(1);
  const waiting = useApiQuery<Paged<WaitingApplication>>(unallocatedPath(id, waitingPage, WAITING_PAGE_SIZE));
  const [mode, setMode] = useState<AllocationMode>('even');
  const [chosenIds, setChosenIds] = useState<number[]>([]);
  const [counts, setCounts] = useState<Record<number, number | null>>({});
  const [result, setResult] = useState<AllocationResult | null>(null);
  const [failure, setFailure] = useState<ApiFailure | null>(null);

  const ad = advertisement.data;
  const officerRows = officers.data ?? [];
  // The chosen officers in one fixed order (the API's, whatever the table's sort), sent in that
  // order too: the split shown and confirmed is the split the API makes of the same count.
  const chosen = officerRows.filter((officer) => chosenIds.includes(officer.id));
  const unallocated = ad?.unallocated ?? 0;
  const plan = planAllocation(
    mode,
    unallocated,
    chosen.map((officer) => counts[officer.id]),
  );
  const shareOf = new Map(chosen.map((officer, index) => [officer.id, plan.shares[index] ?? 0]));
  const canSend = canAllocate && ad?.isClosed === true && unallocated > 0 && chosen.length > 0 && !plan.isOver && plan.missing.length === 0 && plan.total > 0;

  function confirmAllocation() {
    if (!canSend || !ad) return;
    const body = { mode, officers: chosen.map((officer) => (mode === 'counts' ? { officerId: officer.id, count: counts[officer.id]! } : { officerId: officer.id })) };
    modal.confirm({
      title: t('scrutinyAllocation.confirmTitle'),
      okText: t('scrutinyAllocation.allocate'),
      cancelText: t('common.cancel'),
      okButtonProps: { 'data-testid': 'confirm-allocation' },
      content: (
        <div data-testid="allocation-confirmation">
          <Typography.Paragraph>{t('scrutinyAllocation.confirmAllocate', { total: formatNumber(plan.total, language), code: formatDigits(ad.code, language) })}</Typography.Paragraph>
          <ul style={{ paddingInlineStart: 20, margin: 0 }}>
            {chosen.map((officer) => (
              <li key={officer.id}>
                {officerLabel(officer, language)}: <strong>{formatNumber(shareOf.get(officer.id) ?? 0, language)}</strong>
              </li>
            ))}
          </ul>
        </div>
      ),
      onOk: async () => {
        const answer = await allocate(id, body);
        if (!answer.ok) {
          setFailure(answer);
          setResult(null);
          // Someone else may have allocated meanwhile: show what waits now.
          await Promise.all([advertisement.reload(), officers.reload(), waiting.reload()]);
          return;
        }
        setFailure(null);
        setResult(answer.data);
        setChosenIds([]);
        setCounts({});
        await Promise.all([advertisement.reload(), officers.reload(), waiting.reload()]);
      },
    });
  }

  const officerById = new Map(officerRows.map((officer) => [officer.id, officer]));

  return (
    <Card title={t('route.scrutinyAllocationDetail')} data-testid="scrutiny-allocation-detail" extra={<Link to="/admin/scrutiny-allocation">{t('scrutinyAllocation.back')}</Link>}>
      <ErrorAlert message={advertisement.error?.message ?? officers.error?.message} />
      {ad ? <AdvertisementHeading advertisement={ad} /> : null}
      <div style={{ marginBottom: 16 }}>
        <AllocationLinks id={id} />
      </div>
      {ad && !ad.isClosed ? <Alert type="warning" showIcon title={t('scrutinyAllocation.notClosed')} style={{ marginBottom: 16 }} /> : null}

      {result ? (
        <Alert
          type="success"
          showIcon
          data-testid="allocation-result"
          style={{ marginBottom: 16 }}
          title={t('scrutinyAllocation.result', { total: formatNumber(result.allocated, language), left: formatNumber(result.unallocated, language) })}
          description={
            <Table<AllocationResult['officers'][number]>
              size="small"
              rowKey="officerId"
              pagination={false}
              dataSource={result.officers}
              columns={[
                { key: 'officer', title: t('scrutinyAllocation.officer'), render: (_, row) => (officerById.get(row.officerId) ? officerLabel(officerById.get(row.officerId)!, language) : formatDigits(row.officerId, language)) },
                countColumn<AllocationResult['officers'][number]>('count', t('scrutinyAllocation.applications'), (row) => row.count, language),
              ]}
            />
          }
        />
      ) : null}
      <FailureAlert failure={failure} testId="allocation-failure" />

      <Typography.Title level={5}>{t('scrutinyAllocation.allocateTitle')}</Typography.Title>
      {officers.data && officerRows.length === 0 ? <Alert type="info" showIcon title={t('scrutinyAllocation.noOfficers')} style={{ marginBottom: 16 }} /> : null}
      <Space direction="vertical" style={{ width: '100%' }}>
        <Radio.Group value={mode} onChange={(event) => setMode(event.target.value as AllocationMode)} data-testid="allocation-mode" disabled={!canAllocate}>
          <Radio value="even">{t('scrutinyAllocation.mode.even')}</Radio>
          <Radio value="counts">{t('scrutinyAllocation.mode.counts')}</Radio>
        </Radio.Group>
        <Table<OfficerWorkload>
          rowKey="id"
          size="small"
          loading={officers.isLoading}
          dataSource={officerRows}
          pagination={false}
          scroll={{ x: 'max-content' }}
          data-testid="allocation-officers"
          rowSelection={
            canAllocate
              ? {
                  selectedRowKeys: chosenIds,
                  columnTitle: (selectAll) => <MeasuredTitle>{selectAll}</MeasuredTitle>,
                  onChange: (keys) => setChosenIds(keys.map(Number)),
                  getCheckboxProps: (row) => ({ 'aria-label': officerLabel(row, language), 'data-testid': `choose-${row.username}` }) as object,
                }
              : undefined
          }
          columns={[
            textColumn<OfficerWorkload>('officer', t('scrutinyAllocation.officer'), (row) => nameIn(row, language), language),
            textColumn<OfficerWorkload>('username', t('scrutinyAllocation.username'), (row) => row.username, language),
            ...officerLoadColumns(t, language),
            {
              key: 'count',
              title: t('scrutinyAllocation.count'),
              align: 'right',
              width: 140,
              render: (_, row) =>
                mode === 'counts' ? (
                  <NumberInput
                    min={1}
                    precision={0}
                    disabled={!chosenIds.includes(row.id)}
                    value={counts[row.id] ?? null}
                    onChange={(value) => setCounts((previous) => ({ ...previous, [row.id]: value }))}
                    onPressEnter={confirmAllocation}
                    aria-label={`${t('scrutinyAllocation.count')}: ${officerLabel(row, language)}`}
                    data-testid={`count-${row.username}`}
                    style={{ width: 110 }}
                  />
                ) : chosenIds.includes(row.id) ? (
                  <span data-testid={`share-${row.username}`}>{formatNumber(shareOf.get(row.id) ?? 0, language)}</span>
                ) : null,
            },
          ]}
        />
        {chosen.length === 0 ? (
          <Typography.Text type="secondary">{t('scrutinyAllocation.chooseOfficers')}</Typography.Text>
        ) : plan.isOver ? (
          <Alert type="error" showIcon data-testid="allocation-plan" title={t('scrutinyAllocation.planOver', { total: formatNumber(plan.total, language), waiting: formatNumber(unallocated, language) })} />
        ) : plan.missing.length > 0 ? (
          <Alert type="warning" showIcon data-testid="allocation-plan" title={t('scrutinyAllocation.planMissing')} />
        ) : (
          <Alert
            type="info"
            showIcon
            data-testid="allocation-plan"
            title={t('scrutinyAllocation.plan', {
              officers: formatNumber(chosen.length, language),
              total: formatNumber(plan.total, language),
              waiting: formatNumber(unallocated, language),
              left: formatNumber(plan.left, language),
            })}
          />
        )}
        {canAllocate ? (
          <Button type="primary" disabled={!canSend} onClick={confirmAllocation} data-testid="allocate">
            {t('scrutinyAllocation.allocate')}
          </Button>
        ) : null}
      </Space>

      <Typography.Title level={5} style={{ marginTop: 24 }} data-testid="waiting-title">
        {t('scrutinyAllocation.waitingTitle', { total: formatNumber(waiting.data?.total ?? 0, language) })}
      </Typography.Title>
      <ErrorAlert message={waiting.error?.message} />
      <Table<WaitingApplication>
        rowKey="id"
        size="small"
        loading={waiting.isLoading}
        dataSource={waiting.data?.items ?? []}
        scroll={{ x: 'max-content' }}
        data-testid="waiting-applications"
        pagination={{ current: waitingPage, pageSize: WAITING_PAGE_SIZE, total: waiting.data?.total ?? 0, onChange: setWaitingPage, showSizeChanger: false, itemRender: pageNumbersIn(language) }}
        columns={[
          // The receipt code is shown as issued: a candidate reads it back letter by letter to verify it.
          { key: 'receiptCode', title: t('scrutinyAllocation.receiptCode'), render: (_, row) => row.receiptCode },
          { key: 'masterId', title: t('scrutinyAllocation.masterId'), align: 'right', render: (_, row) => formatDigits(row.masterId, language) },
          textColumn<WaitingApplication>('candidate', t('scrutinyAllocation.candidate'), (row) => nameIn(row, language), language),
          { key: 'submittedAt', title: t('scrutinyAllocation.submittedAt'), render: (_, row) => <DualDate value={row.submittedAt} /> },
        ]}
      />
    </Card>
  );
}
