import { sql } from 'drizzle-orm';
import { users } from '../schema/identity';

/** "First Middle Last" in English; concat_ws skips a missing middle name. */
export const userFullNameEn = sql<string>`concat_ws(' ', ${users.firstNameEn}, ${users.middleNameEn}, ${users.lastNameEn})`;

/** The Nepali full name, or null when no Nepali name was given. */
export const userFullNameNp = sql<string | null>`nullif(concat_ws(' ', ${users.firstNameNp}, ${users.middleNameNp}, ${users.lastNameNp}), '')`;
