import { formatNumber } from '@psc/core';
import { Alert, App, Button, Card, Form, Radio, Select, Space, Table, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { ApiFailure } from '../../api/api-client';
import { ErrorAlert } from '../../components/error-alert';
import { NumberInput } from '../../components/number-input';
import { useApiQuery } from '../../hooks/use-api-query';
import { useLanguage } from '../../i18n/use-language';
import { useActions } from '../../stores/session-store';
import { advertisementPath, officersPath, reallocate, switchOfficers, type OfficerWorkload, type ScrutinyAdvertisement } from './scrutiny-allocation-api';
import { AdvertisementHeading, AllocationLinks, FailureAlert, nameIn, officerLabel, officerLoadColumns, textColumn } from './scrutiny-allocation-parts';

// spec §2 re-allocation/{id} and scrutiny-reallocation/{id} [SA], §4 "Scrutiny allocation":
// reallocate an officer's unfinished applications to another officer (all or a count), and
// switch two officers' unfinished applications; each after a confirmation question.

/** The advertisement, its officers and their load: what both screens show above their form. */
function useAdvertisementOfficers(id: string) {
  const advertisement = useApiQuery<ScrutinyAdvertisement>(advertisementPath(id));
  const officers = useApiQuery<OfficerWorkload[]>(officersPath(id));
  return { advertisement, officers, reload: () => Promise.all([advertisement.reload(), officers.reload()]) };
}

function OfficerLoadTable({ officers, loading }: { officers: OfficerWorkload[]; loading: boolean }) {
  const { t, language } = useLanguage();
  return (
    <>
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('scrutinyAllocation.officersTitle')}
      </Typography.Title>
      <Table<OfficerWorkload>
        rowKey="id"
        size="small"
        loading={loading}
        dataSource={officers}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="officer-load"
        columns={[
          textColumn<OfficerWorkload>('officer', t('scrutinyAllocation.officer'), (row) => nameIn(row, language), language),
          textColumn<OfficerWorkload>('username', t('scrutinyAllocation.username'), (row) => row.username, language),
          ...officerLoadColumns(t, language),
        ]}
      />
    </>
  );
}

/** An officer picker: typing part of a name or user name finds them. */
function OfficerSelect({ officers, value, onChange, testId, label }: { officers: OfficerWorkload[]; value: number | null; onChange: (id: number | null) => void; testId: string; label: string }) {
  const { t, language } = useLanguage();
  return (
    <Select<number>
      showSearch={{ optionFilterProp: 'label' }}
      allowClear
      aria-label={label}
      data-testid={testId}
      style={{ width: 360 }}
      value={value ?? undefined}
      onChange={(next) => onChange(next ?? null)}
      options={officers.map((officer) => ({
        value: officer.id,
        label: t('scrutinyAllocation.officerOption', { name: officerLabel(officer, language), unfinished: formatNumber(officer.unfinished, language) }),
      }))}
    />
  );
}

type Loaded = ReturnType<typeof useAdvertisementOfficers>;

/**
 * What both moves show around their form: the advertisement's heading and links, the hint, and
 * the last move's result or refusal (test ids `${outcomeTestId}-result` and `-failure`).
 */
function MoveCard(props: {
  id: string;
  title: string;
  testId: string;
  hint: string;
  loaded: Pick<Loaded, 'advertisement' | 'officers'>;
  outcome: { done: string | null; failure: ApiFailure | null };
  outcomeTestId: string;
  children: ReactNode;
}) {
  const { t } = useLanguage();
  const { advertisement, officers } = props.loaded;
  return (
    <Card title={props.title} data-testid={props.testId} extra={<Link to="/admin/scrutiny-allocation">{t('scrutinyAllocation.back')}</Link>}>
      <ErrorAlert message={advertisement.error?.message ?? officers.error?.message} />
      {advertisement.data ? <AdvertisementHeading advertisement={advertisement.data} /> : null}
      <div style={{ marginBottom: 16 }}>
        <AllocationLinks id={props.id} />
      </div>
      <Typography.Paragraph type="secondary">{props.hint}</Typography.Paragraph>
      {props.outcome.done ? <Alert type="success" showIcon title={props.outcome.done} data-testid={`${props.outcomeTestId}-result`} style={{ marginBottom: 16 }} /> : null}
      <FailureAlert failure={props.outcome.failure} testId={`${props.outcomeTestId}-failure`} />
      {props.children}
    </Card>
  );
}

