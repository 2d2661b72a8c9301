import type { CandidateNotification, NotificationChannel } from '@psc/core';
import { apiClient } from './client';

// The candidate's notifications (spec §2): the e-mails and SMS sent to them, newest first.

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
