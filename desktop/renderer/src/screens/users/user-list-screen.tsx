import { Alert, Button, Card, Input, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { DualDate } from '../../components/dual-date';
import { useLanguage } from '../../i18n/use-language';
import { query, type Paged, type RoleRow, type StaffUserRow } from '../../staff/staff-api';
import { useApiQuery } from '../../hooks/use-api-query';

const PAGE_SIZE = 20;

// spec §2 userlist [UM]: staff users, searchable, filtered by role ("users by role").
export function UserListScreen() {
  const { t, language } = useLanguage();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [roleId, setRoleId] = useState<number | undefined>();
  const roles = useApiQuery<RoleRow[]>('/api/admin/roles');
  const users = useApiQuery<Paged<StaffUserRow>>(`/api/admin/users${query({ kind: 'staff', page, pageSize: PAGE_SIZE, search, roleId })}`);

  return (
    <Card
      title={t('route.userList')}
      data-testid="user-list-screen"
      extra={
        <Link to="/admin/usercreation">
          <Button type="primary">{t('users.newUser')}</Button>
        </Link>
      }
    >
      {users.error ? <Alert type="error" showIcon title={users.error.message} style={{ marginBottom: 16 }} /> : null}
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('users.search')}
          style={{ width: 280 }}
          onSearch={(value) => {
            setSearch(value.trim());
            setPage(1);
          }}
        />
        <Select
          allowClear
          data-testid="user-role-filter"
          placeholder={t('users.filterByRole')}
          aria-label={t('users.filterByRole')}
          style={{ width: 240 }}
          value={roleId}
          options={(roles.data ?? []).map((role) => ({ value: role.id, label: role.name }))}
          onChange={(value) => {
            setRoleId(value);
            setPage(1);
          }}
        />
      </Space>
      <Table
        size="small"
        rowKey="id"
        loading={users.isLoading}
        dataSource={users.data?.items ?? []}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: users.data?.total ?? 0, showSizeChanger: false, onChange: setPage }}
        columns={[
          { key: 'username', title: t('users.username'), dataIndex: 'username' },
          { key: 'name', title: t('users.name'), render: (_, user) => (language === 'ne' ? user.fullNameNp || user.fullNameEn : user.fullNameEn) },
          { key: 'email', title: t('users.email'), dataIndex: 'email' },
          { key: 'mobile', title: t('users.mobile'), dataIndex: 'mobile' },
          { key: 'state', title: t('users.state'), render: (_, user) => (user.isBlocked ? <Tag color="red">{t('users.blocked')}</Tag> : <Tag color="green">{t('users.active')}</Tag>) },
          { key: 'created', title: t('users.createdAt'), render: (_, user) => <DualDate value={user.createdAt} withTime={false} /> },
          {
            key: 'actions',
            title: t('master.actions'),
            render: (_, user) => (
              <Space>
                <Link to={`/admin/userDetails?id=${user.id}`}>{t('users.details')}</Link>
                <Link to={`/admin/usercreation/${user.id}`}>{t('master.edit')}</Link>
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
