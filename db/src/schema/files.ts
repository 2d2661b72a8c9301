import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './identity';

// DESIGN "Files": uploads are checked by content, stored content-addressed under the data
// folder (or an object store), and described here. The bytes are found by sha256; the type is
// the one detected from the content, never the client's claim.
export const storedFiles = pgTable(
  'stored_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerUserId: integer('owner_user_id').references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    sha256: text('sha256').notNull(),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    /** For display only; never used to decide anything. */
    originalName: text('original_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('stored_files_owner_idx').on(t.ownerUserId), index('stored_files_sha_idx').on(t.sha256)],
);
