import type { CandidateNotification, NotificationChannel } from '@psc/core';
import type { Database } from '@psc/db';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../applications/rows-of';
import { SELECTION_MESSAGE_KIND } from '../selection/publish-selection';

// The candidate's notifications (spec §2 candidate "notifications"): the e-mails and SMS the
// outbox holds for them, newest first, each marked read once they open or dismiss it.

/**
 * Kinds whose text carries nothing secret, so the list may show it. Every other kind (a temporary
 * password, a reset link, a recovery code, and any kind added later) is shown by its kind alone,
 * which the portal turns into a summary: a secret never leaves the outbox through this list.
 */
const TEXT_SHOWN_KINDS: readonly string[] = ['application-decided', 'exam-schedule-approved', 'exam-schedule-changed', SELECTION_MESSAGE_KIND];

export const NOTIFICATION_PAGE_SIZE = 50;

/** The signed-in candidate's latest messages and how many of all their messages are unread. */
export async function listMyNotifications(db: Database, userId: number): Promise<{ items: CandidateNotification[]; unread: number }> {
  const rows = rowsOf<{ channel: NotificationChannel; id: number; kind: string; text: string; createdAt: Date | string; isRead: boolean }>(
    await db.execute(sql`
      with mine as (
        (select 'mail' as channel, id, kind, subject as text, created_at from mail_outbox where user_id = ${userId}
          order by created_at desc, id desc limit ${NOTIFICATION_PAGE_SIZE})
        union all
        (select 'sms' as channel, id, kind, body as text, created_at from sms_outbox where user_id = ${userId}
          order by created_at desc, id desc limit ${NOTIFICATION_PAGE_SIZE})
      )
      select m.channel, m.id, m.kind, m.text, m.created_at as "createdAt", (r.message_id is not null) as "isRead"
      from mine m left join notification_reads r on r.user_id = ${userId} and r.channel = m.channel and r.message_id = m.id
      order by m.created_at desc, m.id desc limit ${NOTIFICATION_PAGE_SIZE}`),
  );
  const [count] = rowsOf<{ unread: number }>(
    await db.execute(sql`
      select ((select count(*) from mail_outbox m where m.user_id = ${userId}
          and not exists (select 1 from notification_reads r where r.user_id = ${userId} and r.channel = 'mail' and r.message_id = m.id))
        + (select count(*) from sms_outbox s where s.user_id = ${userId}
          and not exists (select 1 from notification_reads r where r.user_id = ${userId} and r.channel = 'sms' and r.message_id = s.id)))::int as unread`),
  );
  return {
    items: rows.map((row) => ({
      channel: row.channel,
      id: Number(row.id),
      kind: row.kind,
      text: TEXT_SHOWN_KINDS.includes(row.kind) ? row.text : null,
      createdAt: new Date(row.createdAt).toISOString(),
      isRead: Boolean(row.isRead),
    })),
    unread: count?.unread ?? 0,
  };
}

/**
 * Marks the candidate's own messages read: the ones named, or all of them. A message of another
 * person (or none at all) is passed over, not marked: the insert reads only the caller's rows.
 */
export async function markMyNotificationsRead(db: Database, userId: number, only?: { channel: NotificationChannel; id: number }): Promise<{ marked: number }> {
  const mailFilter = only ? (only.channel === 'mail' ? sql`and id = ${only.id}` : sql`and false`) : sql``;
  const smsFilter = only ? (only.channel === 'sms' ? sql`and id = ${only.id}` : sql`and false`) : sql``;
  const marked = rowsOf(
    await db.execute(sql`
      insert into notification_reads (user_id, channel, message_id)
      select ${userId}::int, 'mail', id from mail_outbox where user_id = ${userId} ${mailFilter}
      union all
      select ${userId}::int, 'sms', id from sms_outbox where user_id = ${userId} ${smsFilter}
      on conflict do nothing
      returning message_id`),
  );
  return { marked: marked.length };
}
