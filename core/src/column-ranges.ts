// What the database can store, in one place. Every id and whole number the API reads is checked
// against the PostgreSQL column it lands in (db/src/schema), so a value out of that range is the
// caller's mistake, answered 400 with the field named, never a statement that fails with 500.
// A date the product shows in B.S. too takes AD_DATE_RANGE (core/src/calendar): the days the
// B.S. table covers. A moment that needs no B.S. form (a lock's or a ban's end, an audit filter)
// takes INSTANT_RANGE.

export const COLUMN_RANGES = {
  smallint: { min: -32_768, max: 32_767 },
  integer: { min: -2_147_483_648, max: 2_147_483_647 },
  // drizzle reads our bigint columns in 'number' mode: only safe integers survive the trip.
  bigint: { min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER },
} as const;

/**
 * The A.D. days a moment may fall on: wide enough for a lock "until 2099", narrow enough to refuse
 * year 0 (which PostgreSQL does not have) and typing slips such as 20244.
 */
export const INSTANT_RANGE = { first: '1900-01-01', last: '2100-12-31' } as const;

export type IntegerColumn = keyof typeof COLUMN_RANGES;

/** True when a value is a whole number the column type can hold. */
export function fitsColumn(value: number, column: IntegerColumn): boolean {
  return Number.isInteger(value) && value >= COLUMN_RANGES[column].min && value <= COLUMN_RANGES[column].max;
}
