import { Alert, Badge, Button, Empty, List, Skeleton, Tag } from 'antd';
import type { CandidateNotification } from '@psc/core';
import { fetchNotifications, markAllNotificationsRead, markNotificationRead } from '../api/notifications-api';
import { useFormat } from '../hooks/use-format';
import { useLoaded } from '../hooks/use-loaded';

// The candidate's notifications on their home (spec §2 candidate "notifications"): what was sent
// to them, newest first, unread ones marked until opened. A message that carried a secret (a
// temporary password, a reset link) is shown by its summary alone: the API never sends its text.

const KNOWN_KINDS = [
  'temporary-password',
  'password-reset',
  'password-notice',
  'password-changed',
  'account-recovery',
  'email-changed',
  'application-decided',
  'exam-schedule-approved',
  'exam-schedule-changed',
  'selection-result',
] as const;

export function HomeNotifications() {
  const { t, date, digits } = useFormat();
  const { data: list, error, setError, load } = useLoaded(fetchNotifications);

  async function markRead(item: CandidateNotification) {
    if (item.isRead) return;
    const result = await markNotificationRead(item.channel, item.id);
    if (result.ok) await load();
    else setError(result.message);
  }

  async function markAll() {
    const result = await markAllNotificationsRead();
    if (result.ok) await load();
    else setError(result.message);
  }

  const summaryOf = (kind: string) => ((KNOWN_KINDS as readonly string[]).includes(kind) ? t(`notifications.kind.${kind}`) : t('notifications.kind.other'));

  return (
    <section className="home-page__notifications" aria-labelledby="notifications-title" data-testid="notifications">
      <div className="section-heading">
        <h2 id="notifications-title">
          {t('notifications.title')} {list && list.unread > 0 ? <Badge count={digits(list.unread)} data-testid="notifications-unread" /> : null}
        </h2>
        <Button size="small" onClick={() => void markAll()} disabled={!list || list.unread === 0} data-testid="notifications-read-all">
          {t('notifications.markAllRead')}
        </Button>
      </div>
      {error ? <Alert type="error" showIcon title={error} action={<Button onClick={() => void load()}>{t('home.refresh')}</Button>} /> : null}
      {list === null ? (
        error ? null : <Skeleton active paragraph={{ rows: 2 }} title={false} />
      ) : list.items.length === 0 ? (
        <Empty description={<span data-testid="notifications-empty">{t('notifications.empty')}</span>} />
      ) : (
        <List
          dataSource={list.items}
          rowKey={(item) => `${item.channel}-${item.id}`}
          renderItem={(item) => (
            <List.Item
              className={item.isRead ? 'notification notification--read' : 'notification notification--unread'}
              data-testid={`notification-${item.channel}-${item.id}`}
              onClick={() => void markRead(item)}
              style={{ cursor: item.isRead ? 'default' : 'pointer' }}
              actions={
                item.isRead
                  ? []
                  : [
                      <Button
                        key="read"
                        size="small"
                        type="link"
                        onClick={(event) => {
                          // The row's own click marks it too; once is enough.
                          event.stopPropagation();
                          void markRead(item);
                        }}
                        data-testid="notification-mark-read"
                      >
                        {t('notifications.markRead')}
                      </Button>,
                    ]
              }
            >
              <List.Item.Meta
                avatar={<Badge status={item.isRead ? 'default' : 'processing'} />}
                title={
                  <span style={{ fontWeight: item.isRead ? 'normal' : 600 }}>
                    {summaryOf(item.kind)} <Tag>{t(`notifications.channel.${item.channel}`)}</Tag>
                    {item.isRead ? null : <Tag color="blue">{t('notifications.unread')}</Tag>}
                  </span>
                }
                description={
                  <>
                    {item.text ? <div className="notification__text">{item.text}</div> : null}
                    <span className="muted">{date(item.createdAt)}</span>
                  </>
                }
              />
            </List.Item>
          )}
        />
      )}
    </section>
  );
}