/** re-allocation/{id}: hand an officer's unfinished applications of the advertisement to another. */
export function ReAllocationScreen() {
  const { t, language } = useLanguage();
  const { modal } = App.useApp();
  const id = useParams().id ?? '';
  const canUpdate = useActions('SA').has('update');
  const { advertisement, officers, reload } = useAdvertisementOfficers(id);
  const [fromId, setFromId] = useState<number | null>(null);
  const [toId, setToId] = useState<number | null>(null);
  const [howMany, setHowMany] = useState<'all' | 'count'>('all');
  const [count, setCount] = useState<number | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<ApiFailure | null>(null);

  const rows = officers.data ?? [];
  const from = rows.find((officer) => officer.id === fromId) ?? null;
  const to = rows.find((officer) => officer.id === toId) ?? null;
  const sameOfficer = fromId !== null && fromId === toId;
  const countOver = howMany === 'count' && from !== null && count !== null && count > from.unfinished;
  const countMissing = howMany === 'count' && (count === null || !Number.isInteger(count) || count < 1);
  const canSend = canUpdate && from !== null && to !== null && !sameOfficer && from.unfinished > 0 && !countOver && !countMissing;

  function confirm() {
    if (!canSend || !from || !to) return;
    const what =
      howMany === 'all'
        ? t('scrutinyAllocation.allUnfinished', { unfinished: formatNumber(from.unfinished, language) })
        : t('scrutinyAllocation.someUnfinished', { applications: formatNumber(count!, language) });
    modal.confirm({
      title: t('scrutinyAllocation.confirmTitle'),
      content: <span data-testid="reallocation-confirmation">{t('scrutinyAllocation.confirmReallocate', { what, from: officerLabel(from, language), to: officerLabel(to, language) })}</span>,
      okText: t('scrutinyAllocation.reallocate'),
      cancelText: t('common.cancel'),
      okButtonProps: { 'data-testid': 'confirm-reallocation' },
      onOk: async () => {
        const answer = await reallocate(id, { fromOfficerId: from.id, toOfficerId: to.id, ...(howMany === 'count' ? { count: count! } : {}) });
        if (!answer.ok) {
          setFailure(answer);
          setDone(null);
          // Decisions or another allocator may have moved things meanwhile: show the load as it is now.
          await reload();
          return;
        }
        setFailure(null);
        setDone(t('scrutinyAllocation.reallocated', { applications: formatNumber(answer.data.reallocated, language), from: officerLabel(from, language), to: officerLabel(to, language) }));
        setCount(null);
        await reload();
      },
    });
  }

  return (
    <MoveCard id={id} title={t('route.reAllocation')} testId="re-allocation" hint={t('scrutinyAllocation.reallocateHint')} loaded={{ advertisement, officers }} outcome={{ done, failure }} outcomeTestId="reallocation">
      <Form layout="vertical" onFinish={confirm} disabled={!canUpdate}>
        <Space wrap align="start" size="large">
          <Form.Item label={t('scrutinyAllocation.fromOfficer')} required>
            <OfficerSelect officers={rows.filter((officer) => officer.unfinished > 0)} value={fromId} onChange={setFromId} testId="from-officer" label={t('scrutinyAllocation.fromOfficer')} />
          </Form.Item>
          <Form.Item
            label={t('scrutinyAllocation.toOfficer')}
            required
            validateStatus={sameOfficer ? 'error' : ''}
            help={sameOfficer ? t('scrutinyAllocation.sameOfficer') : undefined}
          >
            <OfficerSelect officers={rows} value={toId} onChange={setToId} testId="to-officer" label={t('scrutinyAllocation.toOfficer')} />
          </Form.Item>
        </Space>
        <Form.Item label={t('scrutinyAllocation.howMany')}>
          <Space wrap>
            <Radio.Group value={howMany} onChange={(event) => setHowMany(event.target.value as 'all' | 'count')} data-testid="how-many">
              <Radio value="all">{t('scrutinyAllocation.howMany.all')}</Radio>
              <Radio value="count">{t('scrutinyAllocation.howMany.count')}</Radio>
            </Radio.Group>
            <Form.Item
              noStyle={!countOver}
              validateStatus={countOver ? 'error' : ''}
              help={countOver && from ? t('scrutinyAllocation.countOver', { unfinished: formatNumber(from.unfinished, language) }) : undefined}
              style={{ marginBottom: 0 }}
            >
              <NumberInput
                min={1}
                precision={0}
                disabled={howMany !== 'count'}
                value={count}
                onChange={setCount}
                aria-label={t('scrutinyAllocation.howMany.count')}
                data-testid="reallocation-count"
                style={{ width: 140 }}
              />
            </Form.Item>
          </Space>
        </Form.Item>
        <Button type="primary" htmlType="submit" disabled={!canSend} data-testid="reallocate">
          {t('scrutinyAllocation.reallocate')}
        </Button>
      </Form>
      <OfficerLoadTable officers={rows} loading={officers.isLoading} />
    </MoveCard>
  );
}

