import { adToBs, formatAdDate, formatBsDate, formatDigits, toLatinDigits, type Language } from '@psc/core';
import { App, Button, Card, Checkbox, Input, Space, Table, Tabs, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { BsDatePicker } from '../../components/bs-date-picker';
import { ErrorAlert } from '../../components/error-alert';
import { RemarkModal, type RemarkDecision } from '../../components/remark-modal';
import { useApiQuery } from '../../hooks/use-api-query';
import { useLanguage, type TextKey } from '../../i18n/use-language';
import { useActions } from '../../stores/session-store';
import {
  addHoliday,
  decideSchedule,
  deleteHoliday,
  HOLIDAYS_PATH,
  reschedule,
  saveSchedule,
  schedulePath,
  schedulesPath,
  submitSchedule,
  type Holiday,
  type PaperInput,
  type Schedule,
  type SchedulePaper,
  type ScheduleRow,
  type ScheduleStatus,
} from './exam-schedule-api';

// spec §2 exam-scheduling with pending and completed, schedule-exam, approve-exam-schedule,
// approval-exam-schedule/{id} [ES]; §3 "Exam schedule": paper, subject, duration, exam date,
// start time; §4 "Exam scheduling: save, skip (bypass), review, re-schedule". The refusals
// (overlap, window, holiday, same approver) are the API's; the screens show its message.

const PAGE_SIZE = 20;

/** A day in both calendars: B.S. first (spec §1), the A.D. day beside. */
export function bothCalendars(ad: string | null, language: Language): string {
  if (!ad) return '—';
  return `${formatBsDate(adToBs(ad), language, 'long')} (${formatAdDate(ad, language, 'long')})`;
}

function StatusTag({ status }: { status: ScheduleStatus }) {
  const { t } = useLanguage();
  const color = { pending: 'default', review: 'blue', approved: 'green', 'sent-back': 'orange' }[status];
  return (
    <Tag color={color} data-testid="schedule-status">
      {t(`examScheduling.status.${status}` as TextKey)}
    </Tag>
  );
}

const postName = (row: { postNameEn: string | null; postNameNp: string | null }, language: Language) => (language === 'ne' ? row.postNameNp || row.postNameEn : row.postNameEn || row.postNameNp) ?? '—';

function ScheduleList({ state, action }: { state: 'pending' | 'completed' | 'review'; action: (row: ScheduleRow, reload: () => void) => React.ReactNode }) {
  const { t, language } = useLanguage();
  const [page, setPage] = useState(1);
  const list = useApiQuery<{ items: ScheduleRow[]; total: number }>(schedulesPath(state, page, PAGE_SIZE));
  return (
    <>
      <ErrorAlert message={list.error?.message} />
      <Table<ScheduleRow>
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.items ?? []}
        scroll={{ x: true }}
        data-testid={`schedules-${state}`}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          { title: t('examScheduling.advertisement'), key: 'code', render: (_, row) => formatDigits(row.code, language) },
          { title: t('examScheduling.post'), key: 'post', render: (_, row) => postName(row, language) },
          { title: t('examScheduling.approvedApplicants'), key: 'n', align: 'right', render: (_, row) => formatDigits(row.approvedApplicants, language) },
          { title: t('examScheduling.firstExamDate'), key: 'first', render: (_, row) => bothCalendars(row.firstExamDate, language) },
          { title: t('examScheduling.state'), key: 'status', render: (_, row) => <StatusTag status={row.status} /> },
          { title: t('examScheduling.remark'), key: 'remark', render: (_, row) => row.remark ?? '' },
          { title: '', key: 'action', render: (_, row) => action(row, () => void list.reload()) },
        ]}
      />
    </>
  );
}

