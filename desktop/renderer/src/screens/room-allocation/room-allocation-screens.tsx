import { formatDigits } from '@psc/core';
import { Alert, App, Button, Card, Input, Popconfirm, Select, Space, Table, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ErrorAlert } from '../../components/error-alert';
import {
  bilingual,
  finaliseRooms,
  finaliseSittingRooms,
  forwardRooms,
  RangeHeading,
  rangePath,
  rangesPath,
  revertRooms,
  saveRooms,
  saveSittingDefaultSplit,
  SeatingStatusTag,
  sittingCentreColumns,
  sittingTime,
  type RangeListRow,
  type RangeRooms,
  type SeatingStatus,
  type SittingRoomsAnswer,
} from '../../components/seating';
import { useApiQuery } from '../../hooks/use-api-query';
import { useLanguage } from '../../i18n/use-language';
import { useActions } from '../../stores/session-store';

// spec §2 room-allocation, exam-center-rooms/{id}/{approvedCount}, assign-rooms/{id}/{examStatus}
// [PEC]; §4 "Room and invigilator allocation: temporary save, revert, forward or final save".
// A centre's roll range (a sitting's candidates at one exam centre) is split across its rooms;
// the rules (seats, contiguous, covering the range) are the API's, and its refusal is shown.

/**
 * room-allocation: every centre's range of the final centre allocations, with its states. A
 * sitting chosen narrows the list to its centres and offers its sitting-wide steps.
 */
