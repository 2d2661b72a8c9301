import { sql, type AnyColumn } from 'drizzle-orm';
import { users } from '../schema/identity';

type EnglishNames = { firstNameEn: AnyColumn; middleNameEn: AnyColumn; lastNameEn: AnyColumn };
type NepaliNames = { firstNameNp: AnyColumn; middleNameNp: AnyColumn; lastNameNp: AnyColumn };

/** "First Middle Last" in English of a users table or its alias; concat_ws skips a missing middle name. */
export function fullNameEnOf(table: EnglishNames) {
  return sql<string>`concat_ws(' ', ${table.firstNameEn}, ${table.middleNameEn}, ${table.lastNameEn})`;
}

/** The Nepali full name of a users table or its alias, or null when no Nepali name was given. */
export function fullNameNpOf(table: NepaliNames) {
  return sql<string | null>`nullif(concat_ws(' ', ${table.firstNameNp}, ${table.middleNameNp}, ${table.lastNameNp}), '')`;
}

export const userFullNameEn = fullNameEnOf(users);

export const userFullNameNp = fullNameNpOf(users);

/** The six name columns of the users table (English and Nepali, first, middle, last), for a select. */
export const userNameColumns = {
  firstNameEn: users.firstNameEn,
  middleNameEn: users.middleNameEn,
  lastNameEn: users.lastNameEn,
  firstNameNp: users.firstNameNp,
  middleNameNp: users.middleNameNp,
  lastNameNp: users.lastNameNp,
};
