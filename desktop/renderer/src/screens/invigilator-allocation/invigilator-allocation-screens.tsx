import { formatDigits } from '@psc/core';
import { Alert, App, Button, Card, Popconfirm, Select, Space, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ErrorAlert } from '../../components/error-alert';
import {
  bilingual,
  candidatesPath,
  finaliseInvigilators,
  forwardInvigilators,
  invigilatorRangePath,
  invigilatorRangesPath,
  RangeHeading,
  revertInvigilators,
  saveInvigilators,
  SeatingStatusTag,
  sittingCentreColumns,
  type Invigilator,
  type InvigilatorPrefix,
  type RangeInvigilators,
  type RangeListRow,
  type SeatedCandidate,
  type SeatingRange,
} from '../../components/seating';
import { useApiQuery } from '../../hooks/use-api-query';
import { useLanguage, type TextKey } from '../../i18n/use-language';
import { useActions } from '../../stores/session-store';

// spec §2 invigilator-allocation, assign-invigilator/{id}/{examStatus}/{advCode} [PEC];
// allocate-invigilator/{id}, view-invigilator/{id}, view-candidate/{id} [ES]; §4 "Room and
// invigilator allocation: temporary save, revert, forward or final save". A centre whose rooms
// are final gets its chief and each room its invigilators; the clash with another sitting at an
// overlapping time is the API's refusal, shown as it words it.

