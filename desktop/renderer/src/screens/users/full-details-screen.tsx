import type { ProfileView } from '@psc/core';
import { Alert, Card, Descriptions, Empty, Input, Space, Tag } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { DualDate } from '../../components/dual-date';
import { useLanguage } from '../../i18n/use-language';
import type { StaffUserRow } from '../../staff/staff-api';
import { CandidateProfileView } from './candidate-profile/candidate-profile-view';
import { useApiQuery } from '../../hooks/use-api-query';

type UserFacts = StaffUserRow & {
  blockReason?: string | null;
  blockedFrom?: string | null;
  blockedUntil?: string | null;
  profile?: { lockedFrom?: string | null; lockedUntil?: string | null; lockReason?: string | null } | null;
};

// spec §2 fullDetails [UM], spec §7 "full details by {masterId}": the account facts of one user
// and, for a candidate, the whole profile section by section; ?masterId=N names the user.
export function FullDetailsScreen() {
  const { t } = useLanguage();
  const [params, setParams] = useSearchParams();
  const masterId = params.get('masterId');
  const valid = masterId !== null && /^\d{1,15}$/.test(masterId);
  const { data: user, error, isLoading } = useApiQuery<UserFacts>(valid ? `/api/admin/users/by-master-id/${masterId}` : null);
  const isCandidate = user?.kind === 'candidate';
  const { data: profile, error: profileError } = useApiQuery<ProfileView>(user && isCandidate ? `/api/admin/candidates/${user.id}/profile` : null);

  return (
    <Card title={t('route.fullDetails')} loading={isLoading} data-testid="full-details-screen">
      <Space style={{ marginBottom: 16 }}>
        <Input.Search placeholder={t('fullDetails.masterId')} defaultValue={masterId ?? ''} onSearch={(value) => setParams(value.trim() ? { masterId: value.trim() } : {})} style={{ width: 260 }} />
      </Space>
      {error ? <Alert type="error" showIcon title={error.message} /> : null}
      {!masterId ? <Empty description={t('fullDetails.pickUser')} /> : null}
      {user ? (
        <>
          <Descriptions bordered size="small" column={2} title={t('fullDetails.account')}>
            <Descriptions.Item label={t('fullDetails.masterId')}>{user.masterId}</Descriptions.Item>
            <Descriptions.Item label={t('users.username')}>{user.username}</Descriptions.Item>
            <Descriptions.Item label={t('users.nameEn')}>{[user.firstNameEn, user.middleNameEn, user.lastNameEn].filter(Boolean).join(' ') || user.fullNameEn}</Descriptions.Item>
            <Descriptions.Item label={t('users.nameNp')}>{[user.firstNameNp, user.middleNameNp, user.lastNameNp].filter(Boolean).join(' ') || user.fullNameNp}</Descriptions.Item>
            <Descriptions.Item label={t('users.email')}>{user.email}</Descriptions.Item>
            <Descriptions.Item label={t('users.mobile')}>{user.mobile}</Descriptions.Item>
            <Descriptions.Item label={t('fullDetails.kind')}>{isCandidate ? t('fullDetails.kindCandidate') : t('fullDetails.kindStaff')}</Descriptions.Item>
            <Descriptions.Item label={t('users.roles')}>
              {(user.roles ?? []).map((role) => (
                <Tag key={role.id}>{role.name}</Tag>
              ))}
            </Descriptions.Item>
            <Descriptions.Item label={t('users.state')}>
              {user.isBlocked ? <Tag color="red">{t('users.blocked')}</Tag> : <Tag color="green">{t('users.active')}</Tag>}
              {user.blockReason ? ` ${user.blockReason}` : ''}
            </Descriptions.Item>
            <Descriptions.Item label={t('fullDetails.ban')}>
              {user.blockedFrom || user.blockedUntil ? (
                <>
                  <DualDate value={user.blockedFrom} withTime={false} /> – <DualDate value={user.blockedUntil} withTime={false} />
                </>
              ) : (
                '—'
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('fullDetails.profileLock')}>
              {user.profile?.lockedUntil ? (
                <>
                  <DualDate value={user.profile.lockedFrom} withTime={false} /> – <DualDate value={user.profile.lockedUntil} withTime={false} />
                  {user.profile.lockReason ? ` (${user.profile.lockReason})` : ''}
                </>
              ) : (
                '—'
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('users.createdAt')}>
              <DualDate value={user.createdAt} />
            </Descriptions.Item>
          </Descriptions>
          {profileError ? <Alert type="error" showIcon title={profileError.message} style={{ marginTop: 12 }} /> : null}
          {profile ? <CandidateProfileView userId={user.id} profile={profile} /> : null}
        </>
      ) : null}
    </Card>
  );
}
