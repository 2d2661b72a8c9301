import { Alert, Card, Descriptions, Empty, Input, Space, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DualDate } from '../../components/dual-date';
import type { WorkstationMessageKey } from '../../i18n/en';
import { useLanguage } from '../../i18n/use-language';
import type { StaffUserRow } from '../../staff/staff-api';
import { useApiQuery } from './use-api-query';

type Item = Record<string, unknown>;
type UserFacts = StaffUserRow & {
  blockReason?: string | null;
  blockedFrom?: string | null;
  blockedUntil?: string | null;
  profile?: { lockedFrom?: string | null; lockedUntil?: string | null; lockReason?: string | null } | null;
};
type CandidateProfile = {
  personal: Item;
  addresses: { permanent: Item | null; mailing: Item | null };
  extra: Item | null;
  inclusiveGroups: Item[];
  educations: Item[];
  trainings: Item[];
  professionalCouncils: Item[];
  governmentExperiences: Item[];
  nonGovernmentExperiences: Item[];
  documents: Record<string, Item>;
};

const isFileRef = (value: unknown): value is { fileId: string; contentType: string; byteSize: number } =>
  typeof value === 'object' && value !== null && 'fileId' in value && 'contentType' in value;

/** One value of the profile as text: a file as its name, type and size; lists joined. */
function showValue(value: unknown): ReactNode {
  if (value === null || value === undefined || value === '') return '—';
  if (isFileRef(value)) return `${value.fileId} (${value.contentType}, ${Math.ceil(value.byteSize / 1024)} KB)`;
  if (Array.isArray(value)) return value.map((entry) => String(showValue(entry))).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

// Bookkeeping columns the reader does not need.
const HIDDEN = new Set(['id', 'userId', 'createdAt', 'updatedAt']);

function ItemTable({ item }: { item: Item }) {
  return (
    <Descriptions bordered size="small" column={2} style={{ marginBottom: 12 }}>
      {Object.entries(item)
        .filter(([key]) => !HIDDEN.has(key))
        .map(([key, value]) => (
          <Descriptions.Item key={key} label={key}>
            {showValue(value)}
          </Descriptions.Item>
        ))}
    </Descriptions>
  );
}

// spec §2 fullDetails [UM], spec §7 "full details by {masterId}": the account facts of one user
// and, for a candidate, the whole profile section by section; ?masterId=N names the user.
export function FullDetailsScreen() {
  const { t } = useLanguage();
  const [params, setParams] = useSearchParams();
  const masterId = params.get('masterId');
  const valid = masterId !== null && /^\d{1,15}$/.test(masterId);
  const { data: user, error, isLoading } = useApiQuery<UserFacts>(valid ? `/api/admin/users/by-master-id/${masterId}` : null);
  const isCandidate = user?.kind === 'candidate';
  const { data: profile, error: profileError } = useApiQuery<CandidateProfile>(user && isCandidate ? `/api/admin/candidates/${user.id}/profile` : null);

  const section = (key: WorkstationMessageKey, items: (Item | null | undefined)[]) => (
    <Card key={key} type="inner" size="small" title={t(key)} style={{ marginTop: 12 }} data-testid={`full-details-${key}`}>
      {items.filter((item): item is Item => Boolean(item)).length === 0 ? (
        <Typography.Text type="secondary">{t('fullDetails.none')}</Typography.Text>
      ) : (
        items.filter((item): item is Item => Boolean(item)).map((item, index) => <ItemTable key={index} item={item} />)
      )}
    </Card>
  );

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
          {profile ? (
            <>
              {section('fullDetails.personal', [profile.personal])}
              {section('fullDetails.addresses', [profile.addresses.permanent, profile.addresses.mailing])}
              {section('fullDetails.extra', [profile.extra])}
              {section('fullDetails.inclusiveGroups', profile.inclusiveGroups)}
              {section('fullDetails.educations', profile.educations)}
              {section('fullDetails.trainings', profile.trainings)}
              {section('fullDetails.professionalCouncils', profile.professionalCouncils)}
              {section('fullDetails.experiences', [...profile.governmentExperiences, ...profile.nonGovernmentExperiences])}
              {section('fullDetails.documents', Object.entries(profile.documents).map(([kind, file]) => ({ kind, ...file })))}
            </>
          ) : null}
        </>
      ) : null}
    </Card>
  );
}
