import { sql } from 'drizzle-orm';
import type { DemoContext } from './demo-stages';

// The demo applicant's notifications (spec §2 candidate "notifications"): the SMS the stages
// above would have sent her had they been walked through the screens (her scrutiny decision,
// her exam schedule, her place on the final list), as already sent, so her home lists them
// under `npm start`. One SMS per message key: seeding again adds nothing.

const MESSAGES = [
  {
    key: 'demo:application-decided:applicant',
    kind: 'application-decided',
    daysAgo: 20,
    body: 'लोक सेवा आयोग: तपाईंको दरखास्त रुजु भयो (आंशिक स्वीकृत)। / PSC: your application was scrutinised (partially approved).',
  },
  {
    key: 'demo:exam-schedule-approved:applicant',
    kind: 'exam-schedule-approved',
    daysAgo: 12,
    body: 'लोक सेवा आयोग: तपाईंको परीक्षा तालिका प्रकाशित भयो। / PSC: the exam schedule of your advertisement was published.',
  },
  {
    key: 'demo:selection-result:applicant',
    kind: 'selection-result',
    daysAgo: 1,
    body: 'लोक सेवा आयोग: अन्तिम नतिजा प्रकाशित भयो; तपाईं सिफारिस हुनुभयो। / PSC: the final result was published; you were selected.',
  },
] as const;

export async function seedApplicantMessagesDemo(context: DemoContext): Promise<void> {
  const userId = context.accounts.applicant;
  for (const message of MESSAGES) {
    await context.db.execute(sql`
      insert into sms_outbox (to_number, body, kind, user_id, dedupe_key, created_at, next_attempt_at, attempts, sent_at)
      select coalesce(u.mobile, '9841000002'), ${message.body}, ${message.kind}, u.id, ${message.key},
        now() - make_interval(days => ${message.daysAgo}::int), now() - make_interval(days => ${message.daysAgo}::int), 1, now() - make_interval(days => ${message.daysAgo}::int)
      from users u where u.id = ${userId}
      on conflict (dedupe_key) do nothing`);
  }
}