/** invigilator-allocation: the centres' ranges whose rooms are final. */
export function InvigilatorAllocationScreen() {
  const { t, language } = useLanguage();
  // The examination section's own screens (view-invigilator, view-candidate) are offered to a holder of ES.
  const examSection = useActions('ES').has('read');
  const list = useApiQuery<{ items: RangeListRow[] }>(invigilatorRangesPath('invigilator-allocation'));
  return (
    <Card title={t('route.invigilatorAllocation')} data-testid="invigilator-allocation">
      <ErrorAlert message={list.error?.message} />
      <Table<RangeListRow>
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.items ?? []}
        locale={{ emptyText: t('seating.noRanges') }}
        scroll={{ x: true }}
        pagination={{ pageSize: 50, showSizeChanger: false }}
        data-testid="invigilator-range-list"
        columns={[
          ...sittingCentreColumns<RangeListRow>(t, language),
          { title: t('seating.candidates'), key: 'n', align: 'right', render: (_, row) => formatDigits(row.candidates, language) },
          { title: t('seating.invigilatorStatus'), key: 'status', render: (_, row) => <SeatingStatusTag status={row.invigilatorStatus} testId={`invigilator-status-${row.id}`} /> },
          {
            title: '',
            key: 'action',
            render: (_, row) => (
              <Space>
                <Link to={`/admin/assign-invigilator/${row.id}/${row.invigilatorStatus}/${encodeURIComponent(row.advertisementCode.replace('/', '-'))}`} data-testid={`assign-invigilators-${row.id}`}>
                  {t('seating.assignInvigilators')}
                </Link>
                {examSection ? <Link to={`/admin/view-invigilator/${row.id}`}>{t('route.viewInvigilator')}</Link> : null}
                {examSection ? <Link to={`/admin/view-candidate/${row.id}`}>{t('seating.viewCandidates')}</Link> : null}
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}

const useRangeId = () => Number(useParams().id);

/** The editor shared by assign-invigilator [PEC] and allocate-invigilator [ES], each through its own API prefix. */
function InvigilatorEditor({ prefix, code, titleKey }: { prefix: InvigilatorPrefix; code: 'PEC' | 'ES'; titleKey: TextKey }) {
  const { t, language } = useLanguage();
  const { message } = App.useApp();
  const id = useRangeId();
  const actions = useActions(code);
  const detail = useApiQuery<RangeInvigilators>(invigilatorRangePath(prefix, id));
  const [chief, setChief] = useState<number | null>(null);
  const [rooms, setRooms] = useState<Record<number, number[]>>({});
  const [isBusy, setIsBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  useEffect(() => {
    if (!detail.data) return;
    setChief(detail.data.assigned.find((row) => row.roomId === null)?.invigilatorId ?? null);
    const byRoom: Record<number, number[]> = {};
    for (const row of detail.data.assigned) if (row.roomId !== null) byRoom[row.roomId] = [...(byRoom[row.roomId] ?? []), row.invigilatorId];
    setRooms(byRoom);
  }, [detail.data]);

  const range = detail.data?.range;
  const status = range?.invigilatorStatus;
  const editable = range?.roomStatus === 'final' && (status === 'pending' || status === 'temporary') && actions.has('create');
  const chosen = new Set([...(chief ? [chief] : []), ...Object.values(rooms).flat()]);
  const option = (row: Invigilator, mine: boolean) => ({
    value: row.id,
    disabled: row.busy !== null || (chosen.has(row.id) && !mine),
    label: row.busy ? t('seating.busyAt', { name: bilingual(language, row.nameEn, row.nameNp), venue: bilingual(language, row.busy.venueEn, row.busy.venueNp), code: formatDigits(row.busy.code, language) }) : bilingual(language, row.nameEn, row.nameNp),
  });
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
  const entries = () => [...(chief ? [{ invigilatorId: chief, roomId: null }] : []), ...Object.entries(rooms).flatMap(([roomId, ids]) => ids.map((invigilatorId) => ({ invigilatorId, roomId: Number(roomId) })))];

  return (
    <Card title={t(titleKey)} data-testid="invigilator-editor">
      <ErrorAlert message={detail.error?.message} />
      {detail.data && range ? (
        <>
          <RangeHeading range={range} />
          {range.roomStatus !== 'final' ? <Alert type="warning" showIcon title={t('seating.roomsNotFinal')} style={{ marginBottom: 12 }} /> : null}
          <Typography.Paragraph type="secondary">{t('seating.perSeats', { seats: formatDigits(detail.data.seatsPerInvigilator, language) })}</Typography.Paragraph>
          <ErrorAlert message={refusal} />
          <Space style={{ marginBottom: 12 }}>
            <Typography.Text strong>{t('seating.chief')}</Typography.Text>
            <Select<number>
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              value={chief ?? undefined}
              disabled={!editable}
              placeholder={t('seating.chooseChief')}
              aria-label={t('seating.chooseChief')}
              style={{ width: 360 }}
              onChange={(value) => setChief(value ?? null)}
              options={detail.data.invigilators.filter((row) => row.isChief).map((row) => option(row, row.id === chief))}
              data-testid="chief-select"
            />
          </Space>
          <Table
            rowKey="roomId"
            size="small"
            pagination={false}
            dataSource={detail.data.rooms}
            data-testid="room-invigilators"
            columns={[
              { title: t('seating.room'), dataIndex: 'roomNumber', render: (value: string) => formatDigits(value, language) },
              { title: t('seating.rollRange'), key: 'rolls', render: (_, row) => formatDigits(`${row.rollFrom} - ${row.rollTo}`, language) },
              { title: t('seating.candidates'), key: 'n', align: 'right', render: (_, row) => formatDigits(row.candidates, language) },
              { title: t('seating.needed'), key: 'needed', align: 'right', render: (_, row) => formatDigits(row.invigilatorsNeeded, language) },
              {
                title: t('seating.invigilators'),
                key: 'who',
                render: (_, row) => (
                  <Select<number[]>
                    mode="multiple"
                    showSearch={{ optionFilterProp: 'label' }}
                    value={rooms[row.roomId] ?? []}
                    disabled={!editable}
                    placeholder={t('seating.chooseInvigilators')}
                    aria-label={`${t('seating.chooseInvigilators')}: ${t('seating.room')} ${formatDigits(row.roomNumber, language)}`}
                    style={{ minWidth: 320 }}
                    // A width, not false: false turns antd's virtual list off, and the plain list
                    // then scrolls in a box the keyboard cannot reach (WCAG 2.1 2.1.1); the
                    // virtual one scrolls with the arrow keys from the field.
                    popupMatchSelectWidth={320}
                    onChange={(value) => setRooms((current) => ({ ...current, [row.roomId]: value }))}
                    options={detail.data!.invigilators.filter((person) => !person.isChief).map((person) => option(person, (rooms[row.roomId] ?? []).includes(person.id)))}
                    data-testid={`room-invigilators-${row.roomNumber}`}
                  />
                ),
              },
            ]}
          />
          <Space style={{ marginTop: 16 }} wrap>
            {editable ? (
              <Button type="primary" loading={isBusy} onClick={() => void run(() => saveInvigilators(prefix, id, entries()))} data-testid="invigilators-save">
                {t('seating.save')}
              </Button>
            ) : null}
            {status === 'temporary' && actions.has('create') ? (
              <Button loading={isBusy} onClick={() => void run(() => forwardInvigilators(prefix, id))} data-testid="invigilators-forward">
                {t('seating.forward')}
              </Button>
            ) : null}
            {(status === 'temporary' || status === 'forwarded') && actions.has('approve') ? (
              <Popconfirm title={t('seating.finalInvigilatorsConfirm')} okText={t('common.yes')} cancelText={t('common.no')} onConfirm={() => run(() => finaliseInvigilators(prefix, id))}>
                <Button type="primary" loading={isBusy} data-testid="invigilators-final">
                  {t('seating.final')}
                </Button>
              </Popconfirm>
            ) : null}
            {status && status !== 'pending' && actions.has('delete') ? (
              <Popconfirm title={t('seating.revertInvigilatorsConfirm')} okText={t('common.yes')} cancelText={t('common.no')} okButtonProps={{ danger: true }} onConfirm={() => run(() => revertInvigilators(prefix, id))}>
                <Button danger loading={isBusy} data-testid="invigilators-revert">
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

/** assign-invigilator/{id}/{examStatus}/{advCode} [PEC]. */
export function AssignInvigilatorScreen() {
  return <InvigilatorEditor prefix="invigilator-allocation" code="PEC" titleKey="route.assignInvigilator" />;
}

/** allocate-invigilator/{id} [ES]. */
export function AllocateInvigilatorScreen() {
  return <InvigilatorEditor prefix="invigilator-duties" code="ES" titleKey="route.allocateInvigilator" />;
}

/** view-invigilator/{id} [ES]: who is on duty at the centre, by room. */
export function ViewInvigilatorScreen() {
  const { t, language } = useLanguage();
  const id = useRangeId();
  const detail = useApiQuery<RangeInvigilators>(invigilatorRangePath('invigilator-duties', id));
  const roomNumber = (roomId: number | null) => detail.data?.rooms.find((room) => room.roomId === roomId)?.roomNumber ?? '';
  return (
    <Card title={t('route.viewInvigilator')} data-testid="view-invigilator" extra={<Link to={`/admin/allocate-invigilator/${id}`}>{t('route.allocateInvigilator')}</Link>}>
      <ErrorAlert message={detail.error?.message} />
      {detail.data ? (
        <>
          <RangeHeading range={detail.data.range} />
          <Table
            rowKey="invigilatorId"
            size="small"
            pagination={false}
            dataSource={detail.data.assigned}
            locale={{ emptyText: t('seating.noInvigilators') }}
            columns={[
              { title: t('seating.duty'), key: 'duty', render: (_, row) => t(`seating.duty.${row.duty}`) },
              { title: t('seating.room'), key: 'room', render: (_, row) => formatDigits(roomNumber(row.roomId), language) },
              { title: t('seating.name'), key: 'name', render: (_, row) => bilingual(language, row.nameEn, row.nameNp) },
              { title: t('seating.post'), key: 'post', render: (_, row) => bilingual(language, row.postNameEn, row.postNameNp) },
              { title: t('seating.employeeNo'), key: 'no', render: (_, row) => formatDigits(row.employeeNo ?? '', language) },
            ]}
          />
        </>
      ) : null}
    </Card>
  );
}

const PAGE_SIZE = 100;

/** view-candidate/{id} [ES]: the range's candidates (or one room's) with their room and seat. */
export function ViewCandidateScreen() {
  const { t, language } = useLanguage();
  const id = useRangeId();
  const [roomId, setRoomId] = useState<number | undefined>(undefined);
  const [page, setPage] = useState(1);
  const rooms = useApiQuery<RangeInvigilators>(invigilatorRangePath('invigilator-duties', id));
  const list = useApiQuery<{ range: SeatingRange; total: number; items: SeatedCandidate[] }>(candidatesPath('invigilator-duties', id, roomId, page, PAGE_SIZE));
  return (
    <Card title={t('route.viewCandidate')} data-testid="view-candidate">
      <ErrorAlert message={list.error?.message} />
      {list.data ? <RangeHeading range={list.data.range} /> : null}
      <Space style={{ marginBottom: 12 }}>
        <Typography.Text>{t('seating.room')}</Typography.Text>
        <Select<number | 'all'>
          aria-label={t('seating.room')}
          value={roomId ?? 'all'}
          style={{ width: 200 }}
          onChange={(value) => {
            setRoomId(value === 'all' ? undefined : value);
            setPage(1);
          }}
          options={[{ value: 'all', label: t('seating.all') }, ...(rooms.data?.rooms ?? []).map((room) => ({ value: room.roomId, label: formatDigits(room.roomNumber, language) }))]}
          data-testid="candidate-room-filter"
        />
      </Space>
      <Table<SeatedCandidate>
        rowKey="applicationId"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.items ?? []}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        data-testid="candidate-list"
        columns={[
          { title: t('seating.rollRange'), key: 'roll', render: (_, row) => formatDigits(row.rollNumber, language) },
          { title: t('seating.name'), key: 'name', render: (_, row) => bilingual(language, row.nameEn, row.nameNp) },
          { title: t('seating.room'), key: 'room', render: (_, row) => (row.roomNumber ? formatDigits(row.roomNumber, language) : t('seating.noRoomYet')) },
          { title: t('seating.seat'), key: 'seat', render: (_, row) => (row.seatNumber ? formatDigits(row.seatNumber, language) : '') },
        ]}
      />
    </Card>
  );
}
