// The candidate's notifications (spec §2 candidate "notifications"), as the API lists them and
// the portal reads them: the e-mails and SMS the outbox holds for the candidate, newest first.

export const NOTIFICATION_CHANNELS = ['mail', 'sms'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export type CandidateNotification = {
  channel: NotificationChannel;
  id: number;
  /** Why it was sent; the list shows the kind's summary (and `text` when the API gives it). */
  kind: string;
  /** The SMS text or the e-mail's subject, only for messages that hold nothing secret. */
  text: string | null;
  createdAt: string;
  isRead: boolean;
};
