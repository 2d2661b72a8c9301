import { schema, type Database } from '@psc/db';

export type SmsKind = 'account-recovery' | 'application-decided';

export type OutgoingSms = {
  to: string;
  body: string;
  kind: SmsKind;
  userId?: number | undefined;
};

/** Writes an SMS to the outbox; the sender job hands it to the configured provider. */
export async function queueSms(db: Database, sms: OutgoingSms): Promise<number> {
  const [row] = await db
    .insert(schema.smsOutbox)
    .values({ toNumber: sms.to, body: sms.body, kind: sms.kind, userId: sms.userId })
    .returning({ id: schema.smsOutbox.id });
  return row!.id;
}
