import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { applications } from './applications';
import { advertisements } from './recruitment';

// Admit cards (spec §7 "Admit card: generate, confirm, download as base64, old admit card"). A
// card exists once an application's exam is seated to the seat: the schedule approved and, for
// every scheduled paper, its centre allocation and its centre's rooms final. It is written the
// first time the candidate's application list is read then; what it prints is read live from the
// seating, so the row holds only what the seating does not: the card's id, when it was issued,
// and when the candidate confirmed they will sit.

/**
 * One application's admit card. The id is 128 random bits in base64url: links to a card are never
 * guessable or sequential, and every candidate route still checks the owner.
 */
export const admitCards = pgTable(
  'admit_cards',
  {
    id: text('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .unique('admit_cards_application_key')
      .references(() => applications.id),
    advertisementId: integer('advertisement_id')
      .notNull()
      .references(() => advertisements.id),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the candidate confirmed they will sit the exam; the card opens from then on. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [index('admit_cards_advertisement_idx').on(t.advertisementId), check('admit_cards_id_check', sql`char_length(${t.id}) between 20 and 64`)],
);