/** scrutiny-reallocation/{id}: exchange two officers' unfinished applications of the advertisement. */
export function ScrutinySwitchScreen() {
  const { t, language } = useLanguage();
  const { modal } = App.useApp();
  const id = useParams().id ?? '';
  const canUpdate = useActions('SA').has('update');
  const { advertisement, officers, reload } = useAdvertisementOfficers(id);
  const [firstId, setFirstId] = useState<number | null>(null);
  const [otherId, setOtherId] = useState<number | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<ApiFailure | null>(null);

  const rows = officers.data ?? [];
  const first = rows.find((officer) => officer.id === firstId) ?? null;
  const other = rows.find((officer) => officer.id === otherId) ?? null;
  const sameOfficer = firstId !== null && firstId === otherId;
  const canSend = canUpdate && first !== null && other !== null && !sameOfficer && first.unfinished + other.unfinished > 0;

  function confirm() {
    if (!canSend || !first || !other) return;
    modal.confirm({
      title: t('scrutinyAllocation.confirmTitle'),
      content: (
        <span data-testid="switch-confirmation">
          {t('scrutinyAllocation.confirmSwitch', {
            first: officerLabel(first, language),
            firstCount: formatNumber(first.unfinished, language),
            other: officerLabel(other, language),
            otherCount: formatNumber(other.unfinished, language),
          })}
        </span>
      ),
      okText: t('scrutinyAllocation.switch'),
      cancelText: t('common.cancel'),
      okButtonProps: { 'data-testid': 'confirm-switch' },
      onOk: async () => {
        const answer = await switchOfficers(id, { officerId: first.id, otherOfficerId: other.id });
        if (!answer.ok) {
          setFailure(answer);
          setDone(null);
          // Decisions or another allocator may have moved things meanwhile: show the load as it is now.
          await reload();
          return;
        }
        setFailure(null);
        setDone(
          t('scrutinyAllocation.switched', {
            first: officerLabel(first, language),
            other: officerLabel(other, language),
            toOther: formatNumber(answer.data.movedToOther, language),
            toFirst: formatNumber(answer.data.movedToOfficer, language),
          }),
        );
        await reload();
      },
    });
  }

  return (
    <MoveCard
      id={id}
      title={`${t('route.scrutinyReallocation')}: ${t('scrutinyAllocation.toSwitch')}`}
      testId="scrutiny-switch"
      hint={t('scrutinyAllocation.switchHint')}
      loaded={{ advertisement, officers }}
      outcome={{ done, failure }}
      outcomeTestId="switch"
    >
      <Form layout="vertical" onFinish={confirm} disabled={!canUpdate}>
        <Space wrap align="start" size="large">
          <Form.Item label={t('scrutinyAllocation.firstOfficer')} required>
            <OfficerSelect officers={rows} value={firstId} onChange={setFirstId} testId="first-officer" label={t('scrutinyAllocation.firstOfficer')} />
          </Form.Item>
          <Form.Item
            label={t('scrutinyAllocation.otherOfficer')}
            required
            validateStatus={sameOfficer ? 'error' : ''}
            help={sameOfficer ? t('scrutinyAllocation.sameOfficer') : undefined}
          >
            <OfficerSelect officers={rows} value={otherId} onChange={setOtherId} testId="other-officer" label={t('scrutinyAllocation.otherOfficer')} />
          </Form.Item>
        </Space>
        <div>
          <Button type="primary" htmlType="submit" disabled={!canSend} data-testid="switch">
            {t('scrutinyAllocation.switch')}
          </Button>
        </div>
      </Form>
      <OfficerLoadTable officers={rows} loading={officers.isLoading} />
    </MoveCard>
  );
}
