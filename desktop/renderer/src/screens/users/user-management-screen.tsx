import { banSchema, profileLockSchema, toDevanagariDigits } from '@psc/core';
import { Alert, App, Button, Card, Col, Empty, Form, Input, Popconfirm, Row, Space, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { DualDate } from '../../components/dual-date';
import { BsDatePicker } from '../../components/bs-date-picker';
import { useLanguage, type TextKey } from '../../i18n/use-language';
import { callApi, query, toPaged } from '../../staff/staff-api';
import { useSessionStore } from '../../stores/session-store';
import { showFieldErrors } from '../../components/show-field-errors';

type CandidateRow = {
  id: number;
  userId?: number;
  masterId?: number;
  username?: string;
  email?: string;
  mobile?: string | null;
  citizenshipNumber?: string | null;
  fullNameEn?: string;
  fullNameNp?: string | null;
  isBlocked?: boolean;
  lockedUntil?: string | null;
  voucherLockedUntil?: string | null;
};

export type UserManagementFocus = 'all' | 'profileLock' | 'profileUnlock' | 'ban' | 'unban' | 'voucher';

type ActionSpec = {
  key: 'profile' | 'ban' | 'voucher';
  privilege: string;
  title: TextKey;
  path: (userId: number) => string;
  /** A ban may be open-ended; locks need an end date (spec §4). */
  untilRequired: boolean;
};

const ACTIONS: readonly ActionSpec[] = [
  { key: 'profile', privilege: 'UM', title: 'manage.profileLock', path: (id) => `/api/admin/candidates/${id}/profile-lock`, untilRequired: true },
  { key: 'ban', privilege: 'PM', title: 'manage.ban', path: (id) => `/api/admin/users/${id}/ban`, untilRequired: false },
  { key: 'voucher', privilege: 'VLU', title: 'manage.voucherLock', path: (id) => `/api/admin/candidates/${id}/voucher-lock`, untilRequired: true },
];

// spec §2 usermanagement [UM or VLU]: find a candidate (name, user name, e-mail, mobile,
// citizenship number, masterId), then lock or unlock the profile [UM], ban or unban [PM], lock
// or unlock the voucher [VLU], each with dates and a reason.
export function UserManagementScreen({ focus = 'all' }: { focus?: UserManagementFocus }) {
  const { t, language } = useLanguage();
  const held = useSessionStore((state) => state.heldPrivileges);
  const [results, setResults] = useState<CandidateRow[]>([]);
  const [selected, setSelected] = useState<CandidateRow | null>(null);
  const [isSearching, setIsSearching] = useState(false);
  const [searchError, setSearchError] = useState<string | null>(null);

  async function search(q: string) {
    if (!q.trim()) {
      setSearchError(t('manage.searchRequired'));
      return;
    }
    setIsSearching(true);
    const result = await callApi<unknown>(`/api/admin/candidates/search${query({ q: q.trim() })}`);
    setIsSearching(false);
    setSearchError(result.ok ? null : result.message);
    setResults(result.ok ? toPaged<CandidateRow>(result.data).items : []);
    setSelected(null);
  }

  const visible = ACTIONS.filter((action) => held.has(action.privilege)).filter((action) => {
    if (focus === 'profileLock' || focus === 'profileUnlock') return action.key === 'profile';
    if (focus === 'ban' || focus === 'unban') return action.key === 'ban';
    if (focus === 'voucher') return action.key === 'voucher';
    return true;
  });

  return (
    <Card title={t('route.userManagement')} data-testid="user-management-screen">
      <Input.Search
        data-testid="candidate-search"
        placeholder={t('manage.searchPlaceholder')}
        enterButton={t('manage.searchButton')}
        loading={isSearching}
        onSearch={(value) => void search(value)}
        style={{ maxWidth: 520, marginBottom: 16 }}
      />
      {searchError ? <Alert type="error" showIcon title={searchError} style={{ marginBottom: 16 }} /> : null}
      <Table
        size="small"
        rowKey="id"
        dataSource={results}
        pagination={{ pageSize: 10, showSizeChanger: false }}
        rowSelection={{ type: 'radio', selectedRowKeys: selected ? [selected.id] : [], onChange: (_, rows) => setSelected(rows[0] ?? null) }}
        onRow={(row) => ({ onClick: () => setSelected(row) })}
        columns={[
          { key: 'masterId', title: t('manage.masterId'), dataIndex: 'masterId' },
          { key: 'username', title: t('users.username'), dataIndex: 'username' },
          { key: 'name', title: t('users.name'), render: (_, row) => (language === 'ne' ? row.fullNameNp || row.fullNameEn : row.fullNameEn) },
          { key: 'email', title: t('users.email'), dataIndex: 'email' },
          { key: 'mobile', title: t('users.mobile'), dataIndex: 'mobile' },
          { key: 'citizenship', title: t('manage.citizenship'), dataIndex: 'citizenshipNumber' },
          {
            key: 'state',
            title: t('users.state'),
            render: (_, row) => (
              <Space wrap size={4}>
                {row.isBlocked ? <Tag color="red">{t('users.blocked')}</Tag> : null}
                {row.lockedUntil ? (
                  <Tag color="orange">
                    {t('manage.profileLockedUntil')} <DualDate value={row.lockedUntil} withTime={false} />
                  </Tag>
                ) : null}
                {row.voucherLockedUntil ? (
                  <Tag color="orange">
                    {t('manage.voucherLockedUntil')} <DualDate value={row.voucherLockedUntil} withTime={false} />
                  </Tag>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
      {selected ? (
        <Row gutter={16} style={{ marginTop: 16 }}>
          {visible.map((action) => (
            <Col xs={24} lg={8} key={action.key}>
              <ActionCard action={action} candidate={selected} onDone={() => void search(selected.username ?? String(selected.masterId ?? ''))} />
            </Col>
          ))}
        </Row>
      ) : (
        <Empty description={t('manage.pickCandidate')} style={{ marginTop: 16 }} />
      )}
    </Card>
  );
}

function ActionCard({ action, candidate, onDone }: { action: ActionSpec; candidate: CandidateRow; onDone: () => void }) {
  const { t, language } = useLanguage();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ from?: Dayjs; until?: Dayjs; reason?: string }>();
  const [isBusy, setIsBusy] = useState(false);
  const userId = candidate.userId ?? candidate.id;

  async function apply() {
    const values = form.getFieldsValue(true);
    const from = values.from?.format('YYYY-MM-DD');
    const until = values.until?.format('YYYY-MM-DD');
    // Locks name their dates lockedFromAd/lockedUntilAd, a ban from/until (as the API names them).
    const body = action.untilRequired
      ? { reason: values.reason ?? '', ...(from ? { lockedFromAd: from } : {}), ...(until ? { lockedUntilAd: until } : {}) }
      : { reason: values.reason ?? '', ...(from ? { from } : {}), ...(until ? { until } : {}) };
    const parsed = (action.untilRequired ? profileLockSchema : banSchema).safeParse(body);
    if (!parsed.success) {
      // The form's fields are from/until whichever the API calls them.
      const issues = parsed.error.issues.map((issue) => ({ ...issue, path: issue.path.map((part) => (part === 'lockedFromAd' ? 'from' : part === 'lockedUntilAd' ? 'until' : part)) }));
      showFieldErrors(form, t, issues);
      return;
    }
    setIsBusy(true);
    const result = await callApi(action.path(userId), { method: 'POST', body });
    setIsBusy(false);
    if (!result.ok) {
      showFieldErrors(form, t, result.errors);
      void message.error(result.message);
      return;
    }
    void message.success(result.message || t('master.saved'));
    form.resetFields();
    onDone();
  }

  async function lift() {
    setIsBusy(true);
    const result = await callApi(action.path(userId), { method: 'DELETE' });
    setIsBusy(false);
    if (!result.ok) {
      void message.error(result.message);
      return;
    }
    void message.success(result.message || t('master.saved'));
    onDone();
  }

  const from = Form.useWatch('from', form);
  const until = Form.useWatch('until', form);

  return (
    <Card size="small" title={t(action.title)} data-testid={`manage-${action.key}`}>
      <Form form={form} layout="vertical">
        {/* The picker writes the A.D. day beside the B.S. one; the line beneath says what empty means. */}
        <Form.Item name="from" label={t('manage.from')} extra={from ? null : t('manage.fromNow')}>
          <BsDatePicker testId={`manage-${action.key}-from`} />
        </Form.Item>
        <Form.Item
          name="until"
          label={t('manage.until')}
          required={action.untilRequired}
          extra={until || action.untilRequired ? null : t('manage.openEnded')}
        >
          <BsDatePicker testId={`manage-${action.key}-until`} />
        </Form.Item>
        <Form.Item name="reason" label={t('manage.reason')} required>
          <Input.TextArea rows={2} />
        </Form.Item>
      </Form>
      <Space>
        <Button type="primary" danger loading={isBusy} onClick={() => void apply()}>
          {t(action.key === 'ban' ? 'manage.applyBan' : 'manage.applyLock')}
        </Button>
        <Popconfirm title={t('manage.liftConfirm')} okText={t('common.yes')} cancelText={t('common.no')} onConfirm={() => lift()}>
          <Button loading={isBusy}>{t(action.key === 'ban' ? 'manage.liftBan' : 'manage.liftLock')}</Button>
        </Popconfirm>
      </Space>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0, fontSize: 12 }}>
        {t('manage.userId', { id: language === 'ne' ? toDevanagariDigits(String(userId)) : userId })}
      </Typography.Paragraph>
    </Card>
  );
}
