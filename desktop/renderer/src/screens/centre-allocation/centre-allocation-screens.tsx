import { adToBs, formatBsDate, formatDigits, toLatinDigits, type Language } from '@psc/core';
import { Alert, App, Button, Card, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { ErrorAlert } from '../../components/error-alert';
import { NumberInput } from '../../components/number-input';
import { saveFile } from '../../components/save-file';
import { sittingTime } from '../../components/seating';
import { useApiQuery } from '../../hooks/use-api-query';
import { useLanguage, type TextKey } from '../../i18n/use-language';
import { useActions } from '../../stores/session-store';
import {
  advertisementsPath,
  candidatesPath,
  completeAllocation,
  downloadReport,
  historyPath,
  removeCentre,
  reportPath,
  revertAllocation,
  saveFinal,
  saveTemporary,
  sittingPath,
  sittingsPath,
  type AdvertisementRow,
  type AllocationStatus,
  type CandidateRow,
  type HistoryRow,
  type RangeInput,
  type ReportRow,
  type Sitting,
  type SittingRow,
  type Venue,
} from './centre-allocation-api';

// spec §2 exam-center-allocation with allocate, allocatedCandidate, report and history [ECA];
// assign-exam-center and assigned-exam-center/{id}; spec §3 "Exam-centre allocation: fiscal
// year, organization, exam centre, exam paper, roll from, roll to, advertisement code and
// capacity required"; spec §4 "Exam centre assignment: temporary save, then final save, revert,
// complete". The rules (free seats, overlap, another city, left over) are the API's: a refusal
// is shown in the user's language and the edits stay on the screen.

const PAGE_SIZE = 20;

const name = (row: { nameEn: string; nameNp: string | null }, language: Language) => (language === 'ne' ? row.nameNp || row.nameEn : row.nameEn);
const postName = (row: { postNameEn: string | null; postNameNp: string | null }, language: Language) => (language === 'ne' ? row.postNameNp || row.postNameEn : row.postNameEn || row.postNameNp) ?? '—';
const paperName = (row: { subjectNameEn: string; subjectNameNp: string }, language: Language) => (language === 'ne' ? row.subjectNameNp : row.subjectNameEn);
const number = (value: number | null | undefined, language: Language) => (value === null || value === undefined ? '—' : formatDigits(value, language));

/** A sitting's day in both calendars (B.S. first, spec §1) and its start time. */

function StatusTag({ status }: { status: AllocationStatus }) {
  const { t } = useLanguage();
  const color = { pending: 'default', temporary: 'orange', final: 'blue', complete: 'green' }[status];
  return (
    <Tag color={color} data-testid="allocation-status">
      {t(`centreScreen.status.${status}` as TextKey)}
    </Tag>
  );
}

const sittingQuery = (row: { advertisementId: number; examPaperId: number }) => `advertisementId=${row.advertisementId}&paperId=${row.examPaperId}`;

/** exam-center-allocation: the sittings that can be allocated, with their state and counts. */
export function ExamCenterAllocationScreen() {
  const { t, language } = useLanguage();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<string | undefined>(undefined);
  const list = useApiQuery<{ items: SittingRow[]; total: number }>(sittingsPath({ page, pageSize: PAGE_SIZE, ...(search ? { search: toLatinDigits(search) } : {}), ...(status ? { status } : {}) }));
  return (
    <Card
      title={t('route.examCenterAllocation')}
      data-testid="exam-center-allocation"
      extra={
        <Space>
          <Link to="/admin/exam-center-allocation/report">{t('centreScreen.report')}</Link>
          <Link to="/admin/exam-center-allocation/history">{t('centreScreen.history')}</Link>
        </Space>
      }
    >
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search allowClear placeholder={t('centreScreen.search')} onSearch={(value) => { setSearch(value.trim()); setPage(1); }} style={{ width: 260 }} data-testid="sitting-search" />
        <Select
          allowClear
          placeholder={t('centreScreen.allStates')}
          aria-label={t('centreScreen.allStates')}
          style={{ width: 200 }}
          value={status}
          onChange={(value) => { setStatus(value); setPage(1); }}
          options={(['pending', 'temporary', 'final', 'complete'] as const).map((value) => ({ value, label: t(`centreScreen.status.${value}` as TextKey) }))}
        />
      </Space>
      <ErrorAlert message={list.error?.message} />
      <Table<SittingRow>
        rowKey={(row) => `${row.advertisementId}-${row.examPaperId}`}
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.items ?? []}
        scroll={{ x: true }}
        data-testid="sittings"
        pagination={{ current: page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          { title: t('centreScreen.advertisement'), key: 'code', render: (_, row) => formatDigits(row.advertisementCode, language) },
          { title: t('centreScreen.post'), key: 'post', render: (_, row) => postName(row, language) },
          { title: t('centreScreen.paper'), key: 'paper', render: (_, row) => paperName(row, language) },
          { title: t('centreScreen.examTime'), key: 'time', render: (_, row) => sittingTime(row, language) },
          { title: t('centreScreen.candidates'), key: 'candidates', align: 'right', render: (_, row) => number(row.candidates, language) },
          { title: t('centreScreen.centres'), key: 'centres', align: 'right', render: (_, row) => number(row.centres, language) },
          { title: t('centreScreen.allocated'), key: 'allocated', align: 'right', render: (_, row) => number(row.allocated, language) },
          { title: t('centreScreen.state'), key: 'status', render: (_, row) => <StatusTag status={row.status} /> },
          {
            title: '',
            key: 'actions',
            render: (_, row) => (
              <Space>
                <Link to={`/admin/exam-center-allocation/allocate?${sittingQuery(row)}`} data-testid={`allocate-${row.advertisementId}-${row.examPaperId}`}>
                  {row.status === 'pending' ? t('centreScreen.allocate') : t('centreScreen.open')}
                </Link>
                {row.status === 'final' || row.status === 'complete' ? <Link to={`/admin/exam-center-allocation/allocatedCandidate?${sittingQuery(row)}`}>{t('centreScreen.allocatedCandidates')}</Link> : null}
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}

/** One row of the editable table: typed text, read as digits of either script on save. */
type DraftRow = { key: number; venueId: number | null; rollFrom: number | null; rollTo: number | null };

let draftKey = 0;
const draftsOf = (ranges: { venueId: number; rollFrom: number; rollTo: number }[]): DraftRow[] => ranges.map((range) => ({ key: (draftKey += 1), venueId: range.venueId, rollFrom: range.rollFrom, rollTo: range.rollTo }));

function useSittingParams() {
  const [params] = useSearchParams();
  return { advertisementId: Number(params.get('advertisementId')), examPaperId: Number(params.get('paperId')) };
}

type Confirm = { question: string; okText: string; danger?: boolean; run: () => Promise<void> };

/** exam-center-allocation/allocate?advertisementId=&paperId=: the centres of the sitting with their roll ranges. */
export function AllocateExamCenterScreen() {
  const { t, language } = useLanguage();
  const { message, modal } = App.useApp();
  const { advertisementId, examPaperId } = useSittingParams();
  const actions = useActions('ECA');
  const valid = advertisementId > 0 && examPaperId > 0;
  const answer = useApiQuery<Sitting>(valid ? sittingPath(advertisementId, examPaperId) : null);
  const [drafts, setDrafts] = useState<DraftRow[]>([]);
  const [city, setCity] = useState<number | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const sitting = answer.data;
  useEffect(() => {
    if (sitting) setDrafts(draftsOf(sitting.ranges.length > 0 ? sitting.ranges : (sitting.proposal?.ranges ?? [])));
  }, [sitting]);
  const venues = useMemo(() => new Map((sitting?.venues ?? []).map((venue) => [venue.venueId, venue])), [sitting]);
  if (!valid) return <Card title={t('route.allocateExamCenter')}>{t('centreScreen.chooseSitting')}</Card>;

  const editable = sitting?.status === 'pending' || sitting?.status === 'temporary';
  const countOf = (row: DraftRow) => {
    if (row.rollFrom === null || row.rollTo === null || row.rollTo < row.rollFrom || !sitting) return 0;
    // The sitting's roll numbers of the centre's city only, as the API counts them.
    const venue = row.venueId === null ? undefined : venues.get(row.venueId);
    const target = sitting.cities.find((c) => c.examCentreId === venue?.examCentreId);
    if (!target) return 0;
    return Math.max(0, Math.min(row.rollTo, target.rollTo) - Math.max(row.rollFrom, target.rollFrom) + 1);
  };
  const shown = drafts.filter((row) => city === undefined || (row.venueId !== null && venues.get(row.venueId)?.examCentreId === city) || row.venueId === null);
  const change = (key: number, patch: Partial<DraftRow>) => setDrafts((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  const inputs = (): RangeInput[] => drafts.filter((row) => row.venueId !== null).map((row) => ({ venueId: row.venueId!, rollFrom: row.rollFrom ?? 0, rollTo: row.rollTo ?? 0 }));
  const paperText = sitting ? `${formatDigits(sitting.advertisementCode, language)} · ${paperName(sitting, language)}` : '';
  const allocated = drafts.reduce((sum, row) => sum + countOf(row), 0);
  const rangeStatus = (status: string | undefined) => (status ? t(`centreScreen.rangeStatus.${status}` as TextKey) : '');

  const run = async (work: () => Promise<{ ok: true; message: string } | { ok: false; message: string }>) => {
    setError(null);
    setIsBusy(true);
    try {
      const result = await work();
      if (!result.ok) {
        setError(result.message);
        return;
      }
      void message.success(result.message);
      await answer.reload();
    } finally {
      setIsBusy(false);
    }
  };
  const confirm = ({ question, okText, danger, run: onOk }: Confirm) =>
    void modal.confirm({ title: t('route.allocateExamCenter'), content: question, okText, okButtonProps: { danger: danger ?? false, 'data-testid': 'confirm-ok' } as never, onOk });

  const venueOptions = (current: number | null) =>
    (sitting?.venues ?? [])
      .filter((venue) => city === undefined || venue.examCentreId === city)
      .filter((venue) => venue.venueId === current || !drafts.some((row) => row.venueId === venue.venueId))
      .map((venue) => ({ value: venue.venueId, label: `${name(venue, language)} (${formatDigits(venue.free, language)})` }));

  return (
    <Card title={t('route.allocateExamCenter')} data-testid="allocate-exam-center">
      <ErrorAlert message={answer.error?.message} />
      {sitting ? (
        <>
          <Space direction="vertical" size={4} style={{ marginBottom: 12 }}>
            <Typography.Text strong>
              {paperText} · {postName(sitting, language)} <StatusTag status={sitting.status} />
            </Typography.Text>
            <Typography.Text>
              {t('centreScreen.examTime')}: {sittingTime(sitting, language)} · {t('centreScreen.candidates')}: {number(sitting.candidates, language)}
            </Typography.Text>
            {sitting.cities.map((c) => (
              <Typography.Text type="secondary" key={c.examCentreId}>
                {t('centreScreen.cityRolls', { city: name(c, language), count: c.count, from: formatDigits(c.rollFrom, language), to: formatDigits(c.rollTo, language) })}
              </Typography.Text>
            ))}
          </Space>
          {sitting.proposal && sitting.ranges.length === 0 ? (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 12 }}
              data-testid="proposal"
              message={t(sitting.proposal.source === 'paper' ? 'centreScreen.proposalPaper' : 'centreScreen.proposalCapacity')}
              description={
                sitting.proposal.leftOver.length > 0
                  ? t('centreScreen.leftOver', { rolls: sitting.proposal.leftOver.map((span) => `${formatDigits(span.rollFrom, language)}–${formatDigits(span.rollTo, language)}`).join(', ') })
                  : undefined
              }
            />
          ) : null}
          <Space wrap style={{ marginBottom: 12 }}>
            <Select
              allowClear
              placeholder={t('centreScreen.allCities')}
              aria-label={t('centreScreen.allCities')}
              style={{ width: 280 }}
              value={city}
              onChange={setCity}
              data-testid="city-select"
              options={sitting.cities.map((c) => ({ value: c.examCentreId, label: name(c, language) }))}
            />
            <Typography.Text data-testid="unallocated">{t('centreScreen.unallocated', { count: Math.max(0, sitting.candidates - allocated) })}</Typography.Text>
          </Space>
          <ErrorAlert message={error} />
          <Table<DraftRow>
            rowKey="key"
            size="small"
            pagination={false}
            dataSource={shown}
            scroll={{ x: true }}
            data-testid="allocation-ranges"
            columns={[
              {
                title: t('centreScreen.centre'),
                key: 'venue',
                render: (_, row, index) => (
                  <Select
                    aria-label={`${t('centreScreen.centre')} ${formatDigits(index + 1, language)}`}
                    style={{ minWidth: 260 }}
                    disabled={!editable}
                    value={row.venueId ?? undefined}
                    onChange={(value: number) => change(row.key, { venueId: value })}
                    options={venueOptions(row.venueId)}
                    data-testid="range-venue"
                  />
                ),
              },
              { title: t('centreScreen.capacity'), key: 'capacity', align: 'right', render: (_, row) => number(row.venueId === null ? null : venues.get(row.venueId)?.capacity, language) },
              { title: t('centreScreen.free'), key: 'free', align: 'right', render: (_, row) => number(row.venueId === null ? null : venues.get(row.venueId)?.free, language) },
              {
                title: t('centreScreen.rollFrom'),
                key: 'from',
                render: (_, row, index) => <NumberInput aria-label={`${t('centreScreen.rollFrom')} ${formatDigits(index + 1, language)}`} disabled={!editable} value={row.rollFrom} onChange={(value) => change(row.key, { rollFrom: value ?? null })} style={{ width: 150 }} data-testid="range-from" />,
              },
              {
                title: t('centreScreen.rollTo'),
                key: 'to',
                render: (_, row, index) => <NumberInput aria-label={`${t('centreScreen.rollTo')} ${formatDigits(index + 1, language)}`} disabled={!editable} value={row.rollTo} onChange={(value) => change(row.key, { rollTo: value ?? null })} style={{ width: 150 }} data-testid="range-to" />,
              },
              { title: t('centreScreen.count'), key: 'count', align: 'right', render: (_, row) => <span data-testid="range-count">{formatDigits(countOf(row), language)}</span> },
              ...(sitting.status === 'final' || sitting.status === 'complete'
                ? [
                    { title: t('centreScreen.rooms'), key: 'rooms', render: (_: unknown, row: DraftRow) => rangeStatus(sitting.ranges.find((range) => range.venueId === row.venueId)?.roomStatus) },
                    { title: t('centreScreen.invigilators'), key: 'invigilators', render: (_: unknown, row: DraftRow) => rangeStatus(sitting.ranges.find((range) => range.venueId === row.venueId)?.invigilatorStatus) },
                  ]
                : []),
              {
                title: '',
                key: 'remove',
                render: (_, row) =>
                  editable && actions.has('update') ? (
                    <Button
                      size="small"
                      danger
                      onClick={() => {
                        const saved = sitting.ranges.some((range) => range.venueId === row.venueId);
                        const venue: Venue | undefined = row.venueId === null ? undefined : venues.get(row.venueId);
                        if (!saved || !venue) {
                          setDrafts((current) => current.filter((other) => other.key !== row.key));
                          return;
                        }
                        confirm({
                          question: t('centreScreen.removeQuestion', { centre: name(venue, language) }),
                          okText: t('centreScreen.removeRow'),
                          danger: true,
                          run: () => run(() => removeCentre(advertisementId, examPaperId, venue.venueId)),
                        });
                      }}
                    >
                      {t('centreScreen.removeRow')}
                    </Button>
                  ) : null,
              },
            ]}
          />
          <Space wrap style={{ marginTop: 12 }}>
            {editable && actions.has('create') ? (
              <>
                <Button onClick={() => setDrafts((current) => [...current, { key: (draftKey += 1), venueId: null, rollFrom: null, rollTo: null }])} data-testid="add-centre">
                  {t('centreScreen.addCentre')}
                </Button>
                <Button type="primary" loading={isBusy} onClick={() => void run(() => saveTemporary(advertisementId, examPaperId, inputs()))} data-testid="save-temporary">
                  {t('centreScreen.saveTemporary')}
                </Button>
              </>
            ) : null}
            {editable && actions.has('update') ? (
              <Button
                type="primary"
                danger
                loading={isBusy}
                data-testid="save-final"
                onClick={() => confirm({ question: t('centreScreen.finalQuestion', { code: formatDigits(sitting.advertisementCode, language), paper: paperName(sitting, language) }), okText: t('centreScreen.saveFinal'), run: () => run(() => saveFinal(advertisementId, examPaperId, inputs())) })}
              >
                {t('centreScreen.saveFinal')}
              </Button>
            ) : null}
            {sitting.status === 'final' && actions.has('update') ? (
              <Button
                danger
                loading={isBusy}
                data-testid="revert"
                onClick={() => confirm({ question: t('centreScreen.revertQuestion', { code: formatDigits(sitting.advertisementCode, language), paper: paperName(sitting, language) }), okText: t('centreScreen.revert'), danger: true, run: () => run(() => revertAllocation(advertisementId, examPaperId)) })}
              >
                {t('centreScreen.revert')}
              </Button>
            ) : null}
            {sitting.status === 'final' && actions.has('approve') ? (
              <Button
                loading={isBusy}
                data-testid="complete"
                onClick={() => confirm({ question: t('centreScreen.completeQuestion', { code: formatDigits(sitting.advertisementCode, language), paper: paperName(sitting, language) }), okText: t('centreScreen.complete'), run: () => run(() => completeAllocation(advertisementId, examPaperId)) })}
              >
                {t('centreScreen.complete')}
              </Button>
            ) : null}
            {sitting.status === 'final' || sitting.status === 'complete' ? <Link to={`/admin/exam-center-allocation/allocatedCandidate?${sittingQuery(sitting)}`}>{t('centreScreen.allocatedCandidates')}</Link> : null}
          </Space>
        </>
      ) : null}
    </Card>
  );
}

/** exam-center-allocation/allocatedCandidate?advertisementId=&paperId=: the sitting's candidates with their centre. */
export function AllocatedCandidatesScreen() {
  const { t, language } = useLanguage();
  const { advertisementId, examPaperId } = useSittingParams();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const valid = advertisementId > 0 && examPaperId > 0;
  const sitting = useApiQuery<Sitting>(valid ? sittingPath(advertisementId, examPaperId) : null);
  const list = useApiQuery<{ items: CandidateRow[]; total: number }>(valid ? candidatesPath(advertisementId, examPaperId, { page, pageSize: PAGE_SIZE, ...(search ? { search: toLatinDigits(search) } : {}) }) : null);
  if (!valid) return <Card title={t('route.allocatedCandidates')}>{t('centreScreen.chooseSitting')}</Card>;
  return (
    <Card title={t('route.allocatedCandidates')} data-testid="allocated-candidates">
      {sitting.data ? (
        <Typography.Paragraph strong>
          {formatDigits(sitting.data.advertisementCode, language)} · {paperName(sitting.data, language)} · {sittingTime(sitting.data, language)} <StatusTag status={sitting.data.status} />
        </Typography.Paragraph>
      ) : null}
      <Input.Search allowClear placeholder={t('centreScreen.searchCandidate')} onSearch={(value) => { setSearch(value.trim()); setPage(1); }} style={{ width: 260, marginBottom: 12 }} data-testid="candidate-search" />
      <ErrorAlert message={list.error?.message ?? sitting.error?.message} />
      <Table<CandidateRow>
        rowKey="applicationId"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.items ?? []}
        scroll={{ x: true }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          { title: t('centreScreen.roll'), key: 'roll', render: (_, row) => formatDigits(row.rollNumber, language) },
          { title: t('centreScreen.name'), key: 'name', render: (_, row) => name(row, language) },
          { title: t('centreScreen.city'), key: 'city', render: (_, row) => (language === 'ne' ? row.cityNp : row.cityEn) },
          { title: t('centreScreen.centre'), key: 'venue', render: (_, row) => (language === 'ne' ? row.venueNp : row.venueEn) },
          { title: t('centreScreen.room'), key: 'room', render: (_, row) => (row.roomNumber ? formatDigits(row.roomNumber, language) : '—') },
          { title: t('centreScreen.seat'), key: 'seat', render: (_, row) => number(row.seatNumber, language) },
        ]}
      />
    </Card>
  );
}

/** The report's rows (per sitting and centre), shared by the report and assigned-exam-center/{id}. */
function ReportTable({ filter }: { filter: { advertisementCode?: string; advertisementId?: number } }) {
  const { t, language } = useLanguage();
  const [page, setPage] = useState(1);
  useEffect(() => setPage(1), [filter.advertisementCode, filter.advertisementId]);
  const list = useApiQuery<{ items: ReportRow[]; total: number }>(reportPath({ page, pageSize: 50, ...filter }));
  return (
    <>
      <ErrorAlert message={list.error?.message} />
      <Table<ReportRow>
        rowKey={(row) => `${row.advertisementId}-${row.examPaperId}-${row.venueId}`}
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.items ?? []}
        scroll={{ x: true }}
        data-testid="allocation-report"
        pagination={{ current: page, pageSize: 50, total: list.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          { title: t('centreScreen.advertisement'), key: 'code', render: (_, row) => formatDigits(row.advertisementCode, language) },
          { title: t('centreScreen.paper'), key: 'paper', render: (_, row) => paperName(row, language) },
          { title: t('centreScreen.examTime'), key: 'time', render: (_, row) => sittingTime(row, language) },
          { title: t('centreScreen.city'), key: 'city', render: (_, row) => (language === 'ne' ? row.cityNp : row.cityEn) },
          { title: t('centreScreen.centre'), key: 'venue', render: (_, row) => (language === 'ne' ? row.venueNp : row.venueEn) },
          { title: t('centreScreen.capacity'), key: 'capacity', align: 'right', render: (_, row) => number(row.capacity, language) },
          { title: t('centreScreen.rollFrom'), key: 'from', render: (_, row) => formatDigits(row.rollFrom, language) },
          { title: t('centreScreen.rollTo'), key: 'to', render: (_, row) => formatDigits(row.rollTo, language) },
          { title: t('centreScreen.candidates'), key: 'candidates', align: 'right', render: (_, row) => number(row.candidates, language) },
          { title: t('centreScreen.state'), key: 'status', render: (_, row) => <StatusTag status={row.status} /> },
        ]}
      />
    </>
  );
}

/** exam-center-allocation/report: per advertisement, sitting and centre the ranges and counts. */
export function ExamCenterAllocationReportScreen() {
  const { t } = useLanguage();
  const { message } = App.useApp();
  const [code, setCode] = useState('');
  const [isDownloading, setIsDownloading] = useState(false);
  const download = async () => {
    setIsDownloading(true);
    try {
      const result = await downloadReport(code);
      if (!result.ok) void message.error(result.message);
      else saveFile(result.data, `exam-centre-allocation-${code.replace(/[^\w-]+/g, '-')}.xlsx`);
    } finally {
      setIsDownloading(false);
    }
  };
  return (
    <Card title={t('route.examCenterAllocationReport')} data-testid="exam-center-allocation-report">
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search allowClear placeholder={t('centreScreen.chooseAdvertisementCode')} onSearch={(value) => setCode(toLatinDigits(value.trim()))} style={{ width: 260 }} />
        {code ? (
          <Button onClick={() => void download()} loading={isDownloading} data-testid="report-excel">
            {t('centreScreen.exportExcel')}
          </Button>
        ) : null}
      </Space>
      <ReportTable filter={code ? { advertisementCode: code } : {}} />
    </Card>
  );
}

/** exam-center-allocation/history: who saved, finalised, reverted, completed or removed what, when. */
export function ExamCenterAllocationHistoryScreen() {
  const { t, language } = useLanguage();
  const [page, setPage] = useState(1);
  const list = useApiQuery<{ items: HistoryRow[]; total: number }>(historyPath({ page, pageSize: PAGE_SIZE }));
  return (
    <Card title={t('route.examCenterAllocationHistory')} data-testid="exam-center-allocation-history">
      <ErrorAlert message={list.error?.message} />
      <Table<HistoryRow>
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.items ?? []}
        scroll={{ x: true }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          { title: t('centreScreen.when'), key: 'at', render: (_, row) => `${formatBsDate(adToBs(new Date(row.at).toLocaleDateString('en-CA', { timeZone: 'Asia/Kathmandu' })), language, 'long')} ${formatDigits(new Date(row.at).toLocaleTimeString('en-GB', { timeZone: 'Asia/Kathmandu', hour: '2-digit', minute: '2-digit' }), language)}` },
          { title: t('centreScreen.who'), key: 'who', render: (_, row) => row.actorName ?? row.username ?? '—' },
          { title: t('centreScreen.action'), key: 'action', render: (_, row) => t(`centreScreen.action.${row.action}` as TextKey) },
          { title: t('centreScreen.advertisement'), key: 'code', render: (_, row) => (row.advertisementCode ? formatDigits(row.advertisementCode, language) : '—') },
          { title: t('centreScreen.paper'), key: 'paper', render: (_, row) => row.paper ?? '—' },
          { title: t('centreScreen.centres'), key: 'centres', align: 'right', render: (_, row) => number(row.centres, language) },
          { title: t('centreScreen.candidates'), key: 'candidates', align: 'right', render: (_, row) => number(row.candidates, language) },
        ]}
      />
    </Card>
  );
}

