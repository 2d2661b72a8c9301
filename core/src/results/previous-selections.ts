// spec §2 verify-previous-selection [VS]: a new selection checked against the published ones
// before it. One person may hold several accounts (spec: deactivate duplicate accounts), so a
// person is matched by citizenship number and date of birth as well as by account.
import { toLatinDigits } from '../numerals';

export type SelectedPerson = {
  applicationId: number;
  advertisementId: number;
  userId: number;
  citizenshipNumber: string;
  dateOfBirth: string;
};

export type PublishedSelectionPerson = SelectedPerson & {
  selectionId: number;
  kind: 'written' | 'final';
  outcome: 'shortlisted' | 'selected' | 'alternate';
};

export type PreviousSelectionMatch = {
  applicationId: number;
  previous: PublishedSelectionPerson;
  matchedBy: 'account' | 'citizenship';
  /** The same advertisement selected the person before (selected twice) or another one recommended them. */
  where: 'same-advertisement' | 'other-advertisement';
};

/** A citizenship number as written on certificates varies in digits and separators: "१२-०३/४५" and "12 03 45" are one number. */
export function normaliseCitizenshipNumber(text: string): string {
  return toLatinDigits(text)
    .toUpperCase()
    .replace(/[\s\-/.,]/g, '');
}

const personKey = (person: Pick<SelectedPerson, 'citizenshipNumber' | 'dateOfBirth'>) => `${normaliseCitizenshipNumber(person.citizenshipNumber)}|${person.dateOfBirth}`;

/** Every earlier selection (selected, not merely shortlisted or alternate) of a person in `current`, other than the same application. */
export function findPreviousSelections(current: readonly SelectedPerson[], previous: readonly PublishedSelectionPerson[]): PreviousSelectionMatch[] {
  const byUser = new Map<number, PublishedSelectionPerson[]>();
  const byPerson = new Map<string, PublishedSelectionPerson[]>();
  for (const row of previous) {
    if (row.outcome !== 'selected') continue;
    byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row]);
    const key = personKey(row);
    byPerson.set(key, [...(byPerson.get(key) ?? []), row]);
  }
  const matches: PreviousSelectionMatch[] = [];
  for (const person of current) {
    const seen = new Set<string>();
    const candidates: [PublishedSelectionPerson, PreviousSelectionMatch['matchedBy']][] = [
      ...(byUser.get(person.userId) ?? []).map((row) => [row, 'account'] as [PublishedSelectionPerson, 'account']),
      ...(byPerson.get(personKey(person)) ?? []).map((row) => [row, 'citizenship'] as [PublishedSelectionPerson, 'citizenship']),
    ];
    for (const [row, matchedBy] of candidates) {
      const rowKey = `${row.selectionId}:${row.applicationId}`;
      if (row.applicationId === person.applicationId || seen.has(rowKey)) continue;
      seen.add(rowKey);
      matches.push({ applicationId: person.applicationId, previous: row, matchedBy, where: row.advertisementId === person.advertisementId ? 'same-advertisement' : 'other-advertisement' });
    }
  }
  return matches;
}
