import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './identity';

// Mail and SMS leave through outboxes drained by sender jobs, so that a slow or absent mail
// server never fails the request that wrote the message, and a message is sent once.
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    bodyText: text('body_text').notNull(),
    bodyHtml: text('body_html'),
    /** Why it was written: 'temporary-password', 'password-reset', 'password-notice', ... */
    kind: text('kind').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (t) => [index('mail_outbox_pending_idx').on(t.sentAt, t.nextAttemptAt), index('mail_outbox_user_idx').on(t.userId)],
);

/**
 * A batch of SMS sent together from one screen (the bulk invigilator SMS of a sitting), so the
 * screen can show its progress and failures.
 */
export const smsBatches = pgTable('sms_batches', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  kind: text('kind').notNull(),
  /** What the batch was for, e.g. 'centre-allocation:12'. */
  subject: text('subject').notNull(),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    toNumber: text('to_number').notNull(),
    body: text('body').notNull(),
    kind: text('kind').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    batchId: integer('batch_id').references(() => smsBatches.id),
    /**
     * Names the message's purpose and recipient (e.g. 'invigilator-duty:12:7'); unique, so that
     * queueing the same message again is a no-op: a retry never sends it twice.
     */
    dedupeKey: text('dedupe_key').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    /** The gateway's last answer (its response code and message; never the token). */
    providerAnswer: text('provider_answer'),
  },
  (t) => [
    index('sms_outbox_pending_idx').on(t.sentAt, t.nextAttemptAt),
    index('sms_outbox_batch_idx').on(t.batchId),
    // The candidate's notifications list reads their own messages, newest first.
    index('sms_outbox_user_idx').on(t.userId),
  ],
);

// Single-use secrets sent to a person: password-reset links (spec §2 /change/password/{tokenid})
// and account-recovery codes (spec /exisiting-user). Only a hash is stored.
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['password-reset', 'account-recovery'] }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    failedAttempts: integer('failed_attempts').notNull().default(0),
  },
  (t) => [index('account_tokens_user_idx').on(t.userId, t.purpose)],
);
