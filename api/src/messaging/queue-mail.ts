import { schema, type Database } from '@psc/db';

export type MailKind = 'temporary-password' | 'password-reset' | 'password-notice' | 'password-changed' | 'email-changed' | 'application-decided' | 'backup-failed';

export type OutgoingMail = {
  to: string;
  subject: string;
  bodyText: string;
  kind: MailKind;
  userId?: number | undefined;
};

/**
 * Writes a mail to the outbox; the sender job delivers it (DESIGN "Growing past one machine":
 * work queues live in PostgreSQL). The request that writes it never waits on a mail server.
 */
export async function queueMail(db: Database, mail: OutgoingMail): Promise<number> {
  const [row] = await db
    .insert(schema.mailOutbox)
    .values({ toAddress: mail.to, subject: mail.subject, bodyText: mail.bodyText, kind: mail.kind, userId: mail.userId })
    .returning({ id: schema.mailOutbox.id });
  return row!.id;
}
