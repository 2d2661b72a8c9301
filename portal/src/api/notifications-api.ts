import { apiClient } from './client';

// The candidate's notifications (spec §2): the e-mails and SMS sent to them, newest first.

export type NotificationChannel = 'mail' | 'sms';
export type CandidateNotification = {
  channel: NotificationChannel;
  id: number;
  /** Why it was sent; the list shows the kind's summary (and `text` when the API gives it). */
  kind: string;
  /** The SMS text or e-mail subject, only for messages that hold nothing secret. */
  text: string | null;
  createdAt: string;
  isRead: boolean;
};
export type NotificationList = { items: CandidateNotification[]; unread: number };

export function fetchNotifications() {
  return apiClient.request<NotificationList>('/psc/notifications');
}

export function markNotificationRead(channel: NotificationChannel, id: number) {
  return apiClient.request<{ marked: number }>(`/psc/notifications/${channel}/${id}/read`, { method: 'POST', body: {} });
}

export function markAllNotificationsRead() {
  return apiClient.request<{ marked: number }>('/psc/notifications/read', { method: 'POST', body: {} });
}
