import { Alert, App, Button, Card, Popconfirm, Space, Table, Tag } from 'antd';
import { Link } from 'react-router-dom';
import { useLanguage } from '../../i18n/use-language';
import { callApi, type RoleRow } from '../../staff/staff-api';
import { useApiQuery } from '../../hooks/use-api-query';

// spec §2 rolelist [UM]: roles with the modules they grant; a role users still hold cannot be deleted (409).
export function RoleListScreen() {
  const { t } = useLanguage();
  const { message } = App.useApp();
  const { data, error, isLoading, reload } = useApiQuery<RoleRow[]>('/api/admin/roles');

  async function remove(role: RoleRow) {
    const result = await callApi(`/api/admin/roles/${role.id}`, { method: 'DELETE' });
    if (!result.ok) {
      void message.error(result.message);
      return;
    }
    void message.success(result.message || t('users.roleDeleted'));
    await reload();
  }

  return (
    <Card
      title={t('route.roleList')}
      data-testid="role-list-screen"
      extra={
        <Link to="/admin/rolecreation">
          <Button type="primary">{t('users.newRole')}</Button>
        </Link>
      }
    >
      {error ? <Alert type="error" showIcon title={error.message} style={{ marginBottom: 16 }} /> : null}
      <Table
        size="small"
        rowKey="id"
        loading={isLoading}
        dataSource={data ?? []}
        pagination={{ pageSize: 20, showSizeChanger: false }}
        columns={[
          { key: 'name', title: t('users.roleName'), dataIndex: 'name' },
          { key: 'type', title: t('users.roleType'), render: (_, role) => (role.type ? t(role.type === 'external' ? 'users.roleType.external' : 'users.roleType.internal') : '') },
          { key: 'description', title: t('users.roleDescription'), dataIndex: 'description' },
          {
            key: 'modules',
            title: t('users.roleModules'),
            render: (_, role) => (
              <Space wrap size={4}>
                {(role.permissions ?? []).filter((p) => p.read || p.create || p.update || p.delete || p.approve || p.reject).map((p) => (
                  <Tag key={p.moduleCode}>{p.moduleCode}</Tag>
                ))}
              </Space>
            ),
          },
          {
            key: 'actions',
            title: t('master.actions'),
            width: 170,
            render: (_, role) => (
              <Space>
                <Link to={`/admin/rolecreation?id=${role.id}`}>
                  <Button size="small">{t('master.edit')}</Button>
                </Link>
                <Popconfirm title={t('users.roleDeleteConfirm')} okText={t('common.yes')} cancelText={t('common.no')} onConfirm={() => remove(role)}>
                  <Button size="small" danger>
                    {t('master.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
