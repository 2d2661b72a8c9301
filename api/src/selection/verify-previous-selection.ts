import { findPreviousSelections, type PublishedSelectionPerson, type SelectedPerson } from '@psc/core';
import type { Database } from '@psc/db';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../applications/rows-of';
import { AppError } from '../http/errors';

// spec §2 verify-previous-selection [VS]: a selection's people checked against every other
// published final selection (selected there): the same person selected twice, or recommended
// elsewhere, matched by account and by citizenship number and date of birth (core's rule).

const person = (row: Record<string, unknown>): SelectedPerson => ({
  applicationId: Number(row.applicationId),
  advertisementId: Number(row.advertisementId),
  userId: Number(row.userId),
  citizenshipNumber: (row.citizenshipNumber as string | null) ?? '',
  dateOfBirth: row.dateOfBirth === null ? '' : String(row.dateOfBirth).slice(0, 10),
});

export async function verifyPreviousSelection(db: Pick<Database, 'execute'>, selectionId: number) {
  const [selection] = rowsOf<{ id: number }>(await db.execute(sql`select id from selections where id = ${selectionId}`));
  if (!selection) throw new AppError('NOT_FOUND', { messageKey: 'selection.notFound' });
  const people = sql`
    select e.selection_id as "selectionId", s.kind, e.outcome, e.application_id as "applicationId", a.advertisement_id as "advertisementId", a.user_id as "userId",
      cp.citizenship_number as "citizenshipNumber", cp.date_of_birth::text as "dateOfBirth", e.roll_number as "rollNumber", ad.code as "advertisementCode",
      concat_ws(' ', u.first_name_en, u.middle_name_en, u.last_name_en) as "nameEn",
      nullif(concat_ws(' ', u.first_name_np, u.middle_name_np, u.last_name_np), '') as "nameNp"
    from selection_entries e
    join selections s on s.id = e.selection_id
    join applications a on a.id = e.application_id
    join advertisements ad on ad.id = a.advertisement_id
    join users u on u.id = a.user_id
    left join candidate_profiles cp on cp.user_id = a.user_id`;
  const current = rowsOf<Record<string, unknown>>(await db.execute(sql`${people} where e.selection_id = ${selectionId} and e.outcome <> 'alternate'`));
  // Only the people who share an account or a date of birth with someone here can match: read those alone.
  const previous = rowsOf<Record<string, unknown>>(
    await db.execute(sql`${people}
      where s.kind = 'final' and s.status = 'published' and e.selection_id <> ${selectionId} and e.outcome = 'selected'
        and (a.user_id in (select a2.user_id from selection_entries e2 join applications a2 on a2.id = e2.application_id where e2.selection_id = ${selectionId})
          or cp.date_of_birth in (select cp2.date_of_birth from selection_entries e2 join applications a2 on a2.id = e2.application_id
            join candidate_profiles cp2 on cp2.user_id = a2.user_id where e2.selection_id = ${selectionId}))`),
  );
  const previousPeople: (PublishedSelectionPerson & { row: Record<string, unknown> })[] = previous.map((row) => ({
    ...person(row),
    selectionId: Number(row.selectionId),
    kind: row.kind as 'written' | 'final',
    outcome: row.outcome as PublishedSelectionPerson['outcome'],
    row,
  }));
  const byApplication = new Map(current.map((row) => [Number(row.applicationId), row]));
  const matches = findPreviousSelections(current.map(person), previousPeople);
  return matches.map((match) => {
    const here = byApplication.get(match.applicationId)!;
    const there = (match.previous as (typeof previousPeople)[number]).row;
    return {
      applicationId: match.applicationId,
      rollNumber: Number(here.rollNumber),
      nameEn: String(here.nameEn),
      nameNp: (here.nameNp as string | null) ?? null,
      matchedBy: match.matchedBy,
      where: match.where,
      previous: {
        selectionId: match.previous.selectionId,
        advertisementCode: String(there.advertisementCode),
        applicationId: match.previous.applicationId,
        rollNumber: Number(there.rollNumber),
        nameEn: String(there.nameEn),
      },
    };
  });
}
