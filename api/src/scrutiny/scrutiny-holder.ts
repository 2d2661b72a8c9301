import { sql } from 'drizzle-orm';
import { AppError } from '../http/errors';

// spec §4 "Scrutiny and pre-review status": two officers never decide one application at once,
// and the one refused is told who holds it. The name is the office-internal one (full name and
// user name) and goes to staff only: the candidate's answers never name an officer.

/** The allocated officer's name, from `users o` joined on the allocation's officer. */
export const HOLDER_NAME = sql.raw(`concat_ws(' ', o.first_name_en, o.middle_name_en, o.last_name_en) || ' (' || o.username || ')'`);

/** The refusal of a member of staff who is not the allocated officer, naming the one who is. */
export function heldBy(holderName: string) {
  return new AppError('REFUSED', { messageKey: 'scrutiny.heldBy', messageParams: { officer: holderName } });
}
