import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './identity';

/**
 * When a candidate read a message the outbox sent them (spec §2 candidate "notifications"): one
 * row per candidate and message, written the first time it is marked read. A message without a
 * row here is unread. The message id is the mail or SMS outbox row's id, named by its channel.
 */
export const notificationReads = pgTable(
  'notification_reads',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: ['mail', 'sms'] }).notNull(),
    messageId: integer('message_id').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.channel, t.messageId] }), check('notification_reads_channel_check', sql`${t.channel} in ('mail', 'sms')`)],
);