/** exam-scheduling (with pending and completed): the advertisements whose scrutiny is finalised. */
export function ExamSchedulingScreen() {
  const { t, language } = useLanguage();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const actions = useActions('ES');
  const [decision, setDecision] = useState<RemarkDecision | null>(null);
  const tab = location.pathname.endsWith('/completed') ? 'completed' : 'pending';
  const askReschedule = (row: ScheduleRow, reload: () => void) =>
    setDecision({
      title: t('examScheduling.reschedule'),
      question: t('examScheduling.rescheduleQuestion', { code: formatDigits(row.code, language) }),
      okText: t('examScheduling.reschedule'),
      danger: true,
      onConfirm: async (remark) => {
        const result = await reschedule(row.id, remark);
        if (!result.ok) {
          void message.error(result.message);
          return false;
        }
        void message.success(result.message);
        reload();
        return true;
      },
    });
  return (
    <Card title={t('route.examScheduling')} data-testid="exam-scheduling">
      <Tabs
        activeKey={tab}
        onChange={(key) => void navigate(`/admin/exam-scheduling/${key}`)}
        items={[
          {
            key: 'pending',
            label: t('examScheduling.pending'),
            children: (
              <ScheduleList
                state="pending"
                action={(row) =>
                  actions.has('create') && row.status !== 'review' ? (
                    <Link to={`/admin/schedule-exam?advertisementId=${row.id}`} data-testid={`schedule-${row.id}`}>
                      {t('examScheduling.schedule')}
                    </Link>
                  ) : (
                    <Link to={`/admin/schedule-exam?advertisementId=${row.id}`}>{t('examScheduling.open')}</Link>
                  )
                }
              />
            ),
          },
          {
            key: 'completed',
            label: t('examScheduling.completed'),
            children: (
              <ScheduleList
                state="completed"
                action={(row, reload) => (
                  <Space>
                    <Link to={`/admin/schedule-exam?advertisementId=${row.id}`}>{t('examScheduling.open')}</Link>
                    {actions.has('update') ? (
                      <Button size="small" danger onClick={() => askReschedule(row, reload)} data-testid={`reschedule-${row.id}`}>
                        {t('examScheduling.reschedule')}
                      </Button>
                    ) : null}
                  </Space>
                )}
              />
            ),
          },
        ]}
      />
      <HolidayList />
      <RemarkModal decision={decision} onClose={() => setDecision(null)} />
    </Card>
  );
}

/** The public holidays (master data [MC]): shown to a holder of MC, who may add and delete. */
function HolidayList() {
  const { t, language } = useLanguage();
  const { message } = App.useApp();
  const actions = useActions('MC');
  const list = useApiQuery<{ items: Holiday[] }>(actions.has('read') ? HOLIDAYS_PATH : null);
  const [day, setDay] = useState<Dayjs | null>(null);
  const [nameEn, setNameEn] = useState('');
  const [nameNp, setNameNp] = useState('');
  if (!actions.has('read')) return null;
  const add = async () => {
    const result = await addHoliday({ holidayDate: day ? day.format('YYYY-MM-DD') : '', nameEn, nameNp });
    if (!result.ok) {
      void message.error(result.message);
      return;
    }
    void message.success(result.message);
    setDay(null);
    setNameEn('');
    setNameNp('');
    void list.reload();
  };
  const remove = async (id: number) => {
    const result = await deleteHoliday(id);
    if (!result.ok) void message.error(result.message);
    else void list.reload();
  };
  return (
    <Card size="small" type="inner" title={t('examScheduling.holidayList')} style={{ marginTop: 16 }} data-testid="public-holidays">
      <ErrorAlert message={list.error?.message} />
      <Table<Holiday>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={list.data?.items ?? []}
        columns={[
          { title: t('examScheduling.holidayDate'), key: 'date', render: (_, row) => bothCalendars(row.holidayDate, language) },
          { title: t('examScheduling.holidayNameNp'), dataIndex: 'nameNp' },
          { title: t('examScheduling.holidayName'), dataIndex: 'nameEn' },
          {
            title: '',
            key: 'delete',
            render: (_, row) =>
              actions.has('delete') ? (
                <Button size="small" danger onClick={() => void remove(row.id)}>
                  {t('examScheduling.delete')}
                </Button>
              ) : null,
          },
        ]}
      />
      {actions.has('create') ? (
        <Space wrap style={{ marginTop: 8 }}>
          <BsDatePicker aria-label={t('examScheduling.holidayDate')} value={day} onChange={setDay} testId="holiday-date" />
          <Input placeholder={t('examScheduling.holidayNameNp')} value={nameNp} onChange={(event) => setNameNp(event.target.value)} style={{ width: 180 }} />
          <Input placeholder={t('examScheduling.holidayName')} value={nameEn} onChange={(event) => setNameEn(event.target.value)} style={{ width: 180 }} />
          <Button onClick={() => void add()} data-testid="holiday-add">
            {t('examScheduling.addHoliday')}
          </Button>
        </Space>
      ) : null}
    </Card>
  );
}