/** assign-exam-center: the advertisements with allocated centres. */
export function AssignExamCenterScreen() {
  const { t, language } = useLanguage();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const list = useApiQuery<{ items: AdvertisementRow[]; total: number }>(advertisementsPath({ page, pageSize: PAGE_SIZE, ...(search ? { search } : {}) }));
  return (
    <Card title={t('route.assignExamCenter')} data-testid="assign-exam-center">
      <Input.Search allowClear placeholder={t('centreScreen.search')} onSearch={(value) => { setSearch(toLatinDigits(value.trim())); setPage(1); }} style={{ width: 260, marginBottom: 12 }} />
      <ErrorAlert message={list.error?.message} />
      <Table<AdvertisementRow>
        rowKey="advertisementId"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.items ?? []}
        scroll={{ x: true }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          { title: t('centreScreen.advertisement'), key: 'code', render: (_, row) => formatDigits(row.advertisementCode, language) },
          { title: t('centreScreen.post'), key: 'post', render: (_, row) => postName(row, language) },
          { title: t('centreScreen.firstExam'), key: 'first', render: (_, row) => sittingTime({ examDate: row.firstExamDate }, language) },
          { title: t('centreScreen.sittings'), key: 'sittings', align: 'right', render: (_, row) => number(row.sittings, language) },
          { title: t('centreScreen.finalSittings'), key: 'final', align: 'right', render: (_, row) => number(row.finalSittings, language) },
          { title: t('centreScreen.centres'), key: 'centres', align: 'right', render: (_, row) => number(row.centres, language) },
          { title: '', key: 'open', render: (_, row) => <Link to={`/admin/assigned-exam-center/${row.advertisementId}`}>{t('centreScreen.open')}</Link> },
        ]}
      />
    </Card>
  );
}

/** assigned-exam-center/{id}: one advertisement's centres with their ranges, per sitting. */
export function AssignedExamCenterScreen() {
  const { t } = useLanguage();
  const advertisementId = Number(useParams().id);
  return (
    <Card title={t('route.assignedExamCenter')} data-testid="assigned-exam-center">
      {advertisementId > 0 ? <ReportTable filter={{ advertisementId }} /> : t('centreScreen.none')}
    </Card>
  );
}