export function RoomAllocationScreen() {
  const { t, language } = useLanguage();
  const [status, setStatus] = useState<SeatingStatus | undefined>(undefined);
  const [allocationId, setAllocationId] = useState<number | undefined>(undefined);
  const list = useApiQuery<{ items: RangeListRow[] }>(rangesPath(status));
  const items = useMemo(() => list.data?.items ?? [], [list.data]);
  // The sittings of the ranges listed (a centre allocation is one sitting), in the list's order.
  const sittings = useMemo(() => [...new Map(items.map((row) => [row.allocationId, row])).values()], [items]);
  return (
    <Card title={t('route.roomAllocation')} data-testid="room-allocation">
      <Space style={{ marginBottom: 12 }} wrap>
        <Typography.Text>{t('seating.filterStatus')}</Typography.Text>
        <Select<SeatingStatus | 'all'>
          aria-label={t('seating.filterStatus')}
          value={status ?? 'all'}
          style={{ width: 220 }}
          onChange={(value) => setStatus(value === 'all' ? undefined : value)}
          data-testid="range-status-filter"
          options={[{ value: 'all', label: t('seating.all') }, ...(['pending', 'temporary', 'forwarded', 'final'] as const).map((value) => ({ value, label: t(`seating.status.${value}`) }))]}
        />
        <Typography.Text>{t('seating.sittingChoose')}</Typography.Text>
        <Select<number>
          value={allocationId}
          allowClear
          placeholder={t('seating.sittingChoosePlaceholder')}
          aria-label={t('seating.sittingChoosePlaceholder')}
          style={{ width: 480 }}
          onChange={(value) => setAllocationId(value)}
          data-testid="sitting-select"
          options={sittings.map((row) => ({
            value: row.allocationId,
            label: `${formatDigits(row.advertisementCode, language)} · ${bilingual(language, row.paperNameEn, row.paperNameNp)} · ${sittingTime(row, language)}`,
          }))}
        />
      </Space>
      {allocationId !== undefined ? <SittingRoomSteps allocationId={allocationId} ranges={items.filter((row) => row.allocationId === allocationId)} onDone={() => void list.reload()} /> : null}
      <ErrorAlert message={list.error?.message} />
      <Table<RangeListRow>
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={allocationId === undefined ? items : items.filter((row) => row.allocationId === allocationId)}
        locale={{ emptyText: t('seating.noRanges') }}
        scroll={{ x: true }}
        pagination={{ pageSize: 50, showSizeChanger: false }}
        data-testid="range-list"
        columns={[
          ...sittingCentreColumns<RangeListRow>(t, language),
          { title: t('seating.rollRange'), key: 'rolls', render: (_, row) => formatDigits(`${row.rollFrom} - ${row.rollTo}`, language) },
          { title: t('seating.candidates'), key: 'n', align: 'right', render: (_, row) => formatDigits(row.candidates, language) },
          { title: t('seating.seats'), key: 'seats', align: 'right', render: (_, row) => formatDigits(`${row.seats} (${row.rooms})`, language) },
          { title: t('seating.roomStatus'), key: 'rooms', render: (_, row) => <SeatingStatusTag status={row.roomStatus} testId={`room-status-${row.id}`} /> },
          { title: t('seating.invigilatorStatus'), key: 'invigilators', render: (_, row) => <SeatingStatusTag status={row.invigilatorStatus} /> },
          {
            title: '',
            key: 'action',
            render: (_, row) => (
              <Space>
                <Link to={`/admin/assign-rooms/${row.id}/${row.roomStatus}`} data-testid={`assign-rooms-${row.id}`}>
                  {t('seating.assignRooms')}
                </Link>
                <Link to={`/admin/exam-center-rooms/${row.id}/${row.candidates}`}>{t('seating.viewRooms')}</Link>
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}

/**
 * A sitting's two steps over all its centres (spec §4 "temporary save ... final save"): the
 * suggested split saved for now at every centre still pending [create], and every centre saved or
 * forwarded made final [approve], each after a confirmation; the answer counts the centres saved
 * and left alone and lists those that could not be, with the API's reason.
 */
function SittingRoomSteps({ allocationId, ranges, onDone }: { allocationId: number; ranges: RangeListRow[]; onDone: () => void }) {
  const { t, language } = useLanguage();
  const { message } = App.useApp();
  const actions = useActions('PEC');
  const [isBusy, setIsBusy] = useState(false);
  const [answer, setAnswer] = useState<SittingRoomsAnswer | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  useEffect(() => {
    setAnswer(null);
    setRefusal(null);
  }, [allocationId]);
  const count = (state: SeatingStatus) => formatDigits(ranges.filter((row) => row.roomStatus === state).length, language);
  const run = async (step: () => ReturnType<typeof saveSittingDefaultSplit>) => {
    setIsBusy(true);
    const result = await step();
    setIsBusy(false);
    if (!result.ok) {
      setAnswer(null);
      setRefusal(result.message);
      void message.error(result.message);
      return;
    }
    setRefusal(null);
    setAnswer(result.data);
    void message.success(result.message);
    onDone();
  };
  return (
    <div style={{ marginBottom: 12 }} data-testid="sitting-steps">
      <Space wrap style={{ marginBottom: 8 }}>
        <Typography.Text type="secondary" data-testid="sitting-counts">
          {t('seating.sittingCounts', { pending: count('pending'), temporary: count('temporary'), forwarded: count('forwarded'), final: count('final') })}
        </Typography.Text>
        {actions.has('create') ? (
          <Popconfirm title={t('seating.sittingDefaultSplitConfirm')} okText={t('common.yes')} cancelText={t('common.no')} onConfirm={() => run(() => saveSittingDefaultSplit(allocationId))}>
            <Button type="primary" loading={isBusy} data-testid="sitting-default-split">
              {t('seating.sittingDefaultSplit')}
            </Button>
          </Popconfirm>
        ) : null}
        {actions.has('approve') ? (
          <Popconfirm title={t('seating.sittingFinalConfirm')} okText={t('common.yes')} cancelText={t('common.no')} onConfirm={() => run(() => finaliseSittingRooms(allocationId))}>
            <Button loading={isBusy} data-testid="sitting-final">
              {t('seating.sittingFinal')}
            </Button>
          </Popconfirm>
        ) : null}
      </Space>
      <ErrorAlert message={refusal} />
      {answer ? (
        <Alert
          type={answer.problems.length > 0 ? 'warning' : 'success'}
          showIcon
          data-testid="sitting-answer"
          title={t('seating.sittingAnswer', { saved: formatDigits(answer.saved, language), skipped: formatDigits(answer.skipped, language), problems: formatDigits(answer.problems.length, language) })}
          description={
            answer.problems.length > 0 ? (
              <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                {answer.problems.map((problem) => (
                  <li key={problem.rangeId} data-testid={`sitting-problem-${problem.rangeId}`}>
                    {bilingual(language, problem.venueNameEn, problem.venueNameNp)} ({formatDigits(`${problem.rollFrom} - ${problem.rollTo}`, language)}): {problem.message}
                  </li>
                ))}
              </ul>
            ) : undefined
          }
        />
      ) : null}
    </div>
  );
}

function useRangeId(): number {
  const { id } = useParams();
  return Number(id);
}

/** exam-center-rooms/{id}/{approvedCount}: the existing room allocation of one centre's range. */
export function ExamCenterRoomsScreen() {
  const { t, language } = useLanguage();
  const id = useRangeId();
  const detail = useApiQuery<RangeRooms>(rangePath(id));
  return (
    <Card title={t('route.examCenterRooms')} data-testid="exam-center-rooms">
      <ErrorAlert message={detail.error?.message} />
      {detail.data ? (
        <>
          <RangeHeading range={detail.data.range} />
          {detail.data.suggested ? <Alert type="info" showIcon title={t('seating.suggested')} style={{ marginBottom: 12 }} /> : null}
          <Table
            rowKey="roomId"
            size="small"
            pagination={false}
            dataSource={detail.data.rooms}
            columns={[
              { title: t('seating.room'), dataIndex: 'roomNumber', render: (value: string) => formatDigits(value, language) },
              { title: t('seating.floor'), dataIndex: 'floor' },
              { title: t('seating.seats'), key: 'seats', align: 'right', render: (_, row) => formatDigits(row.seats, language) },
              { title: t('seating.rollFrom'), key: 'from', render: (_, row) => (row.share ? formatDigits(row.share.rollFrom, language) : t('seating.notUsed')) },
              { title: t('seating.rollTo'), key: 'to', render: (_, row) => (row.share ? formatDigits(row.share.rollTo, language) : '') },
              { title: t('seating.candidates'), key: 'n', align: 'right', render: (_, row) => formatDigits(row.share?.candidates ?? 0, language) },
            ]}
          />
        </>
      ) : null}
    </Card>
  );
}

type Draft = Record<number, { rollFrom: string; rollTo: string }>;

/** assign-rooms/{id}/{examStatus}: split the range across the rooms, save, forward, make final or revert. */
export function AssignRoomsScreen() {
  const { t, language } = useLanguage();
  const { message } = App.useApp();
  const id = useRangeId();
  const actions = useActions('PEC');
  const detail = useApiQuery<RangeRooms>(rangePath(id));
  const [draft, setDraft] = useState<Draft>({});
  const [isBusy, setIsBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  useEffect(() => {
    if (!detail.data) return;
    // Shown in the user's digits; the API reads either script.
    setDraft(Object.fromEntries(detail.data.rooms.map((room) => [room.roomId, { rollFrom: room.share ? formatDigits(room.share.rollFrom, language) : '', rollTo: room.share ? formatDigits(room.share.rollTo, language) : '' }])));
  }, [detail.data, language]);

  const status = detail.data?.range.roomStatus;
  const editable = status === 'pending' || status === 'temporary';
  const run = async (action: () => Promise<{ ok: boolean; message: string }>) => {
    setIsBusy(true);
    const result = await action();
    setIsBusy(false);
    if (!result.ok) {
      setRefusal(result.message);
      void message.error(result.message);
      return;
    }
    setRefusal(null);
    void message.success(result.message);
    void detail.reload();
  };
  const shares = () =>
    Object.entries(draft)
      .filter(([, share]) => share.rollFrom.trim() !== '' || share.rollTo.trim() !== '')
      .map(([roomId, share]) => ({ roomId: Number(roomId), rollFrom: share.rollFrom.trim(), rollTo: share.rollTo.trim() }));

  return (
    <Card title={t('route.assignRooms')} data-testid="assign-rooms">
      <ErrorAlert message={detail.error?.message} />
      {detail.data ? (
        <>
          <RangeHeading range={detail.data.range} />
          {detail.data.suggested && !detail.data.problem ? <Alert type="info" showIcon title={t('seating.suggested')} style={{ marginBottom: 12 }} /> : null}
          <ErrorAlert message={refusal} />
          <Table
            rowKey="roomId"
            size="small"
            pagination={false}
            dataSource={detail.data.rooms}
            data-testid="room-shares"
            columns={[
              { title: t('seating.room'), dataIndex: 'roomNumber', render: (value: string) => formatDigits(value, language) },
              { title: t('seating.floor'), dataIndex: 'floor' },
              { title: t('seating.seats'), key: 'seats', align: 'right', render: (_, row) => formatDigits(row.seats, language) },
              ...(['rollFrom', 'rollTo'] as const).map((field) => ({
                title: t(field === 'rollFrom' ? 'seating.rollFrom' : 'seating.rollTo'),
                key: field,
                render: (_: unknown, row: RangeRooms['rooms'][number]) => (
                  <Input
                    value={draft[row.roomId]?.[field] ?? ''}
                    disabled={!editable || !actions.has('create')}
                    inputMode="numeric"
                    style={{ width: 160 }}
                    aria-label={`${t('seating.room')} ${row.roomNumber} ${t(field === 'rollFrom' ? 'seating.rollFrom' : 'seating.rollTo')}`}
                    data-testid={`share-${row.roomNumber}-${field}`}
                    onChange={(event) => setDraft((current) => ({ ...current, [row.roomId]: { ...(current[row.roomId] ?? { rollFrom: '', rollTo: '' }), [field]: event.target.value } }))}
                  />
                ),
              })),
              { title: t('seating.candidates'), key: 'n', align: 'right' as const, render: (_: unknown, row: RangeRooms['rooms'][number]) => formatDigits(row.share?.candidates ?? 0, language) },
            ]}
          />
          <Space style={{ marginTop: 16 }} wrap>
            {editable && actions.has('create') ? (
              <Button type="primary" loading={isBusy} onClick={() => void run(() => saveRooms(id, shares().length > 0 ? shares() : undefined))} data-testid="rooms-save">
                {t('seating.save')}
              </Button>
            ) : null}
            {status === 'temporary' && actions.has('create') ? (
              <Button loading={isBusy} onClick={() => void run(() => forwardRooms(id))} data-testid="rooms-forward">
                {t('seating.forward')}
              </Button>
            ) : null}
            {(status === 'temporary' || status === 'forwarded') && actions.has('approve') ? (
              <Popconfirm title={t('seating.finalRoomsConfirm')} okText={t('common.yes')} cancelText={t('common.no')} onConfirm={() => run(() => finaliseRooms(id))}>
                <Button type="primary" loading={isBusy} data-testid="rooms-final">
                  {t('seating.final')}
                </Button>
              </Popconfirm>
            ) : null}
            {status && status !== 'pending' && actions.has('delete') ? (
              <Popconfirm title={t('seating.revertRoomsConfirm')} okText={t('common.yes')} cancelText={t('common.no')} okButtonProps={{ danger: true }} onConfirm={() => run(() => revertRooms(id))}>
                <Button danger loading={isBusy} data-testid="rooms-revert">
                  {t('seating.revert')}
                </Button>
              </Popconfirm>
            ) : null}
          </Space>
        </>
      ) : null}
    </Card>
  );
}