type Draft = { examDate: Dayjs | null; startTime: string; durationMinutes: string; skipped: boolean; skipReason: string };

const draftOf = (paper: SchedulePaper, language: Language): Draft => ({
  examDate: paper.examDate ? dayjs(paper.examDate) : null,
  startTime: formatDigits(paper.startTime ?? '', language),
  durationMinutes: formatDigits(paper.durationMinutes ?? paper.paperDurationMinutes, language),
  skipped: paper.skipped,
  skipReason: paper.skipReason ?? '',
});

function ScheduleHeader({ schedule }: { schedule: Schedule }) {
  const { t, language } = useLanguage();
  return (
    <Space direction="vertical" size={4} style={{ marginBottom: 12 }}>
      <Typography.Text strong>
        {formatDigits(schedule.advertisement.code, language)} · {postName(schedule.advertisement, language)} <StatusTag status={schedule.status} />
      </Typography.Text>
      <Typography.Text data-testid="exam-window">{t('examScheduling.window', { first: bothCalendars(schedule.window.first, language), last: bothCalendars(schedule.window.last, language) })}</Typography.Text>
      <Typography.Text type="secondary">
        {schedule.holidays.length === 0
          ? t('examScheduling.noHolidays')
          : `${t('examScheduling.holidays')}: ${schedule.holidays.map((day) => `${bothCalendars(day.holidayDate, language)} ${language === 'ne' ? day.nameNp : day.nameEn}`).join('; ')}`}
      </Typography.Text>
      {schedule.schedule?.remark ? (
        <Typography.Text type={schedule.status === 'sent-back' ? 'warning' : 'secondary'} data-testid="schedule-remark">
          {t('examScheduling.remark')}: {schedule.schedule.remark}
        </Typography.Text>
      ) : null}
      {schedule.schedule?.submittedByName && schedule.status === 'review' ? (
        <Typography.Text type="secondary">{t('examScheduling.submittedBy', { name: schedule.schedule.submittedByName })}</Typography.Text>
      ) : null}
    </Space>
  );
}

