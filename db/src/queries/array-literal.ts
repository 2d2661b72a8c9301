/**
 * A PostgreSQL array literal of `values`, for the `$n::int[]` (or `text[]`, `uuid[]`) parameter
 * of a prepared statement that answers many requests at once (createStatementBatcher): numbers
 * as they are, texts quoted with `"` and `\` escaped, since a text may be whatever a visitor
 * typed (a receipt code).
 */
export function arrayLiteral(values: readonly (number | string)[]): string {
  return `{${values.map((value) => (typeof value === 'number' ? String(value) : `"${value.replace(/[\\"]/g, (character) => `\\${character}`)}"`)).join(',')}}`;
}
