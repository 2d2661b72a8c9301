import { Alert, Button, Card, Descriptions, Empty, Input, Space, Tag } from 'antd';
import { Link, useSearchParams } from 'react-router-dom';
import { DualDate } from '../../components/dual-date';
import { useLanguage } from '../../i18n/use-language';
import type { StaffUserRow } from '../../staff/staff-api';
import { useApiQuery } from '../../hooks/use-api-query';

// spec §2 userDetails [UM]: one user with the roles held; ?id=N names the user.
export function UserDetailsScreen() {
  const { t } = useLanguage();
  const [params, setParams] = useSearchParams();
  const id = params.get('id');
  const { data: user, error, isLoading } = useApiQuery<StaffUserRow>(id && /^\d+$/.test(id) ? `/api/admin/users/${id}` : null);

  return (
    <Card title={t('route.userDetails')} loading={isLoading} data-testid="user-details-screen">
      <Space style={{ marginBottom: 16 }}>
        <Input.Search placeholder={t('users.userId')} defaultValue={id ?? ''} onSearch={(value) => setParams(value ? { id: value.trim() } : {})} style={{ width: 220 }} />
      </Space>
      {error ? <Alert type="error" showIcon title={error.message} /> : null}
      {!id ? <Empty description={t('users.pickUser')} /> : null}
      {user ? (
        <>
          <Descriptions bordered size="small" column={1}>
            <Descriptions.Item label={t('users.username')}>{user.username}</Descriptions.Item>
            <Descriptions.Item label={t('users.nameEn')}>{[user.firstNameEn, user.middleNameEn, user.lastNameEn].filter(Boolean).join(' ') || user.fullNameEn}</Descriptions.Item>
            <Descriptions.Item label={t('users.nameNp')}>{[user.firstNameNp, user.middleNameNp, user.lastNameNp].filter(Boolean).join(' ') || user.fullNameNp}</Descriptions.Item>
            <Descriptions.Item label={t('users.email')}>{user.email}</Descriptions.Item>
            <Descriptions.Item label={t('users.mobile')}>{user.mobile}</Descriptions.Item>
            <Descriptions.Item label={t('users.state')}>{user.isBlocked ? <Tag color="red">{t('users.blocked')}</Tag> : <Tag color="green">{t('users.active')}</Tag>}</Descriptions.Item>
            <Descriptions.Item label={t('users.roles')}>
              {(user.roles ?? []).map((role) => (
                <Tag key={role.id}>{role.name}</Tag>
              ))}
            </Descriptions.Item>
            <Descriptions.Item label={t('users.createdAt')}>
              <DualDate value={user.createdAt} />
            </Descriptions.Item>
          </Descriptions>
          <Space style={{ marginTop: 16 }}>
            <Link to={`/admin/usercreation/${user.id}`}>
              <Button>{t('master.edit')}</Button>
            </Link>
            {user.masterId ? (
              <Link to={`/admin/fullDetails?masterId=${user.masterId}`} data-testid="open-full-details">
                <Button>{t('fullDetails.open')}</Button>
              </Link>
            ) : null}
          </Space>
        </>
      ) : null}
    </Card>
  );
}