/** schedule-exam?advertisementId=: each paper's date (B.S. picker), start time, duration, or skip. */
export function ScheduleExamScreen() {
  const { t, language } = useLanguage();
  const { message } = App.useApp();
  const [params] = useSearchParams();
  const advertisementId = Number(params.get('advertisementId'));
  const actions = useActions('ES');
  const answer = useApiQuery<Schedule>(advertisementId > 0 ? schedulePath(advertisementId) : null);
  const [drafts, setDrafts] = useState<Record<number, Draft>>({});
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  useEffect(() => {
    if (answer.data) setDrafts(Object.fromEntries(answer.data.papers.map((paper) => [paper.examPaperId, draftOf(paper, language)])));
  }, [answer.data, language]);
  if (!(advertisementId > 0)) return <Card title={t('route.scheduleExam')}>{t('examScheduling.chooseAdvertisement')}</Card>;
  const schedule = answer.data;
  const editable = actions.has('create') && schedule !== null && (schedule.status === 'pending' || schedule.status === 'sent-back');
  const change = (paperId: number, patch: Partial<Draft>) => setDrafts((current) => ({ ...current, [paperId]: { ...current[paperId]!, ...patch } }));

  const inputs = (): PaperInput[] | null => {
    const rows: PaperInput[] = [];
    for (const paper of schedule?.papers ?? []) {
      const draft = drafts[paper.examPaperId];
      if (!draft) continue;
      if (draft.skipped) rows.push({ examPaperId: paper.examPaperId, skipped: true, skipReason: draft.skipReason });
      else if (draft.examDate) rows.push({ examPaperId: paper.examPaperId, skipped: false, examDate: draft.examDate.format('YYYY-MM-DD'), startTime: toLatinDigits(draft.startTime.trim()), durationMinutes: toLatinDigits(draft.durationMinutes.trim()) });
      else if (draft.startTime.trim() !== '') {
        setError(`${language === 'ne' ? paper.subjectNameNp : paper.subjectNameEn}: ${t('examScheduling.dateRequired')}`);
        return null;
      }
    }
    return rows;
  };

  const save = async (andSubmit: boolean) => {
    setError(null);
    const rows = inputs();
    if (rows === null) return;
    setIsBusy(true);
    try {
      if (rows.length > 0) {
        const saved = await saveSchedule(advertisementId, rows);
        if (!saved.ok) {
          setError(saved.message);
          return;
        }
        if (!andSubmit) void message.success(saved.message);
      }
      if (andSubmit) {
        const submitted = await submitSchedule(advertisementId);
        if (!submitted.ok) {
          setError(submitted.message);
          return;
        }
        void message.success(submitted.message);
      }
      void answer.reload();
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <Card title={t('route.scheduleExam')} data-testid="schedule-exam">
      <ErrorAlert message={answer.error?.message} />
      {schedule ? (
        <>
          <ScheduleHeader schedule={schedule} />
          <ErrorAlert message={error} />
          <Table<SchedulePaper>
            rowKey="examPaperId"
            size="small"
            pagination={false}
            dataSource={schedule.papers}
            scroll={{ x: true }}
            columns={[
              { title: t('examScheduling.paper'), key: 'paper', render: (_, paper) => `${formatDigits(paper.paperOrder, language)}. ${language === 'ne' ? paper.subjectNameNp : paper.subjectNameEn}` },
              {
                title: t('examScheduling.date'),
                key: 'date',
                render: (_, paper) => {
                  const draft = drafts[paper.examPaperId];
                  if (!draft || draft.skipped) return '—';
                  return (
                    <BsDatePicker
                      aria-label={`${t('examScheduling.date')}: ${language === 'ne' ? paper.subjectNameNp : paper.subjectNameEn}`}
                      value={draft.examDate}
                      onChange={(value) => change(paper.examPaperId, { examDate: value })}
                      disabled={!editable}
                      testId={`paper-date-${paper.paperOrder}`}
                      disabledDate={(day) => {
                        const text = day.format('YYYY-MM-DD');
                        return text < schedule.window.first || text > schedule.window.last || schedule.holidays.some((holiday) => holiday.holidayDate === text);
                      }}
                    />
                  );
                },
              },
              {
                title: t('examScheduling.startTime'),
                key: 'time',
                render: (_, paper) => {
                  const draft = drafts[paper.examPaperId];
                  if (!draft || draft.skipped) return '—';
                  return <Input value={draft.startTime} placeholder="११:००" inputMode="numeric" style={{ width: 90 }} disabled={!editable} onChange={(event) => change(paper.examPaperId, { startTime: event.target.value })} data-testid={`paper-time-${paper.paperOrder}`} />;
                },
              },
              {
                title: t('examScheduling.duration'),
                key: 'duration',
                render: (_, paper) => {
                  const draft = drafts[paper.examPaperId];
                  if (!draft || draft.skipped) return '—';
                  return <Input aria-label={`${t('examScheduling.duration')}: ${language === 'ne' ? paper.subjectNameNp : paper.subjectNameEn}`} value={draft.durationMinutes} inputMode="numeric" style={{ width: 80 }} disabled={!editable} onChange={(event) => change(paper.examPaperId, { durationMinutes: event.target.value })} data-testid={`paper-duration-${paper.paperOrder}`} />;
                },
              },
              {
                title: t('examScheduling.skip'),
                key: 'skip',
                render: (_, paper) => {
                  const draft = drafts[paper.examPaperId];
                  if (!draft) return null;
                  return (
                    <Space direction="vertical" size={2}>
                      <Checkbox checked={draft.skipped} disabled={!editable} onChange={(event) => change(paper.examPaperId, { skipped: event.target.checked })} data-testid={`paper-skip-${paper.paperOrder}`}>
                        {t('examScheduling.skip')}
                      </Checkbox>
                      {draft.skipped ? (
                        <Input placeholder={t('examScheduling.skipReason')} value={draft.skipReason} disabled={!editable} onChange={(event) => change(paper.examPaperId, { skipReason: event.target.value })} data-testid={`paper-skip-reason-${paper.paperOrder}`} />
                      ) : null}
                    </Space>
                  );
                },
              },
            ]}
          />
          {editable ? (
            <Space style={{ marginTop: 12 }}>
              <Button onClick={() => void save(false)} loading={isBusy} data-testid="schedule-save">
                {t('examScheduling.save')}
              </Button>
              <Button type="primary" onClick={() => void save(true)} loading={isBusy} data-testid="schedule-submit">
                {t('examScheduling.submit')}
              </Button>
            </Space>
          ) : null}
        </>
      ) : null}
    </Card>
  );
}

/** approve-exam-schedule: the schedules waiting for a second officer's approval. */
export function ApproveExamScheduleScreen() {
  const { t } = useLanguage();
  return (
    <Card title={t('route.approveExamSchedule')} data-testid="approve-exam-schedule">
      <ScheduleList
        state="review"
        action={(row) => (
          <Link to={`/admin/approval-exam-schedule/${row.id}`} data-testid={`approval-${row.id}`}>
            {t('examScheduling.open')}
          </Link>
        )}
      />
    </Card>
  );
}

/** approval-exam-schedule/{id}: one schedule to approve or send back with a remark. */
export function ApprovalExamScheduleScreen() {
  const { t, language } = useLanguage();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const advertisementId = Number(useParams().id);
  const actions = useActions('ES');
  const answer = useApiQuery<Schedule>(advertisementId > 0 ? schedulePath(advertisementId) : null);
  const [decision, setDecision] = useState<RemarkDecision | null>(null);
  const schedule = answer.data;
  const ask = (kind: 'approve' | 'send-back') =>
    schedule &&
    setDecision({
      title: t(kind === 'approve' ? 'examScheduling.approve' : 'examScheduling.sendBack'),
      question: t(kind === 'approve' ? 'examScheduling.approveQuestion' : 'examScheduling.sendBackQuestion', { code: formatDigits(schedule.advertisement.code, language) }),
      okText: t(kind === 'approve' ? 'examScheduling.approve' : 'examScheduling.sendBack'),
      danger: kind === 'send-back',
      onConfirm: async (remark) => {
        const result = await decideSchedule(advertisementId, kind, remark);
        if (!result.ok) {
          void message.error(result.message);
          return false;
        }
        void message.success(result.message);
        void navigate('/admin/approve-exam-schedule');
        return true;
      },
    });
  return (
    <Card title={t('route.approvalExamSchedule')} data-testid="approval-exam-schedule">
      <ErrorAlert message={answer.error?.message} />
      {schedule ? (
        <>
          <ScheduleHeader schedule={schedule} />
          <Table<SchedulePaper>
            rowKey="examPaperId"
            size="small"
            pagination={false}
            dataSource={schedule.papers}
            scroll={{ x: true }}
            columns={[
              { title: t('examScheduling.paper'), key: 'paper', render: (_, paper) => `${formatDigits(paper.paperOrder, language)}. ${language === 'ne' ? paper.subjectNameNp : paper.subjectNameEn}` },
              { title: t('examScheduling.date'), key: 'date', render: (_, paper) => (paper.skipped ? t('examScheduling.skipped', { reason: paper.skipReason ?? '' }) : bothCalendars(paper.examDate, language)) },
              { title: t('examScheduling.startTime'), key: 'time', render: (_, paper) => formatDigits(paper.startTime ?? '—', language) },
              { title: t('examScheduling.duration'), key: 'duration', render: (_, paper) => (paper.skipped ? '—' : t('examScheduling.minutes', { minutes: formatDigits(paper.durationMinutes ?? 0, language) })) },
            ]}
          />
          {schedule.status === 'review' && actions.has('approve') ? (
            <Space style={{ marginTop: 12 }}>
              <Button type="primary" onClick={() => ask('approve')} data-testid="schedule-approve">
                {t('examScheduling.approve')}
              </Button>
              <Button danger onClick={() => ask('send-back')} data-testid="schedule-send-back">
                {t('examScheduling.sendBack')}
              </Button>
            </Space>
          ) : null}
        </>
      ) : null}
      <RemarkModal decision={decision} onClose={() => setDecision(null)} />
    </Card>
  );
}
